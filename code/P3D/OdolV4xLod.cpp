/** @file OdolV4xLod.cpp
 *  One LOD body of ODOL v40 to v75 (specs/p3d.md section 4.5 with the section 5 deltas):
 *  proxies, bone maps, textures, embedded materials, polygons, sections, named selections,
 *  properties, and the sized per-vertex block (OdolV4xVertices.cpp).
 */
#include "OdolParser.h"
#include "OdolV4x.h"
#include "P3dFaces.h"
#include "P3dLodReader.h"

namespace agf::p3d::odol4x {

namespace {

class LodReader : LodReaderBase {
public:
    LodReader(BinaryReader &reader, const Layout &layout, size_t index, const Model &model,
              Warnings &warnings)
        : LodReaderBase(reader, warnings, index), mLayout(layout), mModel(model) {}

    Lod read(float resolution) {
        mLod = startLod();
        mLod.resolution = resolution;
        mLod.perVertex = true;
        structure("proxies");
        mLod.proxies = odol::ReadProxies(mReader);
        structure("bone maps");
        mSubToSkeleton = odol::ReadSubSkeletonMap(mReader);
        readLodHeader();
        readTexturesAndMaterials();
        readPolygons();
        readSections();
        readSelections();
        odol::ReadPropertiesAndFrames(mReader, mLod, prefix());
        readVertexData();
        finish();
        return std::move(mLod);
    }

private:
    void readLodHeader() {
        if (mLayout.clipFlagsInVertexBlock()) {
            structure("vertex count");
            mHeaderVertexCount = mReader.u32();
        } else {
            structure("point flags");
            mPointFlags =
                ReadCondensed(mReader, mLayout, 4, "point flag", StorageIn(mPointFlagValues));
        }
        structure("bounds");
        // faceArea (v51+), orHints, andHints, bMin, bMax, bCenter, bRadius
        mReader.skip((mLayout.faceArea() ? 4 : 0) + 8 + 36 + 4);
    }

    void readTexturesAndMaterials() {
        structure("textures");
        const size_t textureCount = mReader.checkedCount(mReader.i32(), 1, "texture");
        mTextures.resize(textureCount);
        for (std::string &texture : mTextures) {
            texture = ReadAsciiz(mReader);
        }
        structure("materials");
        const size_t materialCount =
            mReader.checkedCount(mReader.i32(), 1 + 4 + 96 + 20, "embedded material");
        for (size_t m = 0; m < materialCount; ++m) {
            structure("material " + std::to_string(m));
            mLod.embeddedMaterials.push_back(odol::ReadEmbeddedMaterial(mReader));
        }
        const size_t indexSize = mLayout.indexSize();
        structure("point to vertex");
        SkipArray(mReader, mLayout, indexSize, "pointToVertex");
        structure("vertex to point");
        mVertexToPoint = ReadArray(mReader, mLayout, indexSize, "vertexToPoint");
    }

    void readPolygons() {
        structure("polygons");
        mPolygonOffset = mReader.offset();
        mPolygons = odol::ReadPolygons(mReader, mLayout.indexSize(), mWarnings);
    }

    void readSectionExtras() {
        const size_t areas = mReader.checkedCount(mReader.i32(), 4, "areaOverTex");
        mReader.skip(4 * static_cast<uint64_t>(areas));
        if (mLayout.version >= 67 && mReader.i32() >= 1) {
            mReader.skip(11 * 4); // v67 floats (never seen: the i32 is 0 in every v73 file)
        }
    }

    void requireSectionIndices(size_t s, const Section &section) {
        const size_t materials = mLod.embeddedMaterials.size();
        if (section.textureIndex < -1 ||
            section.textureIndex >= static_cast<int32_t>(mTextures.size())) {
            mReader.failAt(mSectionOffset, "section " + std::to_string(s) + " texture index " +
                                               std::to_string(section.textureIndex) +
                                               " out of range (" +
                                               std::to_string(mTextures.size()) + " textures)");
        }
        if (section.materialIndex < -1 ||
            section.materialIndex >= static_cast<int32_t>(materials)) {
            mReader.failAt(mSectionOffset, "section " + std::to_string(s) + " material index " +
                                               std::to_string(section.materialIndex) +
                                               " out of range (" + std::to_string(materials) +
                                               " materials)");
        }
    }

    void readSections() {
        structure("sections");
        mSectionOffset = mReader.offset();
        const size_t sectionCount = mReader.checkedCount(mReader.i32(), 38, "section");
        std::vector<std::pair<uint32_t, uint32_t>> byteRanges(sectionCount);
        mInlineMaterialNames.resize(sectionCount);
        mLod.sections.resize(sectionCount);
        for (size_t s = 0; s < sectionCount; ++s) {
            Section &section = mLod.sections[s];
            byteRanges[s].first = static_cast<uint32_t>(mReader.i32());
            byteRanges[s].second = static_cast<uint32_t>(mReader.i32());
            section.minBoneIndex = mReader.i32();
            section.bonesCount = mReader.i32();
            mReader.u32(); // commonPointFlags
            section.textureIndex = mReader.i16();
            section.faceFlags = mReader.u32();
            section.materialIndex = mReader.i32();
            if (section.materialIndex == -1) {
                mInlineMaterialNames[s] = ReadAsciiz(mReader);
            }
            readSectionExtras();
            requireSectionIndices(s, section);
        }
        if (sectionCount == 0 && mPolygons.count() != 0) {
            warn(WarningKind::Inconsistent, "faces without sections; they get a default material");
        } else {
            odol::MapSections(mReader, mPolygons, mLod.sections, byteRanges, mSectionOffset, true,
                              mWarnings);
        }
    }

