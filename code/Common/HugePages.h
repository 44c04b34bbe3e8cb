/** @file HugePages.h
 *  Helpers for the large buffers an import fills: sizing vectors, giving whole pages of a
 *  buffer back to the system while the rest of it is still needed, and freeing a vector's
 *  memory at once.
 */
#pragma once

#include <cstddef>
#include <vector>

namespace agf {

/** True where ReleasePages gives memory back (Linux); elsewhere it does nothing. */
bool ReleasesPages();

/** Gives the whole pages inside [data, data + size) back to the system. The process's memory
 *  shrinks at once, and those bytes read as zero (or, in a file mapping, as the file)
 *  afterwards. For the parts of a file's bytes that were copied out or are no longer needed
 *  while the rest of the buffer still is (RecordArray.h). Ranges below a megabyte are left
 *  alone; where the system offers no such advice (ReleasesPages() false), nothing is done and
 *  the memory is freed with its buffer. */
void ReleasePages(void *data, size_t size);

/** Reserves room for `count` values: for vectors filled by push_back. */
template <typename T> void ReserveLarge(std::vector<T> &values, size_t count) {
    if (count > values.capacity()) {
        values.reserve(count);
    }
}

/** Resizes a vector to `count` values. */
template <typename T> void ResizeLarge(std::vector<T> &values, size_t count) {
    values.resize(count);
}

/** As ResizeLarge, with every new value a copy of `fill`. */
template <typename T>
void ResizeLarge(std::vector<T> &values, size_t count,
                 const typename std::vector<T>::value_type &fill) {
    values.resize(count, fill);
}

/** Frees a vector's memory now rather than when its owner goes (clear() keeps the capacity). */
template <typename T> void ReleaseVector(std::vector<T> &values) {
    std::vector<T>().swap(values);
}

} // namespace agf
