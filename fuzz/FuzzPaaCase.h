/** @file FuzzPaaCase.h
 *  One input of the PAA fuzz target (fuzz/FuzzPaa.cpp), shared with the test that replays the
 *  committed corpus (test/utFuzzRegressions.cpp).
 *
 *  Input: a PAA file. Beyond the sanitizers, the decoder's promises are checked: only
 *  agf::ImportError leaves it; every level it walked lies inside the file and within 16384
 *  pixels a side; a decoded image has exactly width x height RGBA pixels; and every level the
 *  walk accepted decodes or fails with ImportError.
 */
#pragma once

#include "Common/ImportError.h"
#include "Common/Warnings.h"
#include "Paa/PaaParser.h"

namespace agf::fuzz {

/** Runs one input; returns nullptr, or the promise the decoder broke. */
inline const char *RunPaaCase(const uint8_t *data, size_t size) {
    Warnings warnings;
    paa::PaaFile file;
    try {
        file = paa::ParsePaa(data, size, "fuzz.paa", warnings);
    } catch (const ImportError &) {
        return nullptr;
    }
    if (file.levels.empty()) {
        return "a parsed file has a level";
    }
    for (size_t level = 0; level < file.levels.size(); ++level) {
        const paa::PaaLevel &record = file.levels[level];
        if (record.dataOffset > size || record.storedSize > size - record.dataOffset) {
            return "every level's data lies inside the file";
        }
        if (record.width == 0 || record.height == 0 || record.width > kMaxTextureSide ||
            record.height > kMaxTextureSide) {
            return "every level is 1 to 16384 pixels a side";
        }
        try {
            const RgbaImage image =
                paa::DecodePaaLevel(data, size, "fuzz.paa", file, level, level == 0);
            if (image.width != record.width || image.height != record.height ||
                image.pixels.size() != size_t{image.width} * image.height * 4) {
                return "a decoded level has its record's size and 4 bytes a pixel";
            }
        } catch (const ImportError &) {
        }
    }
    return nullptr;
}

} // namespace agf::fuzz
