/** @file PskConversion.h
 *  The PSK converter (ConvertPsk, PskConverter.h) as one class implemented by concern:
 *  - PskConverter.cpp: the order of the steps, names, materials, skeleton, sockets, physics
 *    shapes and scene metadata;
 *  - PskVertices.cpp: the output vertices (wedges split by normal, the normals from smoothing
 *    groups) and the triangles filed by material;
 *  - PskMeshes.cpp: the meshes over those vertices, their skin and morph targets.
 *  Internal to code/ActorX.
 */
#pragma once

#include "Common/FileLoading.h"
#include "Common/MeshesByMaterial.h"
#include "Common/SceneBuilder.h"
#include "Common/Warnings.h"
#include "PskConverter.h"
#include "PskFileData.h"

#include <assimp/mesh.h>
#include <assimp/vector3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <future>
#include <optional>
#include <string>
#include <vector>

struct aiNode;
struct aiScene;

namespace agf::psk {

/** Distinct smoothing masks at one point beyond which each mask's faces are smoothed among
 *  themselves only, not with every other mask sharing a bit: that sum costs the square of the
 *  masks at the point, and a damaged file can put every face on one point with its own mask
 *  (real files have a few). */
constexpr size_t kMaxMasksSummedTogether = 64;

/** Channel 0 is the VTXW UV; Assimp has room for this many extra sets. */
constexpr size_t kMaxExtraUvSets = AI_MAX_NUMBER_OF_TEXTURECOORDS - 1;
/** Weights of a point may sum to 1 within this before a file counts as unnormalised (2.8). */
constexpr float kWeightSumTolerance = 1e-3f;
/** Loops over fewer faces, weights or vertices than this stay on the calling thread: starting
 *  a thread costs about as much as this much of the work. */
constexpr size_t kMinimumThreadPart = 32768;

inline aiVector3D ToVector(const Vec3 &v) {
    return aiVector3D(v.x, v.y, v.z);
}

inline aiVector3D NormalizedOr(const aiVector3D &v, const aiVector3D &fallback) {
    const float length = v.Length();
    return length > 1e-20f && std::isfinite(length) ? v / length : fallback;
}

class PskConversion {
public:
    PskConversion(PskFile &file, const std::string &fileName, const PskConvertOptions &options,
                  Warnings &warnings);

    void run(aiScene *scene);

private:
    void warn(WarningKind kind, const std::string &structure, const std::string &text) {
        mWarnings.add(kind, FileNameOf(mFileName), structure, 0, text);
    }

    // PskConverter.cpp
    void makeNames();
    void buildMaterials();
    std::vector<aiNode *> buildSkeleton(aiNode *root);
    void buildSockets(aiNode *root, const std::vector<aiNode *> &boneNodes);
    void attachPhysics(aiNode *root, const std::vector<aiNode *> &boneNodes);
    void writeMetadata(aiScene *scene);

    // PskVertices.cpp
    void buildVertices();
    void groupFacesByMaterial();
    /** Returns once groupFacesByMaterial has made room for the triangles (it runs beside
     *  buildVertices); rethrows what stopped it. */
    void awaitFaceGroups() const { mFacesGrouped.get(); }
    void addTriangle(const Face &face, uint32_t a, uint32_t b, uint32_t c) {
        mTriangleFiller->add(std::min<size_t>(face.material, mFile.materials.size()), a, b, c);
    }
    void buildSmoothedVertices();

    // PskMeshes.cpp
    void buildInfluences();
    std::vector<MorphSource> buildMorphs();
    std::vector<const ExtraUvSet *> usableExtraUvSets();
    void buildMeshes(aiNode *meshNode);
    void writeVertexArrays(const std::vector<uint32_t> &used,
                           const std::vector<const ExtraUvSet *> &extraUvs,
                           std::vector<uint32_t> &pointOfVertex, aiMesh &mesh) const;

    PskFile &mFile; ///< consumed: see ReleaseVector calls
    std::string mFileName;
    PskConvertOptions mOptions;
    Warnings &mWarnings;
    SceneParts mParts;

    std::vector<std::string> mBoneNames;
    std::vector<std::string> mSocketNames;
    std::string mMeshNodeName;
    std::string mRootName;
    std::vector<uint32_t> mVertexWedge;    ///< wedge of each output vertex
    std::vector<aiVector3D> mVertexNormal; ///< empty, or one per output vertex
    /** Skin influences per point in compressed rows (buildInfluences); empty when unskinned. */
    std::vector<uint32_t> mInfluenceStart;
    std::vector<BoneInfluence> mInfluences;
    TrianglesByMaterial mTriangles;                     ///< one group per material of mParts
    std::optional<TriangleGroupFiller> mTriangleFiller; ///< while filling mTriangles
    size_t mClampedFaces = 0;                           ///< faces naming a material beyond MATT0000
    std::shared_future<void> mFacesGrouped;             ///< ready once the faces are grouped
    size_t mUnnormalisedPoints = 0;                     ///< points whose weights did not sum to 1
    size_t mPointsWithManyMasks = 0; ///< points whose masks were summed alone (PskVertices.cpp)
    std::vector<SkinBone> mSkinBones;
    size_t mFaceCount = 0;  ///< as stored; the faces are released after buildVertices
    size_t mPointCount = 0; ///< as stored; points and wedges are released by buildMeshes
    size_t mWedgeCount = 0;
};

} // namespace agf::psk
