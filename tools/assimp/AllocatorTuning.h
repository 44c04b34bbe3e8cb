/** @file AllocatorTuning.h
 *  glibc's malloc, set up for a process that converts a model and exits.
 *
 *  glibc hands every freed block of more than 128 KiB straight back to the kernel, so the next
 *  large buffer of an import (the next LOD's arrays, an animation's key blocks) is faulted in
 *  page by page again; the threshold only creeps up as such blocks are freed. On this project's
 *  machine the kernel's share of an import is about half, and keeping blocks of up to 32 MiB in
 *  the heap made whole `assimp info` runs of the benchmark's ODOL and PSA files 5 to 20% faster
 *  (15 to 25% less CPU time) and changed nothing measurable for the others.
 *
 *  glibc grows a thread's malloc arena only by what each allocation lacks (its top pad, 128 KiB
 *  by default, is added to the main heap's steps and to an arena's first heap only). The arena
 *  of an import's helper thread, which allocates the index array of every face of its meshes,
 *  so grows a page or so at a time, one `mprotect` each (about 7,800 for the 1M-point PSK), and
 *  each holds the address space's lock against the other thread's page faults. A top pad of
 *  64 MiB, the size of a whole thread heap, makes a new arena usable at once and grows the main
 *  heap in 64 MiB steps: 3 to 10% less time for the command on the PSK, ODOL and MLOD benchmark
 *  files, within the noise for PSA and PSW (docs/command.md). Neither setting adds to the peak:
 *  pages count only once touched.
 *
 *  The library itself sets nothing: the allocator is the application's to choose.
 */
#pragma once

#include <cstddef>

namespace agf::cli {

/** The largest M_MMAP_THRESHOLD glibc accepts on 64-bit systems. */
constexpr size_t kConversionMmapThreshold = size_t{32} << 20;

/** The M_TOP_PAD the command sets: glibc's largest heap of a thread arena on 64-bit systems. */
constexpr size_t kConversionTopPad = size_t{64} << 20;

/** The threshold the command sets: kConversionMmapThreshold, or 0 (leave glibc alone) when the
 *  user chose one, through GLIBC_TUNABLES' glibc.malloc.mmap_threshold or the older
 *  MALLOC_MMAP_THRESHOLD_ variable (either may be null). */
size_t ChosenMmapThreshold(const char *glibcTunables, const char *mmapThresholdVariable);

/** The top pad the command sets: kConversionTopPad, or 0 (leave glibc alone) when the user
 *  chose one, through GLIBC_TUNABLES' glibc.malloc.top_pad or the older MALLOC_TOP_PAD_
 *  variable (either may be null). */
size_t ChosenTopPad(const char *glibcTunables, const char *topPadVariable);

/** Sets ChosenMmapThreshold and ChosenTopPad of this process's environment, where the C library
 *  is glibc. */
void TuneAllocatorForConversions();

/** glibc's own M_TOP_PAD on 64-bit systems. */
constexpr size_t kGlibcTopPad = size_t{128} << 10;

/** Readies this process's heap for an address-space bound (RLIMIT_AS, `batch --max-memory`),
 *  which counts reserved heap as used. Where TuneAllocatorForConversions set its pad, glibc's
 *  own comes back: with 64 MiB, every growth of the heap would need 64 MiB of headroom under
 *  the bound, and fail short of it. The heap's free memory goes back to the kernel, so that
 *  padding reserved before the bound cannot be spent beyond it. */
void PrepareAllocatorForAddressSpaceBound();

} // namespace agf::cli
