/** @file SceneComparison.cpp */
#include "SceneComparison.h"

#include <assimp/scene.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace agf::cli {

namespace {

/** Thrown at the first difference; caught by CompareScenes. */
struct Different {};

class Comparer {
public:
    explicit Comparer(double tolerance) : mTolerance(tolerance) {}

    SceneDifference result;

    void scene(const aiScene &a, const aiScene &e) {
        Scope scope(*this, "aiScene");
        value("mFlags", a.mFlags, e.mFlags);
        metadata(a.mMetaData, e.mMetaData);
        each("mMeshes", a.mMeshes, a.mNumMeshes, e.mMeshes, e.mNumMeshes, &Comparer::mesh);
        each("mMaterials", a.mMaterials, a.mNumMaterials, e.mMaterials, e.mNumMaterials,
             &Comparer::material);
        each("mAnimations", a.mAnimations, a.mNumAnimations, e.mAnimations, e.mNumAnimations,
             &Comparer::animation);
        each("mTextures", a.mTextures, a.mNumTextures, e.mTextures, e.mNumTextures,
             &Comparer::texture);
        each("mLights", a.mLights, a.mNumLights, e.mLights, e.mNumLights, &Comparer::light);
        each("mCameras", a.mCameras, a.mNumCameras, e.mCameras, e.mNumCameras, &Comparer::camera);
        present("mRootNode", a.mRootNode, e.mRootNode);
        if (a.mRootNode != nullptr) {
            Scope root(*this, "mRootNode");
            node(*a.mRootNode, *e.mRootNode);
        }
    }

private:
    /** One step of the path, popped when it goes out of scope. */
    struct Scope {
        Scope(Comparer &comparer, const std::string &step) : mComparer(comparer) {
            mComparer.mPath.push_back(step);
        }
        ~Scope() { mComparer.mPath.pop_back(); }
        Comparer &mComparer;
    };

    [[noreturn]] void differ(const std::string &field, const std::string &detail) {
        std::string path;
        for (const std::string &step : mPath) {
            path += (path.empty() || step[0] == '[' ? "" : ".") + step;
        }
        result.equal = false;
        result.path = path + (field.empty() || field[0] == '[' ? "" : ".") + field;
        result.detail = detail;
        throw Different();
    }

    template <typename T> static std::string text(const T &v) {
        std::ostringstream out;
        out.precision(9);
        out << v;
        return out.str();
    }

    template <typename T> void value(const std::string &field, const T &a, const T &e) {
        ++result.valuesCompared;
        if (!(a == e)) {
            differ(field, "expected " + text(e) + ", but actual is " + text(a));
        }
    }

    void real(const std::string &field, double a, double e) {
        ++result.valuesCompared;
        const bool bothNan = std::isnan(a) && std::isnan(e);
        if (!bothNan && !(std::fabs(a - e) <= mTolerance)) {
            differ(field, "expected " + text(e) + ", but actual is " + text(a) + " (delta " +
                              text(std::fabs(a - e)) + ")");
        }
    }

    void name(const std::string &field, const aiString &a, const aiString &e) {
        value(field, std::string(a.C_Str()), std::string(e.C_Str()));
    }

    void vector(const std::string &field, const aiVector3D &a, const aiVector3D &e) {
        Scope scope(*this, field);
        real("x", a.x, e.x);
        real("y", a.y, e.y);
        real("z", a.z, e.z);
    }

    void color(const std::string &field, const aiColor4D &a, const aiColor4D &e) {
        Scope scope(*this, field);
        real("r", a.r, e.r);
        real("g", a.g, e.g);
        real("b", a.b, e.b);
        real("a", a.a, e.a);
    }

    void color(const std::string &field, const aiColor3D &a, const aiColor3D &e) {
        color(field, aiColor4D(a.r, a.g, a.b, 1), aiColor4D(e.r, e.g, e.b, 1));
    }

