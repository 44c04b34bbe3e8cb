/** @file Parallel.h
 *  Splitting an import's independent loops over a few threads. An importer runs inside its
 *  caller's thread, so the work is split only where the parts write disjoint memory and the
 *  result does not depend on the split (same bits with 1 thread or N): each part owns a range
 *  of bones, meshes or points. AI_CONFIG_IMPORT_GAMEFORMATS_THREADS caps the count. Threads
 *  exist only while a loop runs: each split starts its helpers and joins them before it returns.
 */
#pragma once

#include <assimp_gameformats/ImportOptions.h>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace Assimp {
class Importer;
}

namespace agf {

/** The threads an import may use (the calling one included): the option
 *  AI_CONFIG_IMPORT_GAMEFORMATS_THREADS when it is positive, otherwise the machine's cores, at
 *  most kMaxImportThreads. Never 0. */
unsigned ImportThreads(const Assimp::Importer *importer);

/** Threads the automatic choice stops at (public as AI_GAMEFORMATS_DEFAULT_MAX_THREADS, for
 *  applications that share cores between imports): the split loops are memory-bound, and more
 *  threads than this gained nothing on the measured inputs while each costs a start-up. */
constexpr unsigned kMaxImportThreads = AI_GAMEFORMATS_DEFAULT_MAX_THREADS;

/** The minimumPart for ParallelRanges when the work is counted in one unit (keys, faces) but
 *  split by another (bones, tracks): how many of `items` items, which hold `work` units between
 *  them about evenly, make at least `minimumWork` units. Never 0. */
size_t ItemsForWork(uint64_t work, size_t items, uint64_t minimumWork);

/** Calls `work(begin, end)` on `threads` consecutive parts of [0, count), at once: the calling
 *  thread takes the first part. Parts smaller than `minimumPart` are merged, so small inputs
 *  run on the calling thread alone. The first exception thrown by any part is rethrown here
 *  after every part has finished. */
void ParallelRanges(size_t count, unsigned threads, size_t minimumPart,
                    const std::function<void(size_t begin, size_t end)> &work);

/** Runs `first` on the calling thread and `second` on another one when `threads` > 1, one
 *  after the other otherwise; rethrows the first exception after both have finished. When
 *  `threads` > 1 but no thread can be had, `second` runs before `first` on the calling thread,
 *  so `first` may wait for something `second` does (the PSK converter's face groups). */
void RunBoth(unsigned threads, const std::function<void()> &first,
             const std::function<void()> &second);

} // namespace agf
