/** @file P3dConverter.cpp
 *  The model, its skeleton and one node per LOD; the parts of a LOD come from the other
 *  P3dConversion.h files.
 */
#include "P3dConversion.h"

#include "Common/FileLoading.h"
#include "Common/HugePages.h"
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"
#include "P3dFaces.h"
#include "P3dLodThreads.h"
#include "P3dResolution.h"

#include <algorithm>
#include <cstdio>

namespace agf::p3d {

std::string NodeNames::claim(const std::string &wanted) {
    std::string name = wanted.empty() ? std::string("unnamed") : wanted;
    if (mTaken.insert(name).second) {
        return name;
    }
    for (unsigned suffix = 1;; ++suffix) {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, ".%03u", suffix);
        if (mTaken.insert(name + buffer).second) {
            return name + buffer;
        }
    }
}

namespace {

/** Gives back a LOD's per-vertex, per-face and per-selection arrays (the bulk of the parsed
 *  model) once it is converted, or at once when the LOD choice leaves it out: with many LODs,
 *  those still to be converted then reuse the memory of those done, instead of the import
 *  holding every LOD twice, parsed and converted. The 10-LOD MLOD benchmark input: peak 52 ->
 *  45 MB, page faults 7,580 -> 6,400. */
void ReleaseLodArrays(Lod &lod) {
    ReleaseVector(lod.points);
    ReleaseVector(lod.pointFlags);
    ReleaseVector(lod.normals);
    ReleaseVector(lod.faces);
    lod.packedFaces = PackedFaces{}; // records in the file's bytes, not ours to free
    ReleaseVector(lod.faceNormals);
    ReleaseVector(lod.uvSets);
    ReleaseVector(lod.selections);
    ReleaseVector(lod.frames);
    ReleaseVector(lod.skinStart);
    ReleaseVector(lod.skin);
    ReleaseVector(lod.vertexToPoint);
}

} // namespace

void Converter::run() {
    std::vector<float> resolutions;
    for (const Lod &lod : mModel.lods) {
        resolutions.push_back(lod.resolution);
    }
    std::string problem;
    const std::vector<bool> selected = SelectLods(resolutions, mOptions.lodChoice, problem);
    if (std::find(selected.begin(), selected.end(), true) == selected.end() &&
        !mModel.lods.empty()) {
        ThrowImportError(mFileName, "LOD choice", 0,
                         "AI_CONFIG_IMPORT_P3D_LODS '" + mOptions.lodChoice + "' selects no LOD" +
                             (problem.empty() ? "" : ": " + problem));
    }
    if (!problem.empty()) {
        mWarnings.add(WarningKind::Inconsistent, mFileName, "LOD choice", 0,
                      "AI_CONFIG_IMPORT_P3D_LODS: " + problem);
    }

    mScene->mRootNode = new aiNode(ToUtf8(BaseNameOf(mFileName)));
    mNames.claim(mScene->mRootNode->mName.C_Str());
    setUpSkeleton();

    std::vector<LodParts> parts;
    for (size_t i = 0; i < mModel.lods.size(); ++i) {
        if (selected[i]) {
            parts.push_back(prepareLod(mModel.lods[i], i));
        } else {
            ReleaseLodArrays(mModel.lods[i]);
        }
    }
    std::vector<size_t> costs;
    for (const LodParts &lod : parts) {
        costs.push_back(lod.lod->points.size() + FaceCount(*lod.lod));
    }
    ForEachLod(
        costs, kMinimumLodCost, mOptions.threads, mWarnings,
        [&](size_t lod, Warnings &warnings) { buildLod(parts[lod], warnings); },
        [](size_t) { return true; });
    std::vector<aiNode *> lodNodes;
    for (LodParts &lod : parts) {
        lodNodes.push_back(finishLod(lod));
    }
    AddChildren(mScene->mRootNode, lodNodes);
    addSceneMetadata(lodNodes.size());
    mParts.moveInto(mScene);
}

