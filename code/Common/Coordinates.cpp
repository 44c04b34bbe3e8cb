/** @file Coordinates.cpp */
#include "Coordinates.h"

#include <assimp/scene.h>

#include <cmath>

namespace agf {

aiMatrix4x4 ComposeTransform(const aiVector3D &translation, const aiQuaternion &rotation,
                             const aiVector3D &scaling) {
    return aiMatrix4x4(scaling, rotation, translation);
}

aiMatrix4x4 AffineInverse(const aiMatrix4x4 &m) {
    const double a = m.a1, b = m.a2, c = m.a3;
    const double d = m.b1, e = m.b2, f = m.b3;
    const double g = m.c1, h = m.c2, i = m.c3;
    // The 3x3 part by its adjugate; the translation goes through that inverse, negated.
    const double cofactorA = e * i - f * h, cofactorB = f * g - d * i, cofactorC = d * h - e * g;
    const double determinant = a * cofactorA + b * cofactorB + c * cofactorC;
    const double scale = determinant != 0.0 ? 1.0 / determinant : 0.0;
    const double inverse[3][3] = {
        {cofactorA * scale, (c * h - b * i) * scale, (b * f - c * e) * scale},
        {cofactorB * scale, (a * i - c * g) * scale, (c * d - a * f) * scale},
        {cofactorC * scale, (b * g - a * h) * scale, (a * e - b * d) * scale},
    };
    const double translation[3] = {m.a4, m.b4, m.c4};
    aiMatrix4x4 result;
    for (unsigned row = 0; row < 3; ++row) {
        double moved = 0.0;
        for (unsigned column = 0; column < 3; ++column) {
            result[row][column] = static_cast<float>(inverse[row][column]);
            moved -= inverse[row][column] * translation[column];
        }
        result[row][3] = static_cast<float>(moved);
    }
    result.d1 = result.d2 = result.d3 = 0.0f;
    result.d4 = 1.0f;
    return result;
}

aiMatrix4x4 WithExactAffineRow(const aiMatrix4x4 &m) {
    aiMatrix4x4 result = m;
    result.d1 = result.d2 = result.d3 = 0.0f;
    result.d4 = 1.0f;
    return result;
}

bool IsAffine(const aiMatrix4x4 &m, float tolerance) {
    return std::fabs(m.d1) <= tolerance && std::fabs(m.d2) <= tolerance &&
           std::fabs(m.d3) <= tolerance && std::fabs(m.d4 - 1.0f) <= tolerance;
}

aiMatrix4x4 ZUpToYUpRotation() {
    aiMatrix4x4 rotation;
    aiMatrix4x4::RotationX(static_cast<float>(-kPi / 2.0), rotation);
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
