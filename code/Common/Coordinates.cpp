/** @file Coordinates.cpp */
#include "Coordinates.h"

#include <assimp/scene.h>

#include <cmath>

namespace agf {

aiMatrix4x4 ComposeTransform(const aiVector3D &translation, const aiQuaternion &rotation,
                             const aiVector3D &scaling) {
    return aiMatrix4x4(scaling, rotation, translation);
}

aiMatrix4x4 ZUpToYUpRotation() {
    aiMatrix4x4 rotation;
    aiMatrix4x4::RotationX(static_cast<float>(-M_PI / 2.0), rotation);
    // Snap the cos/sin rounding noise so that the matrix is an exact axis permutation.
    for (unsigned row = 0; row < 4; ++row) {
        for (unsigned column = 0; column < 4; ++column) {
            rotation[row][column] = std::round(rotation[row][column]);
        }
    }
    return rotation;
}

void ApplyZUpToYUpOnRoot(aiNode *root) {
    root->mTransformation = ZUpToYUpRotation() * root->mTransformation;
}

void ApplyScaleOnRoot(aiNode *root, float scale) {
    aiMatrix4x4 scaling;
    aiMatrix4x4::Scaling(aiVector3D(scale, scale, scale), scaling);
    root->mTransformation = scaling * root->mTransformation;
}

bool IsFinite(const aiVector3D &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool IsFinite(const aiQuaternion &q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

aiQuaternion NormalizedOrIdentity(const aiQuaternion &q) {
    if (!IsFinite(q)) {
        return aiQuaternion();
    }
    const double lengthSquared =
        double(q.w) * q.w + double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z;
    if (!(lengthSquared > 1e-12) || !std::isfinite(lengthSquared)) {
        return aiQuaternion();
    }
    const float inverse = static_cast<float>(1.0 / std::sqrt(lengthSquared));
    return aiQuaternion(q.w * inverse, q.x * inverse, q.y * inverse, q.z * inverse);
}

} // namespace agf
