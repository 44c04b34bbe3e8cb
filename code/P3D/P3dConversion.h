/** @file P3dConversion.h
 *  The converter's internals, shared by the files that implement it by concern:
 *  P3dConverter.cpp (the model, skeleton and LOD nodes), P3dGeometry.cpp (LODs to meshes: winding,
 *  normals, UVs, frames), P3dSkinAndSelections.cpp (skin weights, selections, proxy and
 *  memory-point nodes), P3dMaterials.cpp and P3dMetadata.cpp. See P3dConverter.h for the
 *  conventions.
 */
#pragma once

#include "Common/Coordinates.h"
#include "Common/CopyBudget.h"
#include "Common/MeshesByMaterial.h"
#include "Common/SceneBuilder.h"
#include "Common/Warnings.h"
#include "P3dConverter.h"
#include "P3dFileData.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace agf::p3d {

// ---- Coordinates (P3dGeometry.cpp) ------------------------------------------------------------
// The per-vertex ones are inline: they run for every vertex and corner, and a function the
// shared library exports is called, not inlined, even from its own file (-fPIC).

/** An engine-space point in Assimp space: mirrored across the XY plane. */
inline aiVector3D ToAssimpPoint(const Vec3 &v) {
    return MirrorZ(aiVector3D(v.x, v.y, v.z));
}
/** An MLOD (and ODOL) normal, which points into the mesh, as an outward Assimp normal
 *  (spec 2.8: negated, then mirrored), of unit length unless it has no direction. */
inline aiVector3D MlodNormal(const Vec3 &n) {
    const aiVector3D outward = MirrorZ(aiVector3D(-n.x, -n.y, -n.z));
    const float length = outward.Length();
    return length > 1e-12f && std::isfinite(length) ? outward / length : outward;
}
/** A top-origin UV as Assimp's bottom-origin one. */
inline aiVector3D ToAssimpUv(const std::array<float, 2> &uv) {
    return aiVector3D(uv[0], FlipV(uv[1]), 0);
}
/** An engine row-vector affine transform (proxy rows) as an Assimp matrix. */
aiMatrix4x4 ToAssimpTransform(const std::array<Vec3, 4> &rows);

// ---- Text (P3dMetadata.cpp) -------------------------------------------------------------------

/** "0-3,7,9-12" for a sorted index list. */
std::string Ranges(const std::vector<uint32_t> &sorted);
/** A float as "%g" text. */
std::string FormatFloat(float value);

// ---- Materials (P3dMaterials.cpp) -------------------------------------------------------------

/** The material of a (texture, rvmat) pair, with the embedded rvmat values when there is one. */
std::unique_ptr<aiMaterial> BuildMaterial(const LodMaterial &source,
                                          const EmbeddedMaterial *embedded);

/** Puts an rvmat stage's texture in the material slot its Arma suffix names (`_nohq` normal,
 *  `_smdi` specular, `_co`/`_ca` base colour when the face has none); other stages and
 *  procedural textures are left out. Slots already filled are kept. */
void MapStageTexture(aiMaterial &material, const std::string &texture);

/** Hands out scene-wide unique node names: Assimp binds bones by node name. */
class NodeNames {
public:
    std::string claim(const std::string &wanted);

private:
    std::unordered_set<std::string> mTaken;
};

/** Converts one model; each member function lives in the file of its concern. */
class Converter {
public:
    Converter(Model &model, const ConvertOptions &options, const std::string &fileName,
              aiScene *scene, Warnings &warnings)
        : mModel(model), mOptions(options), mFileName(fileName), mScene(scene), mWarnings(warnings),
          mMorphBudget(options.inputBytes), mMetadataBudget(options.inputBytes) {}

    void run();

private:
    /** One LOD's triangles and the vertices they use, before the meshes are built. */
    struct Geometry {
        /** MLOD: the welded vertices, every array. ODOL: skin and morph targets only; the
         *  LOD's vertices are already the meshes' source vertices, so their positions, normals
         *  and UVs go into the meshes straight from the LOD (writeOdolVertices), not through a
         *  converted copy of their own. */
        MeshSource source;
        TrianglesByMaterial triangles; ///< grouped by scene material, in face order
        /** MLOD: source vertex -> point. ODOL: empty, each vertex is its own point. */
        std::vector<uint32_t> vertexPoint;
        size_t odolVertexCount = 0; ///< ODOL: the LOD's vertices
        size_t disagreeing = 0;     ///< triangles whose stored normals point against the winding