    void matrix(const std::string &field, const aiMatrix4x4 &a, const aiMatrix4x4 &e) {
        Scope scope(*this, field);
        for (unsigned row = 0; row < 4; ++row) {
            for (unsigned column = 0; column < 4; ++column) {
                real("m" + std::to_string(row) + std::to_string(column), a[row][column],
                     e[row][column]);
            }
        }
    }

    template <typename T> void present(const std::string &field, const T *a, const T *e) {
        value(field + " present", a != nullptr, e != nullptr);
    }

    /** Compares two arrays of `count` vectors (either may be absent). */
    void vectors(const std::string &field, const aiVector3D *a, const aiVector3D *e,
                 unsigned count) {
        present(field, a, e);
        for (unsigned i = 0; a != nullptr && i < count; ++i) {
            vector(field + "[" + std::to_string(i) + "]", a[i], e[i]);
        }
    }

    template <typename T>
    void each(const std::string &field, T *const *a, unsigned aCount, T *const *e, unsigned eCount,
              void (Comparer::*compare)(const T &, const T &)) {
        value(field + ".size", aCount, eCount);
        for (unsigned i = 0; i < aCount; ++i) {
            Scope scope(*this, field + "[" + std::to_string(i) + "]");
            (this->*compare)(*a[i], *e[i]);
        }
    }

    void node(const aiNode &a, const aiNode &e) {
        name("mName", a.mName, e.mName);
        matrix("mTransformation", a.mTransformation, e.mTransformation);
        value("mNumMeshes", a.mNumMeshes, e.mNumMeshes);
        for (unsigned i = 0; i < a.mNumMeshes; ++i) {
            value("mMeshes[" + std::to_string(i) + "]", a.mMeshes[i], e.mMeshes[i]);
        }
        metadata(a.mMetaData, e.mMetaData);
        each("mChildren", a.mChildren, a.mNumChildren, e.mChildren, e.mNumChildren,
             &Comparer::node);
    }

    void metadata(const aiMetadata *a, const aiMetadata *e) {
        const unsigned aCount = a != nullptr ? a->mNumProperties : 0;
        const unsigned eCount = e != nullptr ? e->mNumProperties : 0;
        value("mMetaData.size", aCount, eCount);
        for (unsigned i = 0; i < aCount; ++i) {
            Scope scope(*this, "mMetaData[" + std::to_string(i) + "]");
            name("key", a->mKeys[i], e->mKeys[i]);
            metadataEntry(a->mValues[i], e->mValues[i]);
        }
    }

    void metadataEntry(const aiMetadataEntry &a, const aiMetadataEntry &e) {
        value("type", int(a.mType), int(e.mType));
        switch (a.mType) {
        case AI_BOOL:
            value("value", *static_cast<const bool *>(a.mData),
                  *static_cast<const bool *>(e.mData));
            break;
        case AI_INT32:
            value("value", *static_cast<const int32_t *>(a.mData),
                  *static_cast<const int32_t *>(e.mData));
            break;
        case AI_UINT64:
            value("value", *static_cast<const uint64_t *>(a.mData),
                  *static_cast<const uint64_t *>(e.mData));
            break;
        case AI_FLOAT:
            real("value", *static_cast<const float *>(a.mData),
                 *static_cast<const float *>(e.mData));
            break;
        case AI_DOUBLE:
            real("value", *static_cast<const double *>(a.mData),
                 *static_cast<const double *>(e.mData));
            break;
        case AI_AISTRING:
            name("value", *static_cast<const aiString *>(a.mData),
                 *static_cast<const aiString *>(e.mData));
            break;
        case AI_AIVECTOR3D:
            vector("value", *static_cast<const aiVector3D *>(a.mData),
                   *static_cast<const aiVector3D *>(e.mData));
            break;
        case AI_AIMETADATA:
            metadata(static_cast<const aiMetadata *>(a.mData),
                     static_cast<const aiMetadata *>(e.mData));
            break;
        default:
            break;
        }
    }

