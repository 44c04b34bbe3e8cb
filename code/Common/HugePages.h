/** @file HugePages.h
 *  Large buffers backed by 2 MiB pages where Linux offers them, on request. The kernel maps an
 *  anonymous buffer one 4 KiB page at a time, at its first touch, and each of those faults cost
 *  about 2 microseconds on the benchmark machine: a third of a large PSK import and half of a
 *  large PSA import went to them (README, "2026-12-03, afternoon"). Asking for transparent huge
 *  pages on the buffers an import fills itself (a file's bytes when read, the parsers' record
 *  arrays, the converters' tables) makes one fault per 2 MiB. The advice changes no value, only
 *  how memory is mapped.
 *
 *  It is off unless AGF_HUGE_PAGES=1 is in the environment. Back to back (a batch, a benchmark)
 *  it made the 1M-point PSK import 13-31% faster; but on the benchmark machine, a virtual
 *  machine that hands free memory back to its host, an import started a few seconds after the
 *  last one was 35-55% slower with it (medians of 10 and 12 such runs), because huge pages
 *  come from memory the host has to supply again. The advice stays with the memory once the
 *  buffer is freed, so malloc may later hand advised memory to anything in the process.
 *
 *  An environment variable rather than an import option, because how memory is mapped is a
 *  policy of the process (as glibc's malloc tunables are); it is read once. Where
 *  /sys/kernel/mm/transparent_hugepage/enabled says "always", the kernel already uses huge
 *  pages for large buffers without being asked, and the advice adds little.
 *
 *  ReleasePages, the advice that gives a buffer's pages back, is here too: both advise only the
 *  whole pages inside a buffer, by the same rule.
 */
#pragma once

#include <cstddef>
#include <vector>

namespace agf {

/** Buffers below this size are left alone: they could hold at most one whole huge page. */
constexpr size_t kHugePageAdviceMinimum = size_t(4) << 20;

/** True only for "1": the reading of AGF_HUGE_PAGES (null when unset). */
bool HugePagesRequestedBy(const char *environmentValue);

/** Asks the kernel to back the whole 2 MiB pages inside [data, data + size) with huge pages,
 *  whatever AGF_HUGE_PAGES says. Call it before the buffer is first written: pages already
 *  touched keep their 4 KiB mapping. Returns whether the advice was taken (false below
 *  kHugePageAdviceMinimum, without kernel support, or when refused). */
bool MarkHugePages(void *data, size_t size);

/** MarkHugePages when the process asked for huge pages (AGF_HUGE_PAGES=1); false otherwise. */
bool AdviseHugePages(void *data, size_t size);

/** The other advice on a large buffer's whole pages: gives those inside [data, data + size)
 *  back to the kernel. The process's memory shrinks at once, and those bytes read as zero (or,
 *  in a file mapping, as the file) afterwards. For the parts of a file's bytes that were copied
 *  out or are no longer needed while the rest of the buffer still is (RecordArray.h). Ranges
 *  below a megabyte are left alone. */
void ReleasePages(void *data, size_t size);

/** Reserves room for `count` values, advising huge pages on the new storage before anything
 *  is written to it: for vectors filled by push_back. */
template <typename T> void ReserveLarge(std::vector<T> &values, size_t count) {
    if (count > values.capacity()) {
        values.reserve(count);
        AdviseHugePages(values.data(), values.capacity() * sizeof(T));
    }
}

/** Resizes a vector to `count` values with the advice given between the allocation and the
 *  writes that fill it (vector's own resize would write every value at once, leaving nothing
 *  to advise). */
template <typename T> void ResizeLarge(std::vector<T> &values, size_t count) {
    ReserveLarge(values, count);
    values.resize(count);
}

/** Frees a vector's memory now rather than when its owner goes (clear() keeps the capacity). */
template <typename T> void ReleaseVector(std::vector<T> &values) {
    std::vector<T>().swap(values);
}

/** As ResizeLarge, with every new value a copy of `fill`. */
template <typename T>
void ResizeLarge(std::vector<T> &values, size_t count,
                 const typename std::vector<T>::value_type &fill) {
    ReserveLarge(values, count);
    values.resize(count, fill);
}

} // namespace agf