        size_t vertexCount() const {
            return vertexPoint.empty() ? odolVertexCount : vertexPoint.size();
        }
        /** The LOD point (MLOD) or vertex (ODOL) that source vertex `v` came from. */
        uint32_t pointOf(size_t v) const {
            return vertexPoint.empty() ? static_cast<uint32_t>(v) : vertexPoint[v];
        }
    };

    /** One selected LOD on its way to the scene. prepareLod (serial, LOD order) claims its
     *  names and materials; buildLod (any thread) fills meshes and metadata; finishLod (serial,
     *  LOD order) adds the meshes to the scene. */
    struct LodParts {
        Lod *lod = nullptr; ///< its arrays are released once its meshes are made
        size_t lodIndex = 0;
        std::unique_ptr<aiNode> node;       ///< named, with its proxy and point nodes
        std::vector<unsigned> localToScene; ///< LOD material -> scene material
        size_t framesKept = 0;              ///< how many of its frames become morph targets
        MetadataBuilder metadata;           ///< made on its thread, built in LOD order
        std::vector<std::unique_ptr<aiMesh>> meshes;
    };

    /** LODs with fewer points and faces than this are too small to be worth a thread (a
     *  thread's start costs about as much as converting a few thousand vertices). */
    static constexpr size_t kMinimumLodCost = 8192;

    // P3dConverter.cpp
    void setUpSkeleton();
    LodParts prepareLod(Lod &lod, size_t lodIndex);
    size_t framesWithinBudget(const Lod &lod);
    void buildLod(LodParts &parts, Warnings &warnings) const;
    aiNode *finishLod(LodParts &parts);

    // P3dGeometry.cpp (const: they run on the LOD threads)
    Geometry mlodGeometry(const Lod &lod, const std::vector<unsigned> &localToScene) const;
    Geometry odolGeometry(const Lod &lod, const std::vector<unsigned> &localToScene,
                          Warnings &warnings) const;
    void countDisagreeingNormals(const Lod &lod, Geometry &geometry, Warnings &warnings) const;
    static void writeOdolVertices(const Lod &lod, const std::vector<uint32_t> &used, aiMesh &mesh);
    void addFrames(const Lod &lod, size_t framesKept, Geometry &geometry, Warnings &warnings) const;

    // P3dSkinAndSelections.cpp (addSkin and addSelections run on the LOD threads)
    void addSkin(const Lod &lod, Geometry &geometry) const;
    void addSelections(const Lod &lod, const Geometry &geometry,
                       const std::vector<std::string> &meshNames,
                       const std::vector<std::vector<uint32_t>> &usedPerMesh,
                       MetadataBuilder &metadata) const;
    std::vector<aiNode *> proxyNodes(const Lod &lod);
    std::vector<aiNode *> pointNodes(const Lod &lod);

    // P3dMaterials.cpp
    std::vector<unsigned> registerMaterials(const Lod &lod);

    // P3dMetadata.cpp (the LOD parts run on the LOD threads)
    void addLodMetadata(const Lod &lod, size_t lodIndex, MetadataBuilder &metadata) const;
    void addProperties(const Lod &lod, MetadataBuilder &metadata) const;
    void addPointFlags(const Lod &lod, MetadataBuilder &metadata) const;
    void addSections(const Lod &lod, MetadataBuilder &metadata) const;
    void addSceneMetadata(size_t importedLods);

    Model &mModel; ///< consumed: each LOD's arrays go once its meshes and metadata are made
    const ConvertOptions &mOptions;
    std::string mFileName;
    aiScene *mScene;
    /** Only for the serial parts: the LOD threads write to their own sinks. */
    Warnings &mWarnings;
    SceneParts mParts;
    NodeNames mNames;
    std::map<std::string, unsigned> mMaterialByKey;
    std::vector<SkinBone> mSkinBones;
    std::unordered_map<std::string, uint32_t> mBoneIndexByName;
    std::string mSkeletonSource;
    std::string mSkeletonName;
    /** What the frames of the LODs still to be prepared may cost as morph targets. */
    CopyBudget mMorphBudget;
    /** What the metadata of the LODs still to be finished may cost. */
    CopyBudget mMetadataBudget;
};

} // namespace agf::p3d
