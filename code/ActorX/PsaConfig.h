/** @file PsaConfig.h
 *  UEViewer's <anim>.config sidecar (specs/actorx.md, 4.6): an INI-like text file. Only
 *  [RemoveTracks] changes the animation; every other section is kept as text for metadata.
 */
#pragma once

#include "Common/Warnings.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace agf::actorx {

/** A [RemoveTracks] line "<Sequence>.<boneIndex>=trans|rot|all". */
struct PsaTrackRemoval {
    std::string sequence;
    uint32_t bone = 0;
    bool translation = false;
    bool rotation = false;
};

struct PsaConfig {
    std::vector<PsaTrackRemoval> removals;
    /** Sections other than [RemoveTracks], in file order: name and non-empty lines. */
    std::vector<std::pair<std::string, std::vector<std::string>>> otherSections;
};

/** Parses the sidecar text; never throws. Lines that cannot be understood are warnings,
 *  placed by line. */
PsaConfig ParsePsaConfig(const std::string &text, const std::string &fileName, Warnings &warnings);

} // namespace agf::actorx
