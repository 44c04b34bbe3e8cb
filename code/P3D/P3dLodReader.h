/** @file P3dLodReader.h
 *  What the readers of one LOD (MLOD's P3DM and SP3X LODs, ODOL v7 bodies, ODOL v40 to v75
 *  bodies) share: the reader, the import's warnings, and the LOD's index, which names every
 *  structure in messages ("LOD 3 normals").
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <cstddef>
#include <string>

namespace agf::p3d {

class LodReaderBase {
public:
    LodReaderBase(BinaryReader &reader, Warnings &warnings, size_t index)
        : mReader(reader), mWarnings(warnings), mIndex(index) {}

protected:
    /** A LOD that starts at the reader's offset. */
    Lod startLod() const {
        Lod lod;
        lod.fileOffset = mReader.offset();
        return lod;
    }

    /** "LOD <index> ", which starts the name of every structure of the LOD. */
    std::string prefix() const { return "LOD " + std::to_string(mIndex) + " "; }
    /** Names the part of the LOD read from here on. */
    void structure(const std::string &part) { mReader.setStructure(prefix() + part); }
    /** A problem at the reader's offset, in the part being read. */
    void warn(WarningKind kind, const std::string &problem) {
        mWarnings.add(kind, mReader, problem);
    }

    BinaryReader &mReader;
    Warnings &mWarnings;
    size_t mIndex;
};

} // namespace agf::p3d
