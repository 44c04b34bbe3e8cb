#include "SceneHash.h"

#include <assimp/scene.h>

#include <cstring>

namespace agf::bench {
namespace {

class Hasher {
public:
    void bytes(const void *data, size_t size) {
        const auto *p = static_cast<const unsigned char *>(data);
        for (size_t i = 0; i < size; ++i) {
            value_ = (value_ ^ p[i]) * 1099511628211ull;
        }
    }
    template <typename T> void pod(const T &v) { bytes(&v, sizeof v); }
    // Arrays are hashed with their length, and a missing array differs from an empty one.
    template <typename T> void array(const T *data, size_t count) {
        pod(uint64_t(count));
        pod(uint8_t(data != nullptr));
        if (data != nullptr) {
            bytes(data, sizeof(T) * count);
        }
    }
    void string(const aiString &s) { array(s.data, s.length); }
    uint64_t value() const { return value_; }

private:
    uint64_t value_ = 14695981039346656037ull;
};

void HashMetadata(Hasher &h, const aiMetadata *meta) {
    h.pod(uint8_t(meta != nullptr));
    if (meta == nullptr) {
        return;
    }
    h.pod(meta->mNumProperties);
    for (unsigned i = 0; i < meta->mNumProperties; ++i) {
        h.string(meta->mKeys[i]);
        const aiMetadataEntry &entry = meta->mValues[i];
        h.pod(int(entry.mType));
        switch (entry.mType) {
        case AI_BOOL:
            h.pod(*static_cast<const bool *>(entry.mData));
            break;
        case AI_INT32:
            h.pod(*static_cast<const int32_t *>(entry.mData));
            break;
        case AI_UINT64:
            h.pod(*static_cast<const uint64_t *>(entry.mData));
            break;
        case AI_FLOAT:
            h.pod(*static_cast<const float *>(entry.mData));
            break;
        case AI_DOUBLE:
            h.pod(*static_cast<const double *>(entry.mData));
            break;
        case AI_AISTRING:
            h.string(*static_cast<const aiString *>(entry.mData));
            break;
        case AI_AIVECTOR3D:
            h.pod(*static_cast<const aiVector3D *>(entry.mData));
            break;
        case AI_AIMETADATA:
            HashMetadata(h, static_cast<const aiMetadata *>(entry.mData));
            break;
        default:
            break;
        }
    }
}

void HashNode(Hasher &h, const aiNode &node) {
    h.string(node.mName);
    h.pod(node.mTransformation);
    h.array(node.mMeshes, node.mNumMeshes);
    HashMetadata(h, node.mMetaData);
    h.pod(node.mNumChildren);
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        HashNode(h, *node.mChildren[i]);
    }
}

void HashMesh(Hasher &h, const aiMesh &mesh) {
    h.string(mesh.mName);
    h.pod(mesh.mPrimitiveTypes);
    h.pod(mesh.mMaterialIndex);
    h.pod(mesh.mMethod);
    h.pod(mesh.mAABB);
    const size_t n = mesh.mNumVertices;
    h.array(mesh.mVertices, n);
    h.array(mesh.mNormals, n);
    h.array(mesh.mTangents, n);
    h.array(mesh.mBitangents, n);
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_COLOR_SETS; ++c) {
        h.array(mesh.mColors[c], n);
    }
    for (unsigned t = 0; t < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++t) {
        h.array(mesh.mTextureCoords[t], n);
        h.pod(mesh.mNumUVComponents[t]);
    }
    h.pod(mesh.mNumFaces);
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        h.array(mesh.mFaces[f].mIndices, mesh.mFaces[f].mNumIndices);
    }
    h.pod(mesh.mNumBones);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone &bone = *mesh.mBones[b];
        h.string(bone.mName);
        h.pod(bone.mOffsetMatrix);
        h.array(bone.mWeights, bone.mNumWeights);
    }
    h.pod(mesh.mNumAnimMeshes);
    for (unsigned a = 0; a < mesh.mNumAnimMeshes; ++a) {
        const aiAnimMesh &anim = *mesh.mAnimMeshes[a];
        h.string(anim.mName);
        h.pod(anim.mWeight);
        h.array(anim.mVertices, anim.mNumVertices);
        h.array(anim.mNormals, anim.mNumVertices);
    }
}

void HashMaterial(Hasher &h, const aiMaterial &material) {
    h.pod(material.mNumProperties);
    for (unsigned i = 0; i < material.mNumProperties; ++i) {
        const aiMaterialProperty &p = *material.mProperties[i];
        h.string(p.mKey);
        h.pod(p.mSemantic);
        h.pod(p.mIndex);
        h.pod(int(p.mType));
        h.array(p.mData, p.mDataLength);
    }
}

