/** @file ExportTestScene.cpp */
#include "ExportTestScene.h"

#include <algorithm>
#include <vector>

namespace agf::test {

namespace {

aiVector3D Bone1Position(size_t key) {
    return aiVector3D(0.0f, 1.0f + 0.25f * static_cast<float>(key),
                      0.1f * static_cast<float>(key * key));
}
aiQuaternion Bone1Rotation(size_t key) {
    return aiQuaternion(aiVector3D(0.0f, 0.0f, 1.0f), 0.4f * static_cast<float>(key));
}

} // namespace

void BuildSkinnedMorphingScene(aiScene *scene) {
    scene->mRootNode = new aiNode("Root");
    aiNode *meshNode = new aiNode("Body");
    aiNode *bone0 = new aiNode("Bone0");
    aiNode *bone1 = new aiNode("Bone1");
    bone1->mTransformation = aiMatrix4x4::Translation(aiVector3D(0, 1, 0), bone1->mTransformation);
    scene->mRootNode->addChildren(2, std::array<aiNode *, 2>{meshNode, bone0}.data());
    bone0->addChildren(1, &bone1);
    meshNode->mNumMeshes = 1;
    meshNode->mMeshes = new unsigned int[1]{0};

    aiMesh *mesh = new aiMesh();
    mesh->mName = "Body";
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    std::vector<aiVector3D> positions;
    for (int level = 0; level < 3; ++level) {
        positions.emplace_back(-0.5f, static_cast<float>(level), -0.5f);
        positions.emplace_back(0.5f, static_cast<float>(level), -0.5f);
        positions.emplace_back(0.5f, static_cast<float>(level), 0.5f);
        positions.emplace_back(-0.5f, static_cast<float>(level), 0.5f);
    }
    mesh->mNumVertices = static_cast<unsigned int>(positions.size());
    mesh->mVertices = new aiVector3D[positions.size()];
    mesh->mNormals = new aiVector3D[positions.size()];
    std::copy(positions.begin(), positions.end(), mesh->mVertices);
    for (size_t i = 0; i < positions.size(); ++i) {
        aiVector3D normal(positions[i].x, 0.0f, positions[i].z);
        mesh->mNormals[i] = normal.Normalize();
    }
    // The four sides of both storeys, two counter-clockwise triangles each (seen from outside).
    std::vector<std::array<unsigned int, 3>> triangles;
    for (unsigned int level = 0; level < 2; ++level) {
        for (unsigned int side = 0; side < 4; ++side) {
            const unsigned int a = level * 4 + side, b = level * 4 + (side + 1) % 4;
            const unsigned int c = a + 4, d = b + 4;
            triangles.push_back({a, c, b});
            triangles.push_back({b, c, d});
        }
    }
    mesh->mNumFaces = static_cast<unsigned int>(triangles.size());
    mesh->mFaces = new aiFace[triangles.size()];
    for (size_t f = 0; f < triangles.size(); ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices =
            new unsigned int[3]{triangles[f][0], triangles[f][1], triangles[f][2]};
    }

    // Bone0 owns the bottom row, Bone1 the top row, the middle row is shared 0.75 / 0.25.
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2];
    for (unsigned int b = 0; b < 2; ++b) {
        aiBone *bone = new aiBone();
        bone->mName = b == 0 ? "Bone0" : "Bone1";
        std::vector<aiVertexWeight> weights;
        for (unsigned int v = 0; v < mesh->mNumVertices; ++v) {
            const unsigned int level = v / 4;
            const float weight =
                level == 1 ? (b == 0 ? 0.75f : 0.25f) : ((level == 0) == (b == 0) ? 1.0f : 0.0f);
            if (weight > 0.0f) {
                weights.emplace_back(v, weight);
            }
        }
        bone->mNumWeights = static_cast<unsigned int>(weights.size());
        bone->mWeights = new aiVertexWeight[weights.size()];
        std::copy(weights.begin(), weights.end(), bone->mWeights);
        // Bone1 sits at y = 1 in bind pose: its offset matrix moves the mesh there.
        bone->mOffsetMatrix =
            b == 0 ? aiMatrix4x4()
                   : aiMatrix4x4::Translation(aiVector3D(0, -1, 0), bone->mOffsetMatrix);
        mesh->mBones[b] = bone;
    }

    // Two morph targets: "Bulge" pushes the middle row out, "Lift" raises the top row.
    mesh->mNumAnimMeshes = 2;
    mesh->mAnimMeshes = new aiAnimMesh *[2];
    for (unsigned int m = 0; m < 2; ++m) {
        aiAnimMesh *target = new aiAnimMesh();
        target->mName = m == 0 ? "Bulge" : "Lift";
        target->mNumVertices = mesh->mNumVertices;
        target->mVertices = new aiVector3D[mesh->mNumVertices];
        for (unsigned int v = 0; v < mesh->mNumVertices; ++v) {
            aiVector3D p = positions[v];
            if (m == 0 && v / 4 == 1) {
                p.x *= 1.5f;
                p.z *= 1.5f;
            } else if (m == 1 && v / 4 == 2) {
                p.y += 0.5f;
            }
            target->mVertices[v] = p;
        }
        target->mWeight = 0.0f;
        mesh->mAnimMeshes[m] = target;
    }
    mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1] { mesh };

    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1] { new aiMaterial() };
    aiString materialName("Skin");
    scene->mMaterials[0]->AddProperty(&materialName, AI_MATKEY_NAME);

    aiAnimation *animation = new aiAnimation();
    animation->mName = "Wave";
    animation->mTicksPerSecond = kTicksPerSecond;
    animation->mDuration = kDurationTicks;
    aiNodeAnim *channel = new aiNodeAnim();
    channel->mNodeName = "Bone1";
    channel->mNumPositionKeys = static_cast<unsigned int>(kBone1PositionTicks.size());
    channel->mPositionKeys = new aiVectorKey[kBone1PositionTicks.size()];
    for (size_t k = 0; k < kBone1PositionTicks.size(); ++k) {
        channel->mPositionKeys[k] = aiVectorKey(kBone1PositionTicks[k], Bone1Position(k));
    }
    channel->mNumRotationKeys = static_cast<unsigned int>(kBone1RotationTicks.size());
    channel->mRotationKeys = new aiQuatKey[kBone1RotationTicks.size()];
    for (size_t k = 0; k < kBone1RotationTicks.size(); ++k) {
        channel->mRotationKeys[k] = aiQuatKey(kBone1RotationTicks[k], Bone1Rotation(k));
    }
    channel->mNumScalingKeys = 1;
    channel->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1, 1, 1))};
    aiNodeAnim *rootChannel = new aiNodeAnim();
    rootChannel->mNodeName = "Bone0";
    rootChannel->mNumPositionKeys = 2;
    rootChannel->mPositionKeys = new aiVectorKey[2]{
        aiVectorKey(0.0, aiVector3D(0, 0, 0)), aiVectorKey(kDurationTicks, aiVector3D(2, 0, 0))};
    rootChannel->mNumRotationKeys = 1;
    rootChannel->mRotationKeys = new aiQuatKey[1]{aiQuatKey(0.0, aiQuaternion())};
    rootChannel->mNumScalingKeys = 1;
    rootChannel->mScalingKeys = new aiVectorKey[1]{aiVectorKey(0.0, aiVector3D(1, 1, 1))};
    animation->mNumChannels = 2;
    animation->mChannels = new aiNodeAnim *[2] { rootChannel, channel };
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1] { animation };
}

} // namespace agf::test
