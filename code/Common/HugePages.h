/** @file HugePages.h
 *  Large buffers backed by 2 MiB pages where Linux offers them. The kernel maps an anonymous
 *  buffer one 4 KiB page at a time, at its first touch, and each of those faults cost about
 *  2 microseconds here: a third of a large PSK import and half of a large PSA import went to
 *  them (README, "2026-12-03, afternoon"). Asking for transparent huge pages on the buffers an
 *  import fills itself (the file's bytes, the parsers' record arrays, the converters' tables)
 *  makes one fault per 2 MiB. The advice changes no value, only how memory is mapped; on a
 *  system with huge pages turned off ("never" in
 *  /sys/kernel/mm/transparent_hugepage/enabled) or on another OS it does nothing.
 *
 *  AGF_HUGE_PAGES=0 in the environment turns the advice off for the process (for comparisons,
 *  or where memory is tight: a huge page is mapped whole at its first touch). It is read from
 *  the environment rather than from an import option because it is a policy of the process,
 *  as glibc's malloc tunables are, and is read once.
 */
#pragma once

#include <cstddef>
#include <vector>

namespace agf {

/** Buffers below this size are left alone: they could hold at most one whole huge page. */
constexpr size_t kHugePageAdviceMinimum = size_t(4) << 20;

/** False only for "0": the reading of AGF_HUGE_PAGES (null when unset). */
bool HugePagesAllowedBy(const char *environmentValue);

/** Asks the kernel to back the whole 2 MiB pages inside [data, data + size) with huge pages.
 *  Call it before the buffer is first written: pages already touched keep their 4 KiB
 *  mapping. Returns whether the advice was taken (false below kHugePageAdviceMinimum, without
 *  kernel support, when refused, or when AGF_HUGE_PAGES=0). */
bool AdviseHugePages(void *data, size_t size);

/** Resizes an empty or small vector to `count` values, advising huge pages on its storage
 *  between allocation and the writes that fill it (vector's own resize would write every
 *  value at once, leaving nothing to advise). */
template <typename T> void ResizeLarge(std::vector<T> &values, size_t count) {
    if (count > values.capacity()) {
        values.reserve(count);
        AdviseHugePages(values.data(), values.capacity() * sizeof(T));
    }
    values.resize(count);
}

/** As ResizeLarge, with every new value a copy of `fill`. */
template <typename T>
void ResizeLarge(std::vector<T> &values, size_t count,
                 const typename std::vector<T>::value_type &fill) {
    if (count > values.capacity()) {
        values.reserve(count);
        AdviseHugePages(values.data(), values.capacity() * sizeof(T));
    }
    values.resize(count, fill);
}

/** Reserves room for `count` values with the same advice, for vectors filled by push_back. */
template <typename T> void ReserveLarge(std::vector<T> &values, size_t count) {
    if (count > values.capacity()) {
        values.reserve(count);
        AdviseHugePages(values.data(), values.capacity() * sizeof(T));
    }
}

} // namespace agf