// Keys are hashed field by field: aiVectorKey has padding, and from Assimp 5.3 on both key
// types carry an interpolation field that leaves padding after it.
template <typename Key> void HashKeys(Hasher &h, const Key *keys, size_t count) {
    h.pod(uint64_t(count));
    h.pod(uint8_t(keys != nullptr));
    for (size_t k = 0; keys != nullptr && k < count; ++k) {
        h.pod(keys[k].mTime);
        h.pod(keys[k].mValue);
    }
}

void HashAnimation(Hasher &h, const aiAnimation &anim) {
    h.string(anim.mName);
    h.pod(anim.mDuration);
    h.pod(anim.mTicksPerSecond);
    h.pod(anim.mNumChannels);
    for (unsigned c = 0; c < anim.mNumChannels; ++c) {
        const aiNodeAnim &ch = *anim.mChannels[c];
        h.string(ch.mNodeName);
        HashKeys(h, ch.mPositionKeys, ch.mNumPositionKeys);
        HashKeys(h, ch.mRotationKeys, ch.mNumRotationKeys);
        HashKeys(h, ch.mScalingKeys, ch.mNumScalingKeys);
        h.pod(int(ch.mPreState));
        h.pod(int(ch.mPostState));
    }
    h.pod(anim.mNumMeshChannels);
    for (unsigned c = 0; c < anim.mNumMeshChannels; ++c) {
        const aiMeshAnim &ch = *anim.mMeshChannels[c];
        h.string(ch.mName);
        h.pod(ch.mNumKeys);
        for (unsigned k = 0; k < ch.mNumKeys; ++k) {
            h.pod(ch.mKeys[k].mTime);
            h.pod(ch.mKeys[k].mValue);
        }
    }
    h.pod(anim.mNumMorphMeshChannels);
    for (unsigned c = 0; c < anim.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim &ch = *anim.mMorphMeshChannels[c];
        h.string(ch.mName);
        h.pod(ch.mNumKeys);
        for (unsigned k = 0; k < ch.mNumKeys; ++k) {
            h.pod(ch.mKeys[k].mTime);
            h.array(ch.mKeys[k].mValues, ch.mKeys[k].mNumValuesAndWeights);
            h.array(ch.mKeys[k].mWeights, ch.mKeys[k].mNumValuesAndWeights);
        }
    }
}

} // namespace

uint64_t HashScene(const aiScene &scene) {
    Hasher h;
    h.pod(scene.mFlags);
    h.pod(uint8_t(scene.mRootNode != nullptr));
    if (scene.mRootNode != nullptr) {
        HashNode(h, *scene.mRootNode);
    }
    h.pod(scene.mNumMeshes);
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        HashMesh(h, *scene.mMeshes[i]);
    }
    h.pod(scene.mNumMaterials);
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        HashMaterial(h, *scene.mMaterials[i]);
    }
    h.pod(scene.mNumAnimations);
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        HashAnimation(h, *scene.mAnimations[i]);
    }
    h.pod(scene.mNumTextures);
    for (unsigned i = 0; i < scene.mNumTextures; ++i) {
        const aiTexture &t = *scene.mTextures[i];
        h.pod(t.mWidth);
        h.pod(t.mHeight);
        h.bytes(t.achFormatHint, sizeof t.achFormatHint);
        h.string(t.mFilename);
        // A compressed texture (mHeight 0) holds mWidth bytes, not texels.
        const size_t bytes = t.mHeight == 0 ? t.mWidth : size_t(t.mWidth) * t.mHeight * 4;
        h.pod(uint8_t(t.pcData != nullptr));
        if (t.pcData != nullptr) {
            h.bytes(t.pcData, bytes);
        }
    }
    h.pod(scene.mNumLights);
    for (unsigned i = 0; i < scene.mNumLights; ++i) {
        const aiLight &light = *scene.mLights[i];
        h.string(light.mName);
        h.pod(int(light.mType));
        h.pod(light.mPosition);
        h.pod(light.mDirection);
        h.pod(light.mUp);
        h.pod(light.mAttenuationConstant);
        h.pod(light.mAttenuationLinear);
        h.pod(light.mAttenuationQuadratic);
        h.pod(light.mColorDiffuse);
        h.pod(light.mColorSpecular);
        h.pod(light.mColorAmbient);
        h.pod(light.mAngleInnerCone);
        h.pod(light.mAngleOuterCone);
        h.pod(light.mSize);
    }
    h.pod(scene.mNumCameras);
    for (unsigned i = 0; i < scene.mNumCameras; ++i) {
        const aiCamera &camera = *scene.mCameras[i];
        h.string(camera.mName);
        h.pod(camera.mPosition);
        h.pod(camera.mUp);
        h.pod(camera.mLookAt);
        h.pod(camera.mHorizontalFOV);
        h.pod(camera.mClipPlaneNear);
        h.pod(camera.mClipPlaneFar);
        h.pod(camera.mAspect);
    }
    HashMetadata(h, scene.mMetaData);
    return h.value();
}

} // namespace agf::bench
