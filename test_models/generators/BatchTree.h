/** @file BatchTree.h
 *  A folder tree for testing and benchmarking `assimp batch`: copies of every generated test
 *  model (side files included, so that sibling animations, model.cfg and a world's assets
 *  keep their places), plus damaged copies whose import must fail.
 */
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace agf::testgen {

struct BatchTreeFile {
    std::string relativePath; ///< e.g. "set2/actorx/skinned_box.psk"
    std::vector<uint8_t> bytes;
    /** Must fail to import: a damaged generated model, or a copy whose signature is broken or
     *  which is cut short. */
    bool damaged = false;
};

/** `copies` copies of every generated model, "set<i>/<model path>"; in the odd copies the
 *  models with a signature, damaged: "set<i>/damaged/<name>-<ext>.nosig.<ext>" (first 16 bytes
 *  zeroed); in the even copies the chunked ActorX files cut to a third,
 *  "set<i>/damaged/<name>-<ext>.cut.<ext>"; and in each copy a PSK with its sibling PSA,
 *  "set<i>/chars/hero.psk" and "hero.psa". Three copies give about 200 files. */
std::vector<BatchTreeFile> MakeBatchTree(unsigned int copies = 3);

/** Writes the tree under `root` (creating folders). Returns false on a write error. */
bool WriteBatchTree(const std::filesystem::path &root, unsigned int copies = 3);

} // namespace agf::testgen
