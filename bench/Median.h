/** @file Median.h
 *  The median the benchmark programs report, shared by agf_bench_import, agf_bench_page_faults
 *  and agf_bench_malloc_lock.
 */
#pragma once

#include <algorithm>
#include <vector>

namespace agf::bench {

/** The middle value (the mean of the two middle ones for an even count); -1 when empty. */
inline double Median(std::vector<double> values) {
    if (values.empty()) {
        return -1;
    }
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

} // namespace agf::bench
