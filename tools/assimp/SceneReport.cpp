/** @file SceneReport.cpp */
#include "SceneReport.h"

#include <assimp/material.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cinttypes>
#include <limits>
#include <string>
#include <vector>

namespace agf::cli {

namespace {

// The stock tool draws the tree with these UTF-8 box characters.
const char *const kTreeBranch = "\xe2\x94\x9c\xe2\x95\xb4"; // ├╴
const char *const kTreeLast = "\xe2\x94\x94\xe2\x95\xb4";   // └╴
const char *const kTreeContinue = "\xe2\x94\x82 ";          // │

// Metadata can nest; a file could nest it without end.
const int kMaxMetadataDepth = 16;

struct SceneCounts {
    unsigned int nodes = 0;
    unsigned int maxDepth = 0;
    unsigned int vertices = 0;
    unsigned int faces = 0;
    unsigned int bones = 0;
    unsigned int animationChannels = 0;
    aiVector3D minimum{std::numeric_limits<float>::max()};
    aiVector3D maximum{-std::numeric_limits<float>::max()};
    bool anyPoint = false;
};

// Walks the node tree without recursion (node trees from files can be very deep) and finds the
// bounds of every mesh instance in world space.
void CountNodesAndBounds(const aiScene &scene, SceneCounts &counts) {
    struct Pending {
        const aiNode *node;
        aiMatrix4x4 parentTransform;
        unsigned int depth;
    };
    std::vector<Pending> stack;
    if (scene.mRootNode != nullptr) {
        stack.push_back({scene.mRootNode, aiMatrix4x4(), 1});
    }
    while (!stack.empty()) {
        const Pending current = stack.back();
        stack.pop_back();
        ++counts.nodes;
        counts.maxDepth = std::max(counts.maxDepth, current.depth);
        const aiMatrix4x4 transform = current.parentTransform * current.node->mTransformation;
        for (unsigned int i = 0; i < current.node->mNumMeshes; ++i) {
            const unsigned int meshIndex = current.node->mMeshes[i];
            if (meshIndex >= scene.mNumMeshes) {
                continue;
            }
            const aiMesh &mesh = *scene.mMeshes[meshIndex];
            for (unsigned int v = 0; v < mesh.mNumVertices; ++v) {
                const aiVector3D point = transform * mesh.mVertices[v];
                for (unsigned int axis = 0; axis < 3; ++axis) {
                    counts.minimum[axis] = std::min(counts.minimum[axis], point[axis]);
                    counts.maximum[axis] = std::max(counts.maximum[axis], point[axis]);
                }
                counts.anyPoint = true;
            }
        }
        for (unsigned int i = current.node->mNumChildren; i-- > 0;) {
            stack.push_back({current.node->mChildren[i], transform, current.depth + 1});
        }
    }
}

SceneCounts Count(const aiScene &scene) {
    SceneCounts counts;
    CountNodesAndBounds(scene, counts);
    for (unsigned int i = 0; i < scene.mNumMeshes; ++i) {
        counts.vertices += scene.mMeshes[i]->mNumVertices;
        counts.faces += scene.mMeshes[i]->mNumFaces;
        counts.bones += scene.mMeshes[i]->mNumBones;
    }
    for (unsigned int i = 0; i < scene.mNumAnimations; ++i) {
        counts.animationChannels += scene.mAnimations[i]->mNumChannels;
    }
    if (!counts.anyPoint) {
        counts.minimum = counts.maximum = aiVector3D(0, 0, 0);
    }
    return counts;
}

std::string PrimitiveTypeNames(const aiScene &scene) {
    unsigned int types = 0;
    for (unsigned int i = 0; i < scene.mNumMeshes; ++i) {
        types |= scene.mMeshes[i]->mPrimitiveTypes;
    }
    // Concatenated without separators, exactly as the stock tool prints them.
    std::string names;
    names += (types & aiPrimitiveType_POINT) ? "points" : "";
    names += (types & aiPrimitiveType_LINE) ? "lines" : "";
    names += (types & aiPrimitiveType_TRIANGLE) ? "triangles" : "";
    names += (types & aiPrimitiveType_POLYGON) ? "n-polygons" : "";
    return names;
}

void PrintCounts(std::FILE *out, const aiScene &scene, unsigned int memoryBytes) {
    const SceneCounts counts = Count(scene);
    const aiVector3D center = (counts.minimum + counts.maximum) * 0.5f;
    const unsigned int meshes = scene.mNumMeshes;
    std::fprintf(out, "Memory consumption: %u B\n", memoryBytes);
    std::fprintf(out, "Nodes:              %u\n", counts.nodes);
    std::fprintf(out, "Maximum depth       %u\n", counts.maxDepth);
    std::fprintf(out, "Meshes:             %u\n", meshes);
    std::fprintf(out, "Animations:         %u\n", scene.mNumAnimations);
    std::fprintf(out, "Textures (embed.):  %u\n", scene.mNumTextures);
    std::fprintf(out, "Materials:          %u\n", scene.mNumMaterials);
    std::fprintf(out, "Cameras:            %u\n", scene.mNumCameras);
    std::fprintf(out, "Lights:             %u\n", scene.mNumLights);
    std::fprintf(out, "Vertices:           %u\n", counts.vertices);
    std::fprintf(out, "Faces:              %u\n", counts.faces);
    std::fprintf(out, "Bones:              %u\n", counts.bones);
    std::fprintf(out, "Animation Channels: %u\n", counts.animationChannels);
    std::fprintf(out, "Primitive Types:    %s\n", PrimitiveTypeNames(scene).c_str());
    std::fprintf(out, "Average faces/mesh  %u\n", meshes != 0 ? counts.faces / meshes : 0);
    std::fprintf(out, "Average verts/mesh  %u\n", meshes != 0 ? counts.vertices / meshes : 0);
    std::fprintf(out, "Minimum point      (%f %f %f)\n", counts.minimum.x, counts.minimum.y,
                 counts.minimum.z);
    std::fprintf(out, "Maximum point      (%f %f %f)\n", counts.maximum.x, counts.maximum.y,
                 counts.maximum.z);
    std::fprintf(out, "Center point       (%f %f %f)\n", center.x, center.y, center.z);
}

void PrintMeshes(std::FILE *out, const aiScene &scene) {
    if (scene.mNumMeshes == 0) {
        return;
    }
    std::fprintf(out, "\nMeshes:  (name) [vertices / bones / faces | primitive_types]\n");
    for (unsigned int i = 0; i < scene.mNumMeshes; ++i) {
        const aiMesh &mesh = *scene.mMeshes[i];
        std::fprintf(out, "    %u (%s): [%u / %u / %u |", i, mesh.mName.C_Str(), mesh.mNumVertices,
                     mesh.mNumBones, mesh.mNumFaces);
        const unsigned int types = mesh.mPrimitiveTypes;
        std::fprintf(out, "%s%s%s%s]\n", (types & aiPrimitiveType_POINT) ? " point" : "",
                     (types & aiPrimitiveType_LINE) ? " line" : "",
                     (types & aiPrimitiveType_TRIANGLE) ? " triangle" : "",
                     (types & aiPrimitiveType_POLYGON) ? " polygon" : "");
    }
}

// Morph targets by mesh; meshes that share their list (the materials of one model) print once.
void PrintMorphTargets(std::FILE *out, const aiScene &scene) {
    std::string previous;
    bool header = false;
    for (unsigned int i = 0; i < scene.mNumMeshes; ++i) {
        const aiMesh &mesh = *scene.mMeshes[i];
        if (mesh.mNumAnimMeshes == 0) {
            continue;
        }
        std::string names;
        for (unsigned int t = 0; t < mesh.mNumAnimMeshes; ++t) {
            names +=
                (t == 0 ? "\"" : ", \"") + std::string(mesh.mAnimMeshes[t]->mName.C_Str()) + "\"";
        }
        if (!header) {
            std::fprintf(out, "\nMorph targets:  (mesh) count: names\n");
            header = true;
        }
        if (names == previous) {
            std::fprintf(out, "    %u: the same %u\n", i, mesh.mNumAnimMeshes);
        } else {
            std::fprintf(out, "    %u: %u: %s\n", i, mesh.mNumAnimMeshes, names.c_str());
        }
        previous = names;
    }
}

void PrintMaterials(std::FILE *out, const aiScene &scene) {
    if (scene.mNumMaterials == 0) {
        return;
    }
    std::fprintf(out, "\nNamed Materials:");
    for (unsigned int i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial &material = *scene.mMaterials[i];
        std::fprintf(out, "\n    '%s'", material.GetName().C_Str());
        if (material.mNumProperties != 0) {
            std::fprintf(out, " (prop) [index / bytes | texture semantic]");
        }
        for (unsigned int p = 0; p < material.mNumProperties; ++p) {
            const aiMaterialProperty &property = *material.mProperties[p];
            std::fprintf(out, "\n        %u (%s): [%u / %u | %s]", p, property.mKey.C_Str(),
                         property.mIndex, property.mDataLength,
                         aiTextureTypeToString(static_cast<aiTextureType>(property.mSemantic)));
        }
    }
    std::fprintf(out, "\n");
}

void PrintTextureReferences(std::FILE *out, const aiScene &scene) {
    unsigned int total = 0;
    for (unsigned int i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial &material = *scene.mMaterials[i];
        for (int type = aiTextureType_NONE; type <= AI_TEXTURE_TYPE_MAX; ++type) {
            const aiTextureType textureType = static_cast<aiTextureType>(type);
            const unsigned int count = material.GetTextureCount(textureType);
            for (unsigned int index = 0; index < count; ++index) {
                aiString path;
                if (material.GetTexture(textureType, index, &path) != aiReturn_SUCCESS) {
                    continue;
                }
                std::fprintf(out, "%s\n    '%s'", total++ == 0 ? "\nTexture Refs:" : "",
                             path.C_Str());
            }
        }
    }
    if (total != 0) {
        std::fprintf(out, "\n");
    }
}

void PrintAnimations(std::FILE *out, const aiScene &scene) {
    // The stock tool's list of names first, so that its readers still find it...
    unsigned int named = 0;
    for (unsigned int i = 0; i < scene.mNumAnimations; ++i) {
        if (scene.mAnimations[i]->mName.length != 0) {
            std::fprintf(out, "%s\n     '%s'", named++ == 0 ? "\nNamed Animations:" : "",
                         scene.mAnimations[i]->mName.C_Str());
        }
    }
    if (named != 0) {
        std::fprintf(out, "\n");
    }
    if (scene.mNumAnimations == 0) {
        return;
    }
    // ...then what it does not print: channels and timing of every animation.
    std::fprintf(out, "\nAnimation Details:  (name) [node channels / mesh channels / morph "
                      "channels | ticks per second | duration]\n");
    for (unsigned int i = 0; i < scene.mNumAnimations; ++i) {
        const aiAnimation &animation = *scene.mAnimations[i];
        std::fprintf(out, "    %u (%s): [%u / %u / %u | ", i, animation.mName.C_Str(),
                     animation.mNumChannels, animation.mNumMeshChannels,
                     animation.mNumMorphMeshChannels);
        if (animation.mTicksPerSecond > 0.0) {
            std::fprintf(out, "%g ticks/s | %g ticks = %.6f s]\n", animation.mTicksPerSecond,
                         animation.mDuration, animation.mDuration / animation.mTicksPerSecond);
        } else {
            // 0 means "not specified"; Assimp's own viewers then play 25 ticks per second.
            std::fprintf(out, "ticks/s not set | %g ticks = %.6f s at 25 ticks/s]\n",
                         animation.mDuration, animation.mDuration / 25.0);
        }
    }
}

std::string MetadataValue(const aiMetadataEntry &entry) {
    if (entry.mData == nullptr) {
        return "(no value)";
    }
    char text[256];
    switch (entry.mType) {
    case AI_BOOL:
        return *static_cast<const bool *>(entry.mData) ? "true" : "false";
    case AI_INT32:
        std::snprintf(text, sizeof text, "%d", *static_cast<const int32_t *>(entry.mData));
        return text;
    case AI_UINT64:
        std::snprintf(text, sizeof text, "%" PRIu64, *static_cast<const uint64_t *>(entry.mData));
        return text;
    case AI_FLOAT:
        std::snprintf(text, sizeof text, "%g", *static_cast<const float *>(entry.mData));
        return text;
    case AI_DOUBLE:
        std::snprintf(text, sizeof text, "%g", *static_cast<const double *>(entry.mData));
        return text;
    case AI_AISTRING:
        return "\"" + std::string(static_cast<const aiString *>(entry.mData)->C_Str()) + "\"";
    case AI_AIVECTOR3D: {
        const aiVector3D &v = *static_cast<const aiVector3D *>(entry.mData);
        std::snprintf(text, sizeof text, "(%g %g %g)", v.x, v.y, v.z);
        return text;
    }
    default:
        return "(unknown type)";
    }
}

const char *MetadataTypeName(aiMetadataType type) {
    switch (type) {
    case AI_BOOL:
        return "bool";
    case AI_INT32:
        return "int32";
    case AI_UINT64:
        return "uint64";
    case AI_FLOAT:
        return "float";
    case AI_DOUBLE:
        return "double";
    case AI_AISTRING:
        return "string";
    case AI_AIVECTOR3D:
        return "vector";
    case AI_AIMETADATA:
        return "metadata";
    default:
        return "unknown";
    }
}

void PrintMetadata(std::FILE *out, const aiMetadata &metadata, const std::string &indent,
                   int depth) {
    for (unsigned int i = 0; i < metadata.mNumProperties; ++i) {
        const aiMetadataEntry &entry = metadata.mValues[i];
        std::fprintf(out, "%s%s (%s)", indent.c_str(), metadata.mKeys[i].C_Str(),
                     MetadataTypeName(entry.mType));
        if (entry.mType != AI_AIMETADATA) {
            std::fprintf(out, ": %s\n", MetadataValue(entry).c_str());
        } else if (entry.mData == nullptr || depth >= kMaxMetadataDepth) {
            std::fprintf(out, ": ...\n");
        } else {
            std::fprintf(out, ":\n");
            PrintMetadata(out, *static_cast<const aiMetadata *>(entry.mData), indent + "    ",
                          depth + 1);
        }
    }
}

void PrintSceneMetadata(std::FILE *out, const aiScene &scene) {
    if (scene.mMetaData == nullptr || scene.mMetaData->mNumProperties == 0) {
        return;
    }
    std::fprintf(out, "\nScene Metadata:  key (type): value\n");
    PrintMetadata(out, *scene.mMetaData, "    ", 0);
}

void PrintNodeDetails(std::FILE *out, const aiNode &node, const std::string &indent) {
    aiVector3D scaling, rotation, translation;
    node.mTransformation.Decompose(scaling, rotation, translation);
    if (scaling.x != 1.0f || scaling.y != 1.0f || scaling.z != 1.0f) {
        std::fprintf(out, "%s  S:[%f %f %f]\n", indent.c_str(), scaling.x, scaling.y, scaling.z);
    }
    if (rotation.x != 0.0f || rotation.y != 0.0f || rotation.z != 0.0f) {
        std::fprintf(out, "%s  R:[%f %f %f]\n", indent.c_str(), rotation.x, rotation.y, rotation.z);
    }
    if (translation.x != 0.0f || translation.y != 0.0f || translation.z != 0.0f) {
        std::fprintf(out, "%s  T:[%f %f %f]\n", indent.c_str(), translation.x, translation.y,
                     translation.z);
    }
    if (node.mMetaData != nullptr && node.mMetaData->mNumProperties != 0) {
        std::fprintf(out, "%s  M:\n", indent.c_str());
        PrintMetadata(out, *node.mMetaData, indent + "    ", 0);
    }
}

// The node tree as the stock tool draws it; without recursion, because trees can be deep.
void PrintHierarchy(std::FILE *out, const aiNode &root, bool verbose) {
    struct Pending {
        const aiNode *node;
        std::string indent; // the prefix of this node's line, before its branch mark
        bool first;
        bool last;
    };
    std::vector<Pending> stack{{&root, "", true, false}};
    while (!stack.empty()) {
        const Pending current = stack.back();
        stack.pop_back();
        const aiNode &node = *current.node;
        const char *branch = current.first ? "" : (current.last ? kTreeLast : kTreeBranch);
        std::fprintf(out, "%s%s%s", current.indent.c_str(), branch, node.mName.C_Str());
        if (node.mNumMeshes != 0) {
            std::fprintf(out, " (mesh ");
            for (unsigned int i = 0; i < node.mNumMeshes; ++i) {
                std::fprintf(out, "%s%u", i == 0 ? "" : ", ", node.mMeshes[i]);
            }
            std::fprintf(out, ")");
        }
        std::fprintf(out, "\n");
        if (verbose) {
            std::string detailIndent = current.indent;
            detailIndent += current.last ? "  " : kTreeContinue;
            detailIndent += node.mNumChildren == 0 ? "  " : kTreeContinue;
            PrintNodeDetails(out, node, detailIndent);
        }
        const std::string childIndent =
            current.first ? current.indent : current.indent + (current.last ? "  " : kTreeContinue);
        for (unsigned int i = node.mNumChildren; i-- > 0;) {
            stack.push_back({node.mChildren[i], childIndent, false, i + 1 == node.mNumChildren});
        }
    }
}

} // namespace

ReportCounts CountForReport(const aiScene &scene) {
    ReportCounts counts;
    counts.meshes = scene.mNumMeshes;
    counts.bones = Count(scene).bones;
    counts.animations = scene.mNumAnimations;
    return counts;
}

void PrintSceneReport(std::FILE *out, const aiScene &scene, unsigned int memoryBytes,
                      const ReportStyle &style) {
    PrintCounts(out, scene, memoryBytes);
    if (style.silent) {
        std::fprintf(out, "\n");
        return;
    }
    PrintMeshes(out, scene);
    PrintMorphTargets(out, scene);
    PrintMaterials(out, scene);
    PrintTextureReferences(out, scene);
    PrintAnimations(out, scene);
    PrintSceneMetadata(out, scene);
    if (scene.mRootNode != nullptr) {
        std::fprintf(out, "\nNode hierarchy:\n");
        PrintHierarchy(out, *scene.mRootNode, style.verbose);
    }
    std::fprintf(out, "\n");
}

} // namespace agf::cli
