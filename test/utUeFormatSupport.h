/** @file utUeFormatSupport.h
 *  Helpers of the UEFormat and additive-animation tests: importing bytes and files, sampling
 *  channels, and comparing with the known content (test_models/generators/UeFormatContent.h).
 */
#pragma once

#include "TestSupport.h"
#include "UeFormatContent.h"
#include "UeFormatModels.h"

#include "Common/AnimationSampling.h"

#include <assimp/scene.h>

#include <cmath>
#include <string>
#include <vector>

namespace agf::test::ue {

namespace gen = agf::testgen::ueformat;

/** Imports UEFormat bytes from memory (no sibling files) with validation; `hint` is the
 *  extension. nullptr on failure. */
inline const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes,
                                  const char *hint = "uemodel") {
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), aiProcess_ValidateDataStructure,
                                       hint);
}

/** The known model in `version` and `compression`. */
inline std::vector<uint8_t> KnightModelBytes(uint8_t version = 10, const char *compression = "") {
    gen::FileOptions options;
    options.version = version;
    options.compression = compression;
    return gen::WriteKnightModel(options);
}

inline std::vector<uint8_t> KnightAnimBytes(gen::AnimKind kind, uint8_t version = 10,
                                            const char *compression = "") {
    gen::FileOptions options;
    options.version = version;
    options.compression = compression;
    return gen::WriteKnightAnim(options, kind);
}

inline const aiNode *FindNode(const aiScene *scene, const std::string &name) {
    return scene->mRootNode->FindNode(name.c_str());
}

inline const aiAnimation *FindAnimation(const aiScene *scene, const std::string &name) {
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        if (name == scene->mAnimations[a]->mName.C_Str()) {
            return scene->mAnimations[a];
        }
    }
    return nullptr;
}

inline const aiNodeAnim *FindChannel(const aiAnimation *animation, const std::string &node) {
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        if (node == animation->mChannels[c]->mNodeName.C_Str()) {
            return animation->mChannels[c];
        }
    }
    return nullptr;
}

/** A node's local pose at `tick`: its channel's keys, its own transform where there are none. */
inline TransformParts PoseOf(const aiScene *scene, const aiAnimation *animation,
                             const std::string &node, double tick) {
    const aiNode *found = FindNode(scene, node);
    return SampleChannel(FindChannel(animation, node), tick,
                         TransformParts::Of(found->mTransformation));
}

inline bool Near(const aiVector3D &a, const aiVector3D &b, float tolerance = 1e-4f) {
    return (a - b).Length() <= tolerance;
}

/** One rotation (q and -q alike) within `tolerance`. */
inline bool SameRotation(const aiQuaternion &a, const aiQuaternion &b, float tolerance = 1e-4f) {
    const double dot =
        double(a.w) * b.w + double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z;
    return std::fabs(std::fabs(dot) - 1.0) <= tolerance;
}

/** Expects a pose within 1e-4 of `expected`, naming `what` on failure. */
inline void ExpectPose(const TransformParts &pose, const gen::Transform &expected,
                       const std::string &what) {
    EXPECT_TRUE(Near(pose.position, expected.position))
        << what << ": position (" << pose.position.x << " " << pose.position.y << " "
        << pose.position.z << "), expected (" << expected.position.x << " " << expected.position.y
        << " " << expected.position.z << ")";
    EXPECT_TRUE(SameRotation(pose.rotation, expected.rotation)) << what << ": rotation";
    EXPECT_TRUE(Near(pose.scaling, expected.scale)) << what << ": scale";
}

inline std::string MetadataString(const aiMetadata *metadata, const std::string &key) {
    aiString value;
    return metadata != nullptr && metadata->Get(key, value) ? value.C_Str() : std::string();
}

} // namespace agf::test::ue