void Converter::setUpSkeleton() {
    const std::vector<Bone> *bones = nullptr;
    std::string source;
    std::string name;
    if (!mModel.bones.empty()) {
        bones = &mModel.bones;
        source = "ODOL ModelInfo";
        name = mModel.skeletonName;
    } else if (!mOptions.externalSkeleton.empty()) {
        bones = &mOptions.externalSkeleton;
        source = mOptions.externalSkeletonSource;
        name = mOptions.externalSkeletonName;
    }
    if (bones == nullptr) {
        return;
    }
    mSkeletonSource = source;
    mSkeletonName = name;
    std::vector<std::string> names;
    for (const Bone &bone : *bones) {
        names.push_back(ToUtf8(bone.name));
    }
    if (MakeNamesUnique(names) != 0) {
        mWarnings.add(WarningKind::Duplicate, mFileName, "skeleton", 0,
                      "the skeleton repeats bone names; renamed");
    }
    std::unordered_map<std::string, int64_t> indexByName;
    for (size_t b = 0; b < bones->size(); ++b) {
        indexByName.emplace(Lower((*bones)[b].name), static_cast<int64_t>(b));
    }
    std::vector<NodeSource> nodes(bones->size());
    for (size_t b = 0; b < bones->size(); ++b) {
        nodes[b].name = mNames.claim(names[b]);
        const std::string &parent = (*bones)[b].parent;
        if (!parent.empty()) {
            auto found = indexByName.find(Lower(parent));
            if (found == indexByName.end()) {
                mWarnings.add(WarningKind::Inconsistent, mFileName, "skeleton", 0,
                              "bone '" + (*bones)[b].name + "' has unknown parent '" + parent +
                                  "'; attached to the root");
            } else {
                nodes[b].parent = found->second;
            }
        }
        mBoneIndexByName.emplace(Lower((*bones)[b].name), static_cast<uint32_t>(b));
        // The layout has no bone transforms (spec 4.9): bones rest at the origin with
        // identity offsets, which leaves the mesh unchanged at rest.
        mSkinBones.push_back(SkinBone{nodes[b].name, aiMatrix4x4()});
    }
    SourceContext context{mFileName, "skeleton", 0};
    BuildNodeHierarchy(nodes, mScene->mRootNode, context, mWarnings);
}

// Names and materials are scene-wide, and handed out in LOD order as one loop would: the
// LOD's node name, its proxy and point node names, then its materials.
Converter::LodParts Converter::prepareLod(Lod &lod, size_t lodIndex) {
    LodParts parts;
    parts.lod = &lod;
    parts.lodIndex = lodIndex;
    parts.node = std::make_unique<aiNode>(mNames.claim(ResolutionName(lod.resolution)));
    std::vector<aiNode *> children = proxyNodes(lod);
    std::vector<aiNode *> points = pointNodes(lod);
    children.insert(children.end(), points.begin(), points.end());
    AddChildren(parts.node.get(), children);
    parts.localToScene = registerMaterials(lod);
    parts.framesKept = framesWithinBudget(lod);
    return parts;
}

// A frame becomes a copy of every vertex its LOD makes: at most one a face corner (MLOD, before
// the weld) or one a vertex (ODOL), which is known before the LOD is built. A frame of few
// points can cost the file 40 bytes and the scene 28 for each of a million vertices, so the
// frames are kept within the file's morph budget, taken here in LOD order (the scene does not
// depend on the threads); the frames of another point count are left out anyway (addFrames).
size_t Converter::framesWithinBudget(const Lod &lod) {
    size_t usable = 0;
    for (const Frame &frame : lod.frames) {
        usable += frame.positions.size() == lod.points.size() ? 1 : 0;
    }
    size_t vertices = 0;
    if (lod.perVertex) {
        vertices = lod.points.size();
    } else {
        ForEachFace(lod, [&vertices](const std::array<uint32_t, 4> &, uint8_t corners, uint32_t) {
            vertices += corners;
        });
    }
    return mMorphBudget.take(usable, vertices * kFrameCopyBytesPerVertex);
}

