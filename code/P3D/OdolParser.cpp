/** @file OdolParser.cpp
 *  Version dispatch and the records v7 and the v40 to v75 family share.
 */
#include "OdolParser.h"

#include "Common/HugePages.h"
#include "Common/Lzss.h"
#include "OdolV4x.h"
#include "P3dFaces.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace agf::p3d {

namespace {

/** Why a version cannot be read: the error names the version and the reason (v40 to v75,
 *  encrypted files included, are ParseOdolV4x's). */
std::string UnreadableVersionProblem(uint32_t version) {
    const std::string name = "ODOL version " + std::to_string(version);
    const std::string readable = "this importer reads MLOD and ODOL 7 and 40 to 75";
    if (version > 7 && version < 40) {
        return name + " (a pre-ArmA binarizer) is not supported: " + readable;
    }
    return "unknown " + name + ": no binarizer is known to write it; " + readable;
}

} // namespace

Model ParseOdol(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                unsigned threads) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("ODOL header");
    char signature[4];
    reader.bytes(signature, 4);
    if (std::memcmp(signature, "ODOL", 4) != 0) {
        reader.failAt(0, "not an ODOL file");
    }
    const uint32_t version = reader.u32();
    switch (version) {
    case 7:
        return ParseOdolV7(data, size, fileName, warnings);
    default:
        if (version >= odol4x::kFirstVersion && version <= odol4x::kLastVersion) {
            return ParseOdolV4x(data, size, fileName, version, warnings, threads);
        }
        reader.failAt(4, UnreadableVersionProblem(version));
    }
}