    void mesh(const aiMesh &a, const aiMesh &e) {
        name("mName", a.mName, e.mName);
        value("mPrimitiveTypes", a.mPrimitiveTypes, e.mPrimitiveTypes);
        value("mMaterialIndex", a.mMaterialIndex, e.mMaterialIndex);
        value("mNumVertices", a.mNumVertices, e.mNumVertices);
        vectors("mVertices", a.mVertices, e.mVertices, a.mNumVertices);
        vectors("mNormals", a.mNormals, e.mNormals, a.mNumVertices);
        vectors("mTangents", a.mTangents, e.mTangents, a.mNumVertices);
        vectors("mBitangents", a.mBitangents, e.mBitangents, a.mNumVertices);
        for (unsigned set = 0; set < AI_MAX_NUMBER_OF_COLOR_SETS; ++set) {
            const std::string field = "mColors[" + std::to_string(set) + "]";
            present(field, a.mColors[set], e.mColors[set]);
            for (unsigned i = 0; a.mColors[set] != nullptr && i < a.mNumVertices; ++i) {
                color(field + "[" + std::to_string(i) + "]", a.mColors[set][i], e.mColors[set][i]);
            }
        }
        for (unsigned set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
            const std::string field = "mTextureCoords[" + std::to_string(set) + "]";
            value(field + ".mNumUVComponents", a.mNumUVComponents[set], e.mNumUVComponents[set]);
            vectors(field, a.mTextureCoords[set], e.mTextureCoords[set], a.mNumVertices);
        }
        value("mNumFaces", a.mNumFaces, e.mNumFaces);
        for (unsigned f = 0; f < a.mNumFaces; ++f) {
            const std::string field = "mFaces[" + std::to_string(f) + "]";
            value(field + ".mNumIndices", a.mFaces[f].mNumIndices, e.mFaces[f].mNumIndices);
            for (unsigned i = 0; i < a.mFaces[f].mNumIndices; ++i) {
                value(field + ".mIndices[" + std::to_string(i) + "]", a.mFaces[f].mIndices[i],
                      e.mFaces[f].mIndices[i]);
            }
        }
        each("mBones", a.mBones, a.mNumBones, e.mBones, e.mNumBones, &Comparer::bone);
        each("mAnimMeshes", a.mAnimMeshes, a.mNumAnimMeshes, e.mAnimMeshes, e.mNumAnimMeshes,
             &Comparer::animMesh);
    }

    void bone(const aiBone &a, const aiBone &e) {
        name("mName", a.mName, e.mName);
        matrix("mOffsetMatrix", a.mOffsetMatrix, e.mOffsetMatrix);
        value("mNumWeights", a.mNumWeights, e.mNumWeights);
        for (unsigned w = 0; w < a.mNumWeights; ++w) {
            Scope scope(*this, "mWeights[" + std::to_string(w) + "]");
            value("mVertexId", a.mWeights[w].mVertexId, e.mWeights[w].mVertexId);
            real("mWeight", a.mWeights[w].mWeight, e.mWeights[w].mWeight);
        }
    }

    void animMesh(const aiAnimMesh &a, const aiAnimMesh &e) {
        name("mName", a.mName, e.mName);
        real("mWeight", a.mWeight, e.mWeight);
        value("mNumVertices", a.mNumVertices, e.mNumVertices);
        vectors("mVertices", a.mVertices, e.mVertices, a.mNumVertices);
        vectors("mNormals", a.mNormals, e.mNormals, a.mNumVertices);
    }

    void material(const aiMaterial &a, const aiMaterial &e) {
        value("mNumProperties", a.mNumProperties, e.mNumProperties);
        for (unsigned p = 0; p < a.mNumProperties; ++p) {
            const aiMaterialProperty &pa = *a.mProperties[p];
            const aiMaterialProperty &pe = *e.mProperties[p];
            Scope scope(*this, "mProperties[" + std::to_string(p) + "]");
            name("mKey", pa.mKey, pe.mKey);
            value("mSemantic", pa.mSemantic, pe.mSemantic);
            value("mIndex", pa.mIndex, pe.mIndex);
            value("mType", int(pa.mType), int(pe.mType));
            value("mDataLength", pa.mDataLength, pe.mDataLength);
            materialData(pa, pe);
        }
    }