// Runs on any thread: reads the model and the converter's settled state (skeleton, material
// count), writes only `parts` and `warnings`, and releases the arrays of its own LOD.
void Converter::buildLod(LodParts &parts, Warnings &warnings) const {
    const Lod &lod = *parts.lod;
    Geometry geometry = lod.perVertex ? odolGeometry(lod, parts.localToScene, warnings)
                                      : mlodGeometry(lod, parts.localToScene);
    addSkin(lod, geometry);
    addFrames(lod, parts.framesKept, geometry, warnings);

    std::vector<std::string> meshNames;
    std::vector<std::vector<uint32_t>> usedPerMesh; ///< each mesh's source vertices
    parts.meshes.clear();
    if (!geometry.triangles.empty()) {
        // One thread: the LODs are already spread over the threads, and the writer is then
        // called for the meshes in order, which usedPerMesh relies on.
        const auto writeVertices = [&](const MeshVertices &vertices, aiMesh &mesh) {
            if (lod.perVertex) {
                writeOdolVertices(lod, vertices.used, mesh);
            } else {
                CopyVertexData(geometry.source, vertices.used, mesh);
            }
            AddSourceSkinAndMorphs(geometry.source, vertices, mSkinBones, mesh);
            if (!lod.selections.empty()) {
                usedPerMesh.push_back(vertices.used);
            }
        };
        parts.meshes = BuildMeshesByMaterial(geometry.triangles, geometry.vertexCount(),
                                             parts.node->mName.C_Str(), 1, writeVertices);
        for (const auto &mesh : parts.meshes) {
            meshNames.push_back(mesh->mName.C_Str());
        }
    }

    // No LOD can keep more entries than the whole budget (finishLod).
    parts.metadata.setLimit(CopyBudget(mOptions.inputBytes).bytesLeft() / kMetadataEntryBytes);
    addLodMetadata(lod, parts.lodIndex, parts.metadata);
    addSelections(lod, geometry, meshNames, usedPerMesh, parts.metadata);
    ReleaseLodArrays(*parts.lod);
}

// The scene's mesh list in LOD order, as one loop would have filled it.
// The metadata's budget is taken here, in LOD order, so that the scene does not depend on the
// threads: the entries come in the order of their importance (the LOD's counts and properties
// first, selections last), and those past the budget are left out.
aiNode *Converter::finishLod(LodParts &parts) {
    const size_t wanted = parts.metadata.added();
    const size_t kept = mMetadataBudget.take(wanted, kMetadataEntryBytes);
    if (kept < wanted) {
        mWarnings.add(WarningKind::LimitReached, mFileName,
                      std::string(parts.node->mName.C_Str()) + " metadata", parts.lod->fileOffset,
                      std::to_string(wanted - kept) + " of " + std::to_string(wanted) +
                          " metadata entries left out (properties, point flags, sections, "
                          "selections): they would exceed the " +
                          std::to_string(CopyBudget(mOptions.inputBytes).bytesLeft()) +
                          " bytes allowed for a file of " + std::to_string(mOptions.inputBytes));
        parts.metadata.keepFirst(kept);
    }
    delete parts.node->mMetaData;
    parts.node->mMetaData = parts.metadata.build();
    std::vector<unsigned> meshIndices;
    for (auto &mesh : parts.meshes) {
        meshIndices.push_back(mParts.addMesh(std::move(mesh)));
    }
    SetNodeMeshes(parts.node.get(), meshIndices);
    return parts.node.release();
}

void ConvertModel(Model &&model, const ConvertOptions &options, const std::string &fileName,
                  aiScene *scene, Warnings &warnings) {
    Converter converter(model, options, fileName, scene, warnings);
    converter.run();
}

} // namespace agf::p3d