namespace odol {

namespace {

bool IsCornerCount(uint8_t count) {
    return count == 3 || count == 4;
}

[[noreturn]] void FailCornerCount(const BinaryReader &reader, uint64_t offset, size_t face,
                                  uint8_t count) {
    reader.failAt(offset, "face " + std::to_string(face) + " has " + std::to_string(count) +
                              " vertices (3 or 4 expected)");
}

template <size_t IndexSize> uint32_t LargestCorner(const uint8_t *indices, uint8_t count) {
    uint32_t largest = 0;
    for (size_t k = 0; k < count; ++k) {
        const uint8_t *index = indices + k * IndexSize;
        largest = std::max(largest, IndexSize == 4 ? BinaryReader::LoadU32(index)
                                                   : BinaryReader::LoadU16(index));
    }
    return largest;
}

/** Checks `faceCount` packed polygon records from the reader's position on and moves past
 *  them, keeping the largest corner index and the corner count. While a quad (the longest
 *  record) still fits in the bytes left, a record costs one comparison; the last few are read
 *  through the reader, whose checks name what is missing. */
template <size_t IndexSize>
void CheckRecords(BinaryReader &reader, size_t faceCount, uint32_t &largest, uint64_t &corners) {
    // `indices` is read only once `count` has passed, so that the reader's checks come after.
    const auto check = [&](size_t face, uint64_t countOffset, uint8_t count, auto indices) {
        if (!IsCornerCount(count)) {
            FailCornerCount(reader, countOffset, face, count);
        }
        largest = std::max(largest, LargestCorner<IndexSize>(indices(), count));
        corners += count;
    };
    const uint8_t *const start = reader.data() + reader.position();
    const size_t available = reader.remaining();
    const size_t longestRecord = PackedRecordBytes(4, IndexSize);
    size_t at = 0;
    size_t f = 0;
    for (; f < faceCount && available - at >= longestRecord; ++f) {
        const uint8_t count = start[at];
        check(f, reader.offset() + at, count, [&] { return start + at + 1; });
        at += PackedRecordBytes(count, IndexSize);
    }
    reader.skip(at);
    for (; f < faceCount; ++f) {
        const uint8_t count = reader.u8();
        check(f, reader.offset() - 1, count, [&] { return reader.view(count * IndexSize); });
    }
}

} // namespace

Polygons ReadPolygons(BinaryReader &reader, size_t indexSize, Warnings &warnings) {
    const size_t faceCount = reader.checkedCount(reader.i32(), 1 + 3 * indexSize, "face");
    const uint32_t allocationSize = reader.u32();
    reader.u16(); // always 0 in the files seen
    Polygons polygons;
    polygons.offsetUnit = static_cast<uint32_t>(indexSize);
    polygons.packed.records = faceCount == 0 ? nullptr : reader.data() + reader.position();
    polygons.packed.count = faceCount;
    polygons.packed.indexSize = static_cast<uint8_t>(indexSize);
    uint32_t largest = 0;
    uint64_t corners = 0;
    if (indexSize == 4) {
        CheckRecords<4>(reader, faceCount, largest, corners);
    } else {
        CheckRecords<2>(reader, faceCount, largest, corners);
    }
    // The engine's face memory (spec 4.7), modulo 2^32 as the file's 32-bit size field holds it.
    const auto byteSize = static_cast<uint32_t>(indexSize * (faceCount + corners));
    polygons.endOffset = byteSize;
    polygons.largestIndex = largest;
    if (allocationSize != byteSize) {
        warnings.add(WarningKind::Inconsistent, reader,
                     "polygon allocation size " + std::to_string(allocationSize) +
                         " differs from the face bytes " + std::to_string(byteSize));
    }
    return polygons;
}

void FillSkin(const BinaryReader &reader, const ArrayBytes &boneRefs,
              const std::vector<int32_t> &subToSkeleton, size_t skeletonBones, Lod &lod) {
    if (boneRefs.count == 0 || subToSkeleton.empty()) {
        return; // unskinned: no LOD bones to refer to
    }
    std::vector<uint8_t> scratch;
    const uint8_t *raw = boneRefs.contiguous(scratch);
    lod.skinStart.assign(1, 0);
    lod.skinStart.reserve(boneRefs.count + 1);
    for (size_t v = 0; v < boneRefs.count; ++v) {
        const uint8_t *record = raw + 12 * v;
        const auto count = static_cast<int32_t>(BinaryReader::LoadU32(record));
        if (count < 0 || count > 4) {
            reader.failAt(boneRefs.offset, "vertex " + std::to_string(v) + " has " +
                                               std::to_string(count) +
                                               " bone influences (0 to 4 allowed)");
        }
        float sum = 0;
        const size_t first = lod.skin.size();
        for (int32_t k = 0; k < count; ++k) {
            const uint8_t localBone = record[4 + 2 * k];
            const uint8_t weight = record[5 + 2 * k];
            if (localBone >= subToSkeleton.size()) {
                reader.failAt(boneRefs.offset, "vertex " + std::to_string(v) + " uses LOD bone " +
                                                   std::to_string(localBone) + " but the LOD has " +
                                                   std::to_string(subToSkeleton.size()) + " bones");
            }
            const int32_t bone = subToSkeleton[localBone];
            if (bone < 0 || static_cast<size_t>(bone) >= skeletonBones) {
                reader.failAt(boneRefs.offset, "LOD bone " + std::to_string(localBone) +
                                                   " maps to skeleton bone " +
                                                   std::to_string(bone) + " but the skeleton has " +
                                                   std::to_string(skeletonBones) + " bones");
            }
            if (weight == 0) {
                continue;
            }
            lod.skin.push_back(Influence{static_cast<uint32_t>(bone), weight / 255.0f});
            sum += weight / 255.0f;
        }
        // The engine's weight bytes sum to 255 (spec 4.9); normalise what is there.
        for (size_t k = first; k < lod.skin.size(); ++k) {
            lod.skin[k].weight /= sum;
        }
        lod.skinStart.push_back(static_cast<uint32_t>(lod.skin.size()));
    }
}

void RequireFaceIndices(const BinaryReader &reader, const Polygons &polygons, size_t vertexCount,
                        uint64_t offset) {
    if (polygons.largestIndex < vertexCount) {
        return;
    }
    // Some corner is out of range: find the first, for the message.
    size_t face = 0;
    const auto check = [&](const std::array<uint32_t, 4> &corners, uint8_t count) {
        for (size_t k = 0; k < count; ++k) {
            if (corners[k] >= vertexCount) {
                reader.failAt(offset, "face " + std::to_string(face) + " vertex index " +
                                          std::to_string(corners[k]) + " out of range (" +
                                          std::to_string(vertexCount) + " vertices)");
            }
        }
        ++face;
    };
    for (const Face &unpacked : polygons.faces) {
        check(unpacked.vertices, unpacked.count);
    }
    VisitPackedFaces(polygons.packed.records, polygons.packed.count, polygons.packed.indexSize,
                     check);
}

namespace {

/** Walks a polygon list forward, face by face, summing the byte offsets the engine's face
 *  memory gives them (spec 4.7), for sections to be found by offset. Every face takes at least
 *  2 bytes there, so the offsets grow strictly. */
class FaceOffsetWalker {
public:
    explicit FaceOffsetWalker(const Polygons &polygons)
        : mPolygons(polygons), mRecord(polygons.packed.records) {}