    void materialData(const aiMaterialProperty &a, const aiMaterialProperty &e) {
        if (a.mType == aiPTI_Float && a.mDataLength % sizeof(float) == 0) {
            for (size_t i = 0; i < a.mDataLength / sizeof(float); ++i) {
                float fa = 0, fe = 0;
                std::memcpy(&fa, a.mData + i * sizeof(float), sizeof fa);
                std::memcpy(&fe, e.mData + i * sizeof(float), sizeof fe);
                real("mData[" + std::to_string(i) + "]", fa, fe);
            }
            return;
        }
        if (a.mType == aiPTI_Double && a.mDataLength % sizeof(double) == 0) {
            for (size_t i = 0; i < a.mDataLength / sizeof(double); ++i) {
                double da = 0, de = 0;
                std::memcpy(&da, a.mData + i * sizeof(double), sizeof da);
                std::memcpy(&de, e.mData + i * sizeof(double), sizeof de);
                real("mData[" + std::to_string(i) + "]", da, de);
            }
            return;
        }
        ++result.valuesCompared;
        if (std::memcmp(a.mData, e.mData, a.mDataLength) != 0) {
            differ("mData", "the property's bytes differ");
        }
    }

    void animation(const aiAnimation &a, const aiAnimation &e) {
        name("mName", a.mName, e.mName);
        real("mDuration", a.mDuration, e.mDuration);
        real("mTicksPerSecond", a.mTicksPerSecond, e.mTicksPerSecond);
        each("mChannels", a.mChannels, a.mNumChannels, e.mChannels, e.mNumChannels,
             &Comparer::nodeAnim);
        each("mMorphMeshChannels", a.mMorphMeshChannels, a.mNumMorphMeshChannels,
             e.mMorphMeshChannels, e.mNumMorphMeshChannels, &Comparer::morphChannel);
        value("mNumMeshChannels", a.mNumMeshChannels, e.mNumMeshChannels);
    }

    void nodeAnim(const aiNodeAnim &a, const aiNodeAnim &e) {
        name("mNodeName", a.mNodeName, e.mNodeName);
        value("mPreState", int(a.mPreState), int(e.mPreState));
        value("mPostState", int(a.mPostState), int(e.mPostState));
        vectorKeys("mPositionKeys", a.mPositionKeys, a.mNumPositionKeys, e.mPositionKeys,
                   e.mNumPositionKeys);
        value("mNumRotationKeys", a.mNumRotationKeys, e.mNumRotationKeys);
        for (unsigned k = 0; k < a.mNumRotationKeys; ++k) {
            Scope scope(*this, "mRotationKeys[" + std::to_string(k) + "]");
            const aiQuatKey &ka = a.mRotationKeys[k];
            const aiQuatKey &ke = e.mRotationKeys[k];
            real("mTime", ka.mTime, ke.mTime);
            real("mValue.w", ka.mValue.w, ke.mValue.w);
            real("mValue.x", ka.mValue.x, ke.mValue.x);
            real("mValue.y", ka.mValue.y, ke.mValue.y);
            real("mValue.z", ka.mValue.z, ke.mValue.z);
        }
        vectorKeys("mScalingKeys", a.mScalingKeys, a.mNumScalingKeys, e.mScalingKeys,
                   e.mNumScalingKeys);
    }

    void vectorKeys(const std::string &field, const aiVectorKey *a, unsigned aCount,
                    const aiVectorKey *e, unsigned eCount) {
        value(field + ".size", aCount, eCount);
        for (unsigned k = 0; k < aCount; ++k) {
            Scope scope(*this, field + "[" + std::to_string(k) + "]");
            real("mTime", a[k].mTime, e[k].mTime);
            vector("mValue", a[k].mValue, e[k].mValue);
        }
    }

