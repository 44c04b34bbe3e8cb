/** @file AllocatorTuning.h
 *  glibc's malloc, set up for a process that converts a model and exits (#18).
 *
 *  glibc hands every freed block of more than 128 KiB straight back to the kernel, so the next
 *  large buffer of an import (the next LOD's arrays, an animation's key blocks) is faulted in
 *  page by page again; the threshold only creeps up as such blocks are freed. On this project's
 *  machine the kernel's share of an import is about half, and keeping blocks of up to 32 MiB in
 *  the heap made whole `assimp info` runs of the benchmark's ODOL and PSA files 5 to 20% faster
 *  (15 to 25% less CPU time) and changed nothing measurable for the others (README,
 *  Benchmarks). The library itself sets nothing: the allocator is the application's to choose.
 */
#pragma once

#include <cstddef>

namespace agf::cli {

/** The largest M_MMAP_THRESHOLD glibc accepts on 64-bit systems. */
constexpr size_t kConversionMmapThreshold = size_t{32} << 20;

/** The threshold the command sets: kConversionMmapThreshold, or 0 (leave glibc alone) when the
 *  user chose one, through GLIBC_TUNABLES' glibc.malloc.mmap_threshold or the older
 *  MALLOC_MMAP_THRESHOLD_ variable (either may be null). */
size_t ChosenMmapThreshold(const char *glibcTunables, const char *mmapThresholdVariable);

/** Sets ChosenMmapThreshold of this process's environment, where the C library is glibc. */
void TuneAllocatorForConversions();

} // namespace agf::cli