    size_t face() const { return mFace; }
    uint32_t offset() const { return mOffset; }

    /** Moves to the first face at or past `byteOffset`, or to the end; true when a face starts
     *  exactly there. The walk runs on locals: through the records' bytes the compiler would
     *  otherwise reload every member for every face. */
    bool walkTo(uint32_t byteOffset) {
        const size_t faceCount = mPolygons.count();
        size_t face = mFace;
        uint32_t offset = mOffset;
        if (mPolygons.faces.empty()) {
            const size_t indexSize = mPolygons.packed.indexSize;
            const uint8_t *record = mRecord;
            for (; offset < byteOffset && face < faceCount; ++face) {
                const uint8_t count = record[0];
                record += PackedRecordBytes(count, indexSize);
                offset += mPolygons.faceOffsetBytes(count);
            }
            mRecord = record;
        } else {
            for (; offset < byteOffset && face < faceCount; ++face) {
                offset += mPolygons.faceOffsetBytes(mPolygons.faces[face].count);
            }
        }
        mFace = face;
        mOffset = offset;
        return offset == byteOffset;
    }

private:
    const Polygons &mPolygons;
    const uint8_t *mRecord;
    size_t mFace = 0;
    uint32_t mOffset = 0;
};

} // namespace

bool MapSections(const BinaryReader &reader, const Polygons &polygons,
                 std::vector<Section> &sections,
                 const std::vector<std::pair<uint32_t, uint32_t>> &byteRanges, uint64_t offset,
                 bool strict, Warnings &warnings) {
    const size_t faceCount = polygons.count();
    // One pass over the faces: each section must start where the previous one ended and end
    // on a face boundary, and the offsets only grow.
    FaceOffsetWalker walker(polygons);
    std::string problem;
    for (size_t s = 0; s < sections.size() && problem.empty(); ++s) {
        const size_t first = walker.face();
        if (walker.offset() != byteRanges[s].first) {
            problem = "section " + std::to_string(s) + " starts at byte " +
                      std::to_string(byteRanges[s].first) + ", not where the previous one ends";
        } else if (!walker.walkTo(byteRanges[s].second)) {
            problem = "section " + std::to_string(s) + " ends at byte " +
                      std::to_string(byteRanges[s].second) + ", not at a face boundary";
        } else {
            sections[s].firstFace = static_cast<uint32_t>(first);
            sections[s].endFace = static_cast<uint32_t>(walker.face());
        }
    }
    if (problem.empty() && walker.face() != faceCount) {
        problem = "the sections cover " + std::to_string(walker.face()) + " of " +
                  std::to_string(faceCount) + " faces";
    }
    if (problem.empty()) {
        return true;
    }
    problem = "sections do not partition the faces: " + problem;
    if (strict) {
        reader.failAt(offset, problem);
    }
    warnings.add(WarningKind::Inconsistent, reader.fileName(), reader.structure(), offset,
                 problem + "; sections ignored");
    return false;
}

void AssignMaterials(Lod &lod, const std::vector<std::string> &textures,
                     const std::vector<std::string> &inlineNames) {
    std::map<std::pair<int32_t, std::string>, uint32_t> byKey;
    auto materialFor = [&](const Section *section, size_t sectionIndex) {
        const int32_t texture = section != nullptr ? section->textureIndex : -1;
        const int32_t embedded = section != nullptr ? section->materialIndex : -1;
        LodMaterial material;
        material.texture = texture >= 0 ? textures[static_cast<size_t>(texture)] : "";
        material.embedded = embedded;
        material.rvmat = embedded >= 0 ? lod.embeddedMaterials[static_cast<size_t>(embedded)].path
                         : section != nullptr ? inlineNames[sectionIndex]
                                              : std::string();
        const auto key = std::make_pair(texture, material.rvmat + "\n" + std::to_string(embedded));
        auto found = byKey.find(key);
        if (found == byKey.end()) {
            found = byKey.emplace(key, static_cast<uint32_t>(lod.materials.size())).first;
            lod.materials.push_back(std::move(material));
        }
        return found->second;
    };
    if (lod.sections.empty()) {
        // The one material ForEachFace gives faces without sections, index 0.
        if (FaceCount(lod) != 0) {
            materialFor(nullptr, 0);
        }
        return;
    }
    for (size_t s = 0; s < lod.sections.size(); ++s) {
        lod.sections[s].material = materialFor(&lod.sections[s], s);
    }
}

void FillSelection(const BinaryReader &reader, Selection &selection,
                   const std::vector<uint32_t> &faceIndices,
                   const std::vector<uint32_t> &vertexIndices, const ArrayBytes &weights,
                   size_t faceCount, size_t vertexCount, Warnings &warnings) {
    size_t dropped = 0;
    for (uint32_t face : faceIndices) {
        if (face < faceCount) {
            selection.faces.push_back(face);
        } else {
            ++dropped;
        }
    }
    std::vector<uint8_t> weightBytes;
    if (weights.count == vertexIndices.size()) {
        weightBytes = weights.expanded();
    } else if (weights.count != 0) {
        warnings.add(WarningKind::Inconsistent, reader,
                     "selection '" + selection.name + "' has " + std::to_string(weights.count) +
                         " weights for " + std::to_string(vertexIndices.size()) +
                         " vertices; weights ignored");
    }
    for (size_t k = 0; k < vertexIndices.size(); ++k) {
        if (vertexIndices[k] >= vertexCount) {
            ++dropped;
            continue;
        }
        float weight = 1.0f;
        if (!weightBytes.empty()) {
            // Unverified (spec 4.10): the MLOD byte rule is assumed for ODOL weights.
            const uint8_t b = weightBytes[k];
            weight = b == 0 ? 0.0f : b == 1 ? 1.0f : static_cast<float>(256 - b) / 255.0f;
        }
        selection.points.push_back(vertexIndices[k]);
        selection.weights.push_back(weight);
    }
    if (dropped != 0) {
        warnings.add(WarningKind::OutOfRange, reader,
                     "selection '" + selection.name + "': " + std::to_string(dropped) +
                         " face or vertex indices out of range dropped");
    }
}

std::array<Vec3, 4> ReadMatrix43(BinaryReader &reader) {
    std::array<Vec3, 4> rows;
    for (Vec3 &row : rows) {
        row = ReadVec3(reader);
    }
    return rows;
}

std::vector<Proxy> ReadProxies(BinaryReader &reader) {
    const size_t count = reader.checkedCount(reader.i32(), 1 + 48 + 16, "proxy");
    std::vector<Proxy> proxies(count);
    for (Proxy &proxy : proxies) {
        proxy.path = ReadAsciiz(reader);
        proxy.rows = ReadMatrix43(reader);
        proxy.instance = reader.i32();
        proxy.selectionIndex = reader.i32();
        proxy.boneIndex = reader.i32(); // a skeleton bone (spec 4.5)
        proxy.sectionIndex = reader.i32();
    }
    return proxies;
}

std::vector<int32_t> ReadSubSkeletonMap(BinaryReader &reader) {
    const size_t subBones = reader.checkedCount(reader.i32(), 4, "sub-skeleton bone");
    std::vector<int32_t> subToSkeleton(subBones);
    for (int32_t &bone : subToSkeleton) {
        bone = reader.i32();
    }
    const size_t skeletonBones = reader.checkedCount(reader.i32(), 4, "skeleton bone");
    for (size_t b = 0; b < skeletonBones; ++b) {
        const size_t count = reader.checkedCount(reader.i32(), 4, "sub-skeleton entry");
        reader.skip(4 * static_cast<uint64_t>(count));
    }
    return subToSkeleton;
}

void ReadPropertiesAndFrames(BinaryReader &reader, Lod &lod, const std::string &structurePrefix) {
    reader.setStructure(structurePrefix + "named properties");
    const size_t propertyCount = reader.checkedCount(reader.i32(), 2, "property");
    for (size_t p = 0; p < propertyCount; ++p) {
        std::string name = ReadAsciiz(reader);
        std::string value = ReadAsciiz(reader);
        lod.properties.emplace_back(std::move(name), std::move(value));
    }
    reader.setStructure(structurePrefix + "frames");
    const size_t frameCount = reader.checkedCount(reader.i32(), 8, "frame");
    for (size_t f = 0; f < frameCount; ++f) {
        Frame frame;
        frame.time = reader.f32();
        const size_t points = reader.checkedCount(reader.i32(), 12, "frame point");
        frame.positions.resize(points);
        for (Vec3 &position : frame.positions) {
            position = ReadVec3(reader);
        }
        lod.frames.push_back(std::move(frame));
    }
}

std::string ToText(const Vec3 &v) {
    return std::to_string(v.x) + " " + std::to_string(v.y) + " " + std::to_string(v.z);
}

} // namespace odol

} // namespace agf::p3d