    void morphChannel(const aiMeshMorphAnim &a, const aiMeshMorphAnim &e) {
        name("mName", a.mName, e.mName);
        value("mNumKeys", a.mNumKeys, e.mNumKeys);
        for (unsigned k = 0; k < a.mNumKeys; ++k) {
            Scope scope(*this, "mKeys[" + std::to_string(k) + "]");
            const aiMeshMorphKey &ka = a.mKeys[k];
            const aiMeshMorphKey &ke = e.mKeys[k];
            real("mTime", ka.mTime, ke.mTime);
            value("mNumValuesAndWeights", ka.mNumValuesAndWeights, ke.mNumValuesAndWeights);
            for (unsigned i = 0; i < ka.mNumValuesAndWeights; ++i) {
                value("mValues[" + std::to_string(i) + "]", ka.mValues[i], ke.mValues[i]);
                real("mWeights[" + std::to_string(i) + "]", ka.mWeights[i], ke.mWeights[i]);
            }
        }
    }

    void texture(const aiTexture &a, const aiTexture &e) {
        name("mFilename", a.mFilename, e.mFilename);
        value("mWidth", a.mWidth, e.mWidth);
        value("mHeight", a.mHeight, e.mHeight);
        value("achFormatHint", std::string(a.achFormatHint), std::string(e.achFormatHint));
        // A compressed texture is mWidth bytes; an uncompressed one mWidth * mHeight texels.
        const size_t bytes =
            a.mHeight == 0 ? a.mWidth : size_t(a.mWidth) * a.mHeight * sizeof(aiTexel);
        ++result.valuesCompared;
        if (bytes != 0 && std::memcmp(a.pcData, e.pcData, bytes) != 0) {
            differ("pcData", "the texture's data differ");
        }
    }

    void light(const aiLight &a, const aiLight &e) {
        name("mName", a.mName, e.mName);
        value("mType", int(a.mType), int(e.mType));
        vector("mPosition", a.mPosition, e.mPosition);
        vector("mDirection", a.mDirection, e.mDirection);
        vector("mUp", a.mUp, e.mUp);
        real("mAttenuationConstant", a.mAttenuationConstant, e.mAttenuationConstant);
        real("mAttenuationLinear", a.mAttenuationLinear, e.mAttenuationLinear);
        real("mAttenuationQuadratic", a.mAttenuationQuadratic, e.mAttenuationQuadratic);
        color("mColorDiffuse", a.mColorDiffuse, e.mColorDiffuse);
        color("mColorSpecular", a.mColorSpecular, e.mColorSpecular);
        color("mColorAmbient", a.mColorAmbient, e.mColorAmbient);
        real("mAngleInnerCone", a.mAngleInnerCone, e.mAngleInnerCone);
        real("mAngleOuterCone", a.mAngleOuterCone, e.mAngleOuterCone);
    }

    void camera(const aiCamera &a, const aiCamera &e) {
        name("mName", a.mName, e.mName);
        vector("mPosition", a.mPosition, e.mPosition);
        vector("mUp", a.mUp, e.mUp);
        vector("mLookAt", a.mLookAt, e.mLookAt);
        real("mHorizontalFOV", a.mHorizontalFOV, e.mHorizontalFOV);
        real("mClipPlaneNear", a.mClipPlaneNear, e.mClipPlaneNear);
        real("mClipPlaneFar", a.mClipPlaneFar, e.mClipPlaneFar);
        real("mAspect", a.mAspect, e.mAspect);
    }

    double mTolerance;
    std::vector<std::string> mPath;
};

} // namespace

SceneDifference CompareScenes(const aiScene &actual, const aiScene &expected, double tolerance) {
    Comparer comparer(tolerance);
    try {
        comparer.scene(actual, expected);
    } catch (const Different &) {
        // comparer.result holds the first difference.
    }
    return comparer.result;
}

} // namespace agf::cli
