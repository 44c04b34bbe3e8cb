/** @file PskConverter.cpp
 *  Builds the Assimp scene of a PSK: the order of the steps, and the parts of the scene around
 *  the meshes (PskConversion.h names the files of the others). All coordinate conversion happens
 *  in the converter:
 *  - the data of every known writer is already right-handed Z-up (the writers mirror Y), but the
 *    triangles are stored clockwise, so each face (w0, w1, w2) is emitted as (w0, w2, w1);
 *  - V is flipped to Assimp's bottom-left origin on every UV set;
 *  - bone 0 keeps its stored rotation, every other bone's rotation is conjugated (3.2);
 *  - MRPHDATA deltas and SKELSOCK transforms are raw UE space and get the writers' Y mirror;
 *  - the up-axis change and the scale option go on the root node only.
 */
#include "PskConverter.h"

#include "ActorXUnits.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/Parallel.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "PskConversion.h"
#include "UnrealRotator.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

#include <algorithm>
#include <exception>
#include <future>
#include <map>

namespace agf::psk {

namespace {

/** Index of the bone called `name` (exact match first, then ignoring case), or -1. */
int64_t FindBone(const std::vector<Bone> &bones, const std::string &name) {
    return FindByName(bones, name,
                      [](const Bone &bone) -> const std::string & { return bone.name; });
}

const char *PhysicsTypeName(const PhysicsShape &shape) {
    // The only known enumeration is the one of Ada's reader (specs 2.10).
    if (shape.chunk == "PHYSICS0") {
        switch (shape.type) {
        case 0:
            return "box";
        case 1:
            return "sphere";
        case 2:
            return "cylinder";
        case 3:
            return "convex";
        case 4:
            return "cone";
        default:
            return "unknown";
        }
    }
    return "unknown";
}

} // namespace

PskConversion::PskConversion(PskFile &file, const std::string &fileName,
                             const PskConvertOptions &options, Warnings &warnings)
    : mFile(file), mFileName(fileName), mOptions(options), mWarnings(warnings),
      mFaceCount(file.faces.size()), mPointCount(file.points.size()),
      mWedgeCount(file.wedges.size()) {}

void PskConversion::run(aiScene *scene) {
    makeNames();
    // The skin's influences read only the weights and the vertex split only the faces,
    // wedges and points, and each writes its own members: they run side by side. The
    // influences are needed only when there are triangles to bind them to.
    const bool skinned = !mFile.faces.empty() && !mFile.weights.empty();
    const bool sideBySide =
        mOptions.threads > 1 && skinned &&
        std::min(mFile.faces.size(), mFile.weights.size()) >= kMinimumThreadPart;
    // The faces' grouping by material (a pass over the faces and the first touch of the
    // triangle store, a tenth of a large import) goes to the shorter side: the skin's when
    // the normals are worked out from smoothing groups, the vertices' when the file has
    // them (VTXNORMS). The vertex side waits for it only where it starts filing triangles.
    const bool groupOnSkinSide = sideBySide && mFile.normals.empty();
    std::promise<void> grouping;
    mFacesGrouped = grouping.get_future().share();
    const auto group = [&] {
        try {
            groupFacesByMaterial();
            grouping.set_value();
        } catch (...) {
            grouping.set_exception(std::current_exception()); // the vertex side rethrows it
            throw;
        }
    };
    RunBoth(
        sideBySide ? 2 : 1,
        [&] {
            if (!groupOnSkinSide) {
                group();
            }
            buildVertices();
            mFile.faces.release(); // mTriangles holds what is needed from here on
            mFile.normals.release();
        },
        [&] {
            if (groupOnSkinSide) {
                group();
            }
            if (skinned) {
                buildInfluences();
            }
            mFile.weights.release();
        });
    if (mPointsWithManyMasks != 0) {
        warn(WarningKind::LimitReached, "FACE",
             std::to_string(mPointsWithManyMasks) + " points have faces of more than " +
                 std::to_string(kMaxMasksSummedTogether) +
                 " distinct smoothing masks; there the faces of each mask are smoothed among "
                 "themselves only");
    }
    buildMaterials();

    auto root = std::make_unique<aiNode>(mRootName);
    aiNode *meshNode = new aiNode(mMeshNodeName);
    AddChildren(root.get(), {meshNode});
    std::vector<aiNode *> boneNodes = buildSkeleton(root.get());
    buildMeshes(meshNode);
    if (!mOptions.skipSockets) {
        buildSockets(root.get(), boneNodes);
    }
    attachPhysics(root.get(), boneNodes);

    writeMetadata(scene);
    if (mOptions.yUp) {
        ApplyZUpToYUpOnRoot(root.get());
    }
    if (mOptions.scale != 1.0f) {
        ApplyScaleOnRoot(root.get(), mOptions.scale);
    }
    scene->mRootNode = root.release();
    mParts.moveInto(scene);
}

// Bones keep their names (PSA tracks bind to them); sockets, the mesh node and the root give
// way when they clash.
void PskConversion::makeNames() {
    std::vector<std::string> names;
    for (size_t i = 0; i < mFile.bones.size(); ++i) {
        const std::string &name = mFile.bones[i].name;
        names.push_back(name.empty() ? "Bone_" + std::to_string(i) : name);
    }
    const size_t boneCount = names.size();
    const size_t changedBones = MakeNamesUnique(names);
    if (changedBones != 0) {
        warn(WarningKind::Duplicate, "REFSKELT",
             std::to_string(changedBones) +
                 " repeated bone names were made unique with a numeric suffix");
    }
    if (!mOptions.skipSockets) {
        for (size_t i = 0; i < mFile.sockets.size(); ++i) {
            const std::string &name = mFile.sockets[i].name;
            names.push_back(name.empty() ? "Socket_" + std::to_string(i) : name);
        }
    }
    std::string base = BaseNameOf(mFileName);
    if (base.empty()) {
        base = "PSK";
    }
    names.push_back(base + "_Mesh");
    names.push_back(base);
    MakeNamesUnique(names);
    mBoneNames.assign(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(boneCount));
    mSocketNames.assign(names.begin() + static_cast<std::ptrdiff_t>(boneCount), names.end() - 2);
    mMeshNodeName = names[names.size() - 2];
    mRootName = names.back();
}

void PskConversion::buildMaterials() {
    for (size_t i = 0; i < mFile.materials.size(); ++i) {
        const Material &source = mFile.materials[i];
        auto material =
            MakeMaterial(source.name.empty() ? "material_" + std::to_string(i) : source.name);
        // MTT_* type bits (2.5): 1 is two-sided.
        if ((source.polyFlags & 0x0Fu) == 1) {
            const int twoSided = 1;
            material->AddProperty(&twoSided, 1, AI_MATKEY_TWOSIDED);
        }
        mParts.addMaterial(std::move(material));
    }
    const unsigned count = static_cast<unsigned>(mFile.materials.size());
    const size_t clamped = mClampedFaces;
    if (clamped == 0) {
        mTriangles.start.pop_back(); // no default material, so no group for it
    } else {
        if (count != 0) {
            warn(WarningKind::OutOfRange, "FACE",
                 std::to_string(clamped) + " faces use a material index beyond the " +
                     std::to_string(count) + " MATT0000 materials; they get a default material");
        }
        mParts.addMaterial(MakeMaterial("DefaultMaterial"));
    }
}

std::vector<aiNode *> PskConversion::buildSkeleton(aiNode *root) {
    const size_t count = mFile.bones.size();
    std::vector<NodeSource> sources(count);
    for (size_t i = 0; i < count; ++i) {
        const Bone &bone = mFile.bones[i];
        const aiQuaternion stored = NormalizedOrIdentity(QuaternionXYZW(
            bone.orientation.x, bone.orientation.y, bone.orientation.z, bone.orientation.w));
        sources[i].name = mBoneNames[i];
        sources[i].parent = i == 0 ? -1 : bone.parent;
        sources[i].local =
            ComposeTransform(ToVector(bone.position), i == 0 ? stored : Conjugate(stored));
    }
    SourceContext context{mFileName, "REFSKELT", 0};
    std::vector<aiNode *> nodes = BuildNodeHierarchy(sources, root, context, mWarnings);
    mSkinBones.resize(count);
    for (size_t i = 0; i < count; ++i) {
        mSkinBones[i].name = mBoneNames[i];
        // The mesh node has an identity transform under the root, so the root's space is
        // mesh space.
        mSkinBones[i].offsetMatrix = AffineInverse(TransformRelativeTo(nodes[i], root));
    }
    return nodes;
}

void PskConversion::buildSockets(aiNode *root, const std::vector<aiNode *> &boneNodes) {
    std::vector<std::vector<aiNode *>> children(boneNodes.size());
    std::vector<aiNode *> rootChildren;
    for (size_t i = 0; i < mFile.sockets.size(); ++i) {
        const Socket &socket = mFile.sockets[i];
        // Raw UE space: mirror Y of the location and mirror the rotation like the bones.
        const aiQuaternion rotation = NormalizedOrIdentity(
            MirrorY(actorx::RotatorToQuaternion({socket.pitch, socket.yaw, socket.roll})));
        auto node = std::make_unique<aiNode>(mSocketNames[i]);
        node->mTransformation =
            ComposeTransform(MirrorY(ToVector(socket.location)), rotation, ToVector(socket.scale));
        MetadataBuilder metadata;
        metadata.add(AGF_META_PSK_SOCKET, true);
        node->mMetaData = metadata.build();
        const int64_t bone = socket.bone.empty() ? -1 : FindBone(mFile.bones, socket.bone);
        if (bone < 0) {
            if (!socket.bone.empty()) {
                warn(WarningKind::OutOfRange, "SKELSOCK",
                     "socket " + socket.name + " names bone " + socket.bone +
                         ", which the skeleton lacks; attached to the root");
            }
            rootChildren.push_back(node.release());
        } else {
            children[static_cast<size_t>(bone)].push_back(node.release());
        }
    }
    for (size_t b = 0; b < boneNodes.size(); ++b) {
        AddChildren(boneNodes[b], children[b]);
    }
    AddChildren(root, rootChildren);
}

// Flat keys: Assimp 5.2.5's SceneCombiner::Copy (used by the exporters) aborts on nested
// aiMetadata, so each shape's fields get their own "PSK.PhysicsShapes[i].Field" keys.
void PskConversion::attachPhysics(aiNode *root, const std::vector<aiNode *> &boneNodes) {
    if (mFile.physicsShapes.empty()) {
        return;
    }
    std::map<aiNode *, MetadataBuilder> shapesByNode;
    std::map<aiNode *, int32_t> countByNode;
    for (const PhysicsShape &shape : mFile.physicsShapes) {
        const int64_t bone = FindBone(mFile.bones, shape.bone);
        aiNode *node = bone < 0 ? root : boneNodes[static_cast<size_t>(bone)];
        if (bone < 0) {
            warn(WarningKind::OutOfRange, shape.chunk,
                 "shape for " + shape.bone +
                     ", which the skeleton lacks; recorded on the root node");
        }
        int32_t &index = countByNode[node];
        const std::string prefix =
            AGF_META_PSK_PHYSICS_SHAPES + MetadataName(std::to_string(index++));
        MetadataBuilder &entry = shapesByNode[node];
        entry.add(prefix + AGF_META_PSK_SHAPE_SOURCE, shape.chunk);
        entry.add(prefix + AGF_META_PSK_SHAPE_NAME, shape.bone);
        entry.add(prefix + AGF_META_PSK_SHAPE_TYPE, shape.type);
        entry.add(prefix + AGF_META_PSK_SHAPE_TYPE_NAME, std::string(PhysicsTypeName(shape)));
        entry.add(prefix + AGF_META_PSK_SHAPE_OFFSET, ToVector(shape.offset));
        entry.add(prefix + AGF_META_PSK_SHAPE_ROTATION,
                  aiVector3D(shape.rotation.x, shape.rotation.y, shape.rotation.z));
        if (shape.rotationIsQuaternion) {
            entry.add(prefix + AGF_META_PSK_SHAPE_ROTATION_W, shape.rotation.w);
        }
        entry.add(prefix + AGF_META_PSK_SHAPE_SCALE, ToVector(shape.scale));
    }
    for (auto &[node, shapes] : shapesByNode) {
        MetadataBuilder metadata;
        metadata.add(AGF_META_PSK_PHYSICS_SHAPES, countByNode[node]);
        metadata.mergeInto(node->mMetaData);
        shapes.mergeInto(node->mMetaData);
    }
}

void PskConversion::writeMetadata(aiScene *scene) {
    MetadataBuilder metadata;
    metadata.add(AI_METADATA_SOURCE_FORMAT, "Unreal ActorX PSK");
    metadata.add(AI_METADATA_SOURCE_FORMAT_VERSION, std::to_string(mFile.typeFlag));
    const std::string writer = WriterFromTypeFlag(mFile.typeFlag);
    if (!writer.empty()) {
        metadata.add(AI_METADATA_SOURCE_GENERATOR, writer);
    }
    AddUnitsMetadata(metadata, actorx::UnrealSceneUnits(mOptions.yUp, mOptions.scale));
    metadata.add(AGF_META_PSK_TYPE_FLAG, mFile.typeFlag);
    metadata.add(AGF_META_PSK_POINT_COUNT, uint64_t(mPointCount));
    metadata.add(AGF_META_PSK_WEDGE_COUNT, uint64_t(mWedgeCount));
    metadata.add(AGF_META_PSK_FACE_COUNT, uint64_t(mFaceCount));
    metadata.add(AGF_META_PSK_BONE_COUNT, uint64_t(mFile.bones.size()));
    metadata.add(AGF_META_PSK_FACES_32BIT, mFile.faces32);
    metadata.mergeInto(scene->mMetaData);
}

std::string WriterFromTypeFlag(int32_t typeFlag) {
    switch (typeFlag) {
    case 1999801:
        return "ActorX v1 or the Blender io_scene_psk_psa exporter";
    case 2003321:
        return "ActorX v2";
    case 20090127:
        return "ActorX v3";
    case 20100422:
        return "UEViewer (umodel)";
    case 20210917:
        return "UEViewer fork with VTXNORMS";
    case 20220723:
        return "CUE4Parse (FModel)";
    default:
        return std::string();
    }
}

void ConvertPsk(PskFile &&file, const std::string &fileName, const PskConvertOptions &options,
                aiScene *scene, Warnings &warnings) {
    PskConversion(file, fileName, options, warnings).run(scene);
}

} // namespace agf::psk
