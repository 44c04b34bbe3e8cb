/** @file FxmConverter.cpp */
#include "FxmConverter.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/SceneBuilder.h"
#include "IdolFxCoordinates.h"

#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cmath>
#include <map>

namespace agf::idolfx {

namespace {

struct Skeleton {
    std::vector<SkinBone> bones; // indexed like the joint table
};

// Builds the joint nodes under `root` and returns the bones meshes bind to.
Skeleton BuildSkeleton(const FxmFile &file, const IdolFxSpace &space,
                       const std::vector<std::string> &jointNames, const std::string &fileName,
                       aiNode *root, Warnings &warnings) {
    const size_t count = file.joints.size();
    Skeleton skeleton;
    std::vector<aiMatrix4x4> globalRest(count);
    for (size_t j = 0; j < count; ++j) {
        const FxmJoint &joint = file.joints[j];
        const aiMatrix4x4 stored = space.matrix(joint.inverseBindRowMajor);
        const float determinant = stored.Determinant();
        const std::string structure = "joint " + std::to_string(j) + " (" + joint.name + ")";
        if (!std::isfinite(determinant) || std::fabs(determinant) < 1e-12f) {
            ThrowImportError(fileName, structure, joint.fileOffset,
                             "the inverse bind matrix cannot be inverted");
        }
        if (!IsAffine(stored)) {
            ThrowImportError(fileName, structure, joint.fileOffset,
                             "the inverse bind matrix is not affine (its last column is not "
                             "0 0 0 1)");
        }
        // Exporters write the last column with rounding noise (1.0000001); glTF readers
        // require it exact, in the bind matrices and in the joint transforms derived from them.
        const aiMatrix4x4 offset = WithExactAffineRow(stored);
        skeleton.bones.push_back({jointNames[j], offset});
        globalRest[j] = AffineInverse(offset);
    }
    std::vector<NodeSource> nodes(count);
    for (size_t j = 0; j < count; ++j) {
        const int32_t parent = file.joints[j].parent;
        nodes[j].name = jointNames[j];
        nodes[j].parent = parent;
        nodes[j].local =
            parent < 0 ? globalRest[j]
                       : AffineInverse(globalRest[static_cast<size_t>(parent)]) * globalRest[j];
    }
    SourceContext context{fileName, "joint table", 12};
    BuildNodeHierarchy(nodes, root, context, warnings);
    return skeleton;
}

MeshSource MakeMeshSource(const FxmSubmesh &submesh, const IdolFxSpace &space) {
    MeshSource source;
    const size_t count = submesh.vertices.size();
    source.positions.reserve(count);
    source.normals.reserve(count);
    source.uvSets.resize(submesh.hasSecondUv ? 2 : 1);
    for (const FxmVertex &vertex : submesh.vertices) {
        source.positions.push_back(space.point(vertex.position));
        source.normals.push_back(space.point(vertex.normal));
        source.uvSets[0].push_back(space.uv(vertex.uv0));
        if (submesh.hasSecondUv) {
            source.uvSets[1].push_back(space.uv(vertex.uv1));
        }
    }
    if (!submesh.influenceStart.empty()) {
        source.influenceStart = submesh.influenceStart;
        source.influences.reserve(submesh.influences.size());
        for (const FxmInfluence &influence : submesh.influences) {
            source.influences.push_back({influence.joint, influence.weight});
        }
    }
    return source;
}

std::vector<Triangle> MakeTriangles(const FxmSubmesh &submesh, const IdolFxSpace &space) {
    std::vector<Triangle> triangles(submesh.triangles.size());
    for (size_t t = 0; t < triangles.size(); ++t) {
        for (int corner = 0; corner < 3; ++corner) {
            triangles[t].vertices[corner] = submesh.triangles[t][corner];
        }
        space.triangle(triangles[t].vertices);
    }
    return triangles;
}

} // namespace

void ConvertFxm(const FxmFile &file, const FxmConvertOptions &options, aiScene *scene,
                Warnings &warnings) {
    const IdolFxSpace space(options.convertToRightHanded);
    SceneParts parts;

    // Node names: the root, the joints, then one node per submesh. Bones bind by name, so
    // every name must be unique; the joints keep theirs when a submesh name collides.
    std::vector<std::string> names;
    names.push_back(FileNameOf(options.fileName));
    for (const FxmJoint &joint : file.joints) {
        names.push_back(joint.name);
    }
    for (const FxmSubmesh &submesh : file.submeshes) {
        names.push_back(submesh.name.empty() ? std::string("submesh") : submesh.name);
    }
    if (MakeNamesUnique(names) != 0) {
        warnings.add(WarningKind::Duplicate, FileNameOf(options.fileName), "names", 0,
                     "duplicate joint or submesh names were made unique");
    }
    const std::vector<std::string> jointNames(names.begin() + 1,
                                              names.begin() + 1 + file.joints.size());

    scene->mRootNode = new aiNode(names[0]);
    aiNode *root = scene->mRootNode;
    Skeleton skeleton;
    if (file.hasJoints()) {
        skeleton = BuildSkeleton(file, space, jointNames, options.fileName, root, warnings);
    }

    std::map<std::string, unsigned> materialByName;
    std::vector<aiNode *> meshNodes;
    for (size_t s = 0; s < file.submeshes.size(); ++s) {
        const FxmSubmesh &submesh = file.submeshes[s];
        const std::string &nodeName = names[1 + file.joints.size() + s];
        if (submesh.triangles.empty()) {
            warnings.add(WarningKind::Empty, FileNameOf(options.fileName),
                         "submesh " + std::to_string(s), submesh.fileOffset,
                         "(" + submesh.name + ") has no triangles; skipped");
            continue;
        }
        auto found = materialByName.find(submesh.name);
        if (found == materialByName.end()) {
            const unsigned index = parts.addMaterial(
                MakeTextureGuessMaterial(submesh.name, options.textureExists, true));
            found = materialByName.emplace(submesh.name, index).first;
        }
        auto meshes =
            BuildMeshesByMaterial(MakeMeshSource(submesh, space), MakeTriangles(submesh, space), 1,
                                  skeleton.bones, submesh.name);
        std::vector<unsigned> meshIndices;
        for (auto &mesh : meshes) {
            mesh->mMaterialIndex = found->second;
            meshIndices.push_back(parts.addMesh(std::move(mesh)));
        }
        auto *node = new aiNode(nodeName);
        SetNodeMeshes(node, meshIndices);
        MetadataBuilder nodeMetadata;
        nodeMetadata.add(AGF_META_FXM_FVF, static_cast<int32_t>(submesh.fvf))
            .add(AGF_META_FXM_STRIDE, static_cast<int32_t>(submesh.stride));
        node->mMetaData = nodeMetadata.build();
        meshNodes.push_back(node);
    }
    AddChildren(root, meshNodes);

    MetadataBuilder metadata = IdolFxSceneMetadata("Idol FX FXM", options.convertToRightHanded);
    metadata.add("SourceAsset_FormatVersion", std::to_string(file.version))
        .add(AGF_META_FXM_VERSION, static_cast<int32_t>(file.version))
        .add(AGF_META_FXM_SKELETON_FLAG, static_cast<int32_t>(file.skeletonFlag));
    metadata.mergeInto(scene->mMetaData);
    parts.moveInto(scene);
}

} // namespace agf::idolfx