    void readSelections() {
        structure("named selections");
        const size_t selectionCount =
            mReader.checkedCount(mReader.i32(), 1 + 4 + 4 + 1 + 4 + 4 + 4, "named selection");
        mLod.selections.resize(selectionCount);
        mSelectionArrays.resize(selectionCount);
        for (size_t s = 0; s < selectionCount; ++s) {
            structure("named selection " + std::to_string(s));
            Selection &selection = mLod.selections[s];
            SelectionArrays &arrays = mSelectionArrays[s];
            selection.name = ReadAsciiz(mReader);
            arrays.faces = ReadArray(mReader, mLayout, mLayout.indexSize(), "selected face");
            mReader.i32(); // always 0
            selection.sectional = mReader.u8() != 0;
            for (uint32_t section : DecodeU32(ReadArray(mReader, mLayout, 4, "section index"))) {
                selection.sections.push_back(section);
            }
            arrays.vertices = ReadArray(mReader, mLayout, mLayout.indexSize(), "selected vertex");
            arrays.weights = ReadArray(mReader, mLayout, 1, "vertex weight");
        }
    }

    void readVertexData() {
        structure("colours");
        mReader.skip(12); // colorTop, color, special
        mReader.u8();     // vertexBoneRefIsSimple
        const uint64_t sizeFieldOffset = mReader.offset();
        const uint32_t restSize = mReader.u32();
        mBlock = ReadVertexBlock(mReader, mLayout, prefix());
        if (mBlock.uvSetsLeftOut != 0) {
            const FilePlace place{mReader.fileName(),
                                  prefix() + "UV set " + std::to_string(kMaxUvSets),
                                  mBlock.firstSetLeftOut, 0};
            mWarnings.add(WarningKind::LimitReached, place,
                          std::to_string(kMaxUvSets + mBlock.uvSetsLeftOut) + " UV sets; the " +
                              std::to_string(mBlock.uvSetsLeftOut) + " after the first " +
                              std::to_string(kMaxUvSets) + " are left out");
        }
        if (mLayout.lodTrailingU32()) {
            structure("trailer");
            mReader.u32();
        }
        // sizeOfRestData counts the bytes after it, the v67 u32 included, and from v41 to v66
        // its own 4 bytes too (checked on v48, v50 and v73). v40 is read as our v40 files are
        // written, and as BIS.P3D reads every version (unverified: no ArmA 1 file).
        const bool countsItself = mLayout.version >= 41 && !mLayout.lodTrailingU32();
        const uint64_t measured = mReader.offset() - sizeFieldOffset - (countsItself ? 0 : 4);
        if (measured != restSize) {
            warn(WarningKind::Inconsistent, "vertex data is " + std::to_string(measured) +
                                                " bytes, the LOD says " + std::to_string(restSize));
        }
        if (mLayout.version >= 68) {
            mReader.u8(); // trailing byte, 1 in every v73 file
        }
    }

    void finish() {
        structure("vertices");
        FillVertices(mReader, mLayout, mBlock, mLod);
        const size_t vertexCount = mLod.points.size();
        if (mLayout.clipFlagsInVertexBlock() && mHeaderVertexCount != vertexCount) {
            warn(WarningKind::Inconsistent,
                 "the LOD header counts " + std::to_string(mHeaderVertexCount) +
                     " vertices, the positions " + std::to_string(vertexCount));
        }
        const bool inBlock = mLayout.clipFlagsInVertexBlock();
        const ArrayBytes &flags = inBlock ? mBlock.clipFlags : mPointFlags;
        RequireCount(mReader, flags, vertexCount, "point flags");
        RequireCount(mReader, mVertexToPoint, vertexCount, "vertexToPoint");
        mLod.pointFlags = flags.defaultFill ? DecodeU32(flags)
                          : inBlock         ? std::move(mBlock.clipFlagValues)
                                            : std::move(mPointFlagValues);
        mLod.vertexToPoint = DecodeIndices(mVertexToPoint, mLayout);
        odol::RequireFaceIndices(mReader, mPolygons, vertexCount, mPolygonOffset);
        mLod.packedFaces = mPolygons.packed;
        odol::AssignMaterials(mLod, mTextures, mInlineMaterialNames);
        for (size_t s = 0; s < mLod.selections.size(); ++s) {
            const SelectionArrays &arrays = mSelectionArrays[s];
            odol::FillSelection(mReader, mLod.selections[s], DecodeIndices(arrays.faces, mLayout),
                                DecodeIndices(arrays.vertices, mLayout), arrays.weights,
                                FaceCount(mLod), vertexCount, mWarnings);
        }
        odol::FillSkin(mReader, mBlock.boneRefs, mSubToSkeleton, mModel.bones.size(), mLod);
    }

    struct SelectionArrays {
        ArrayBytes faces, vertices, weights;
    };

    const Layout &mLayout;
    const Model &mModel;
    Lod mLod;
    std::vector<int32_t> mSubToSkeleton;
    uint32_t mHeaderVertexCount = 0;
    ArrayBytes mPointFlags;
    std::vector<uint32_t> mPointFlagValues;
    std::vector<std::string> mTextures;
    std::vector<std::string> mInlineMaterialNames;
    ArrayBytes mVertexToPoint;
    odol::Polygons mPolygons;
    uint64_t mPolygonOffset = 0;
    uint64_t mSectionOffset = 0;
    std::vector<SelectionArrays> mSelectionArrays;
    VertexBlock mBlock;
};

} // namespace

Lod ReadLodBody(BinaryReader &reader, const Layout &layout, size_t index, float resolution,
                const Model &model, Warnings &warnings) {
    return LodReader(reader, layout, index, model, warnings).read(resolution);
}

} // namespace agf::p3d::odol4x
