/** @file P3dLodThreads.h
 *  LODs on several threads: a P3D's LODs are independent once their bytes are located, so
 *  the parsers read them (ODOL from its LOD directory, large MLOD LODs as a walk locates them),
 *  and the converter converts them, on up to `threads` threads. The result (the scene, the
 *  warnings and their order, the error) is the one of the loop on one thread, for any count.
 */
#pragma once

#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace agf::p3d {

/** ODOL LOD bodies shorter than this are not worth a thread of their own: starting one costs
 *  about as much as reading a few ten kilobytes. */
constexpr size_t kMinimumLodBodyBytes = 32768;

/** More LODs than this (a real model has a few dozen; a hostile header may claim one per 13
 *  bytes of file) are looped over on the calling thread, without per-LOD bookkeeping. */
constexpr size_t kMaxLodsOnThreads = 4096;

/** Has the effect of the loop
 *
 *      for (size_t lod = 0; lod < costs.size(); ++lod) {
 *          work(lod, sink);
 *          if (!keep(lod)) break;
 *      }
 *
 *  but runs `work` on up to `threads` threads, costliest LOD first, each LOD with a warnings sink
 *  of its own; then, on the calling thread and in LOD order, merges each LOD's warnings into
 *  `sink`, rethrows what its `work` threw and calls `keep`. `work(lod, ...)` must write only that
 *  LOD's own results, and leave the same results when it runs again (a LOD whose own sink
 *  overflowed is run again on `sink`, since merging a truncated sink would lose entries).
 *
 *  Only LODs costing at least `minimumCost` count as work for a thread: with fewer than two of
 *  them, or with more than kMaxLodsOnThreads LODs, the loop runs as written, on the calling
 *  thread, at no cost. */
void ForEachLod(const std::vector<size_t> &costs, size_t minimumCost, unsigned threads,
                Warnings &sink, const std::function<void(size_t lod, Warnings &warnings)> &work,
                const std::function<bool(size_t lod)> &keep);

/** The effect of the loop
 *
 *      for (size_t lod = 0; lod < lods && locate(lod); ++lod) {
 *          work(lod, sink);
 *          if (!keep(lod)) break;
 *      }
 *
 *  for LODs that can only be found one after the other (an MLOD's, each found by walking over
 *  the ones before it). `locate(lod)` walks LOD `lod` on the calling thread and returns its
 *  cost, or nothing when it cannot be walked; it must not throw. Every LOD located is worked
 *  on at once, by up to `threads` - 1 helper threads while the walk goes on, and by the
 *  calling thread too once the walk is done, so that the walk overlaps the work rather than
 *  delaying it. Helpers start when a second LOD costing at least `minimumCost` is located;
 *  before that and without them (one thread, more than kMaxLodsOnThreads LODs), the calling
 *  thread works on the LODs after the walk. Warnings, failures and `keep` as in ForEachLod,
 *  in LOD order; `locate` runs ahead of `keep`, over every LOD it can walk. Returns how many
 *  LODs were located: the caller reads the others itself. */
size_t ForEachLodAsLocated(size_t lods, size_t minimumCost, unsigned threads, Warnings &sink,
                           const std::function<std::optional<size_t>(size_t lod)> &locate,
                           const std::function<void(size_t lod, Warnings &warnings)> &work,
                           const std::function<bool(size_t lod)> &keep);

/** The LOD bodies an ODOL's directory locates, read with ForEachLod: `read(lod, warnings)`
 *  returns LOD `lod`'s body, or nothing for a LOD the caller leaves out (having said why), or
 *  throws ImportError, which skips that LOD with a warning ("<problem>; LOD <n> skipped"). The
 *  bodies read are appended to `lods` in LOD order; when there were LODs and none could be read,
 *  the first LOD's error is thrown. `costs` are the bodies' sizes. */
void ReadLocatedLodBodies(
    const std::vector<size_t> &costs, unsigned threads, Warnings &warnings,
    const std::string &fileName,
    const std::function<std::optional<Lod>(size_t lod, Warnings &warnings)> &read,
    std::vector<Lod> &lods);

/** Records that a LOD after the first could not be read (`error`) and that the model keeps the
 *  `kept` LODs before it, and only those: "<problem> - keeping the <kept> LODs before it", with
 *  `loss` naming what else is lost ("without their resolutions"). */
void WarnLodsKeptBefore(Warnings &warnings, const ImportError &error, size_t kept,
                        const std::string &loss = {});

} // namespace agf::p3d
