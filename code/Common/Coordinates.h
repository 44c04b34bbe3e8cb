/** @file Coordinates.h
 *  The coordinate policy shared by every format (see DEVELOPERS.md, "Coordinates").
 *
 *  Output is always Assimp's convention: right-handed, counter-clockwise front faces, UV origin
 *  at the bottom left. Data from a left-handed file is mirrored across one axis (positions,
 *  normals, rotations), which reverses the winding, so triangles are flipped too. Units are
 *  kept as in the file. An up-axis change goes on the root node only, so that mesh data,
 *  skeleton and animation keys stay in the file's own axes.
 */
#pragma once

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <cstdint>

struct aiNode;

namespace agf {

/** pi, which standard C++17 does not name (M_PI is POSIX, not C++). */
constexpr double kPi = 3.14159265358979323846;

/** Mirrors a point or direction across the XZ plane (negates Y). */
inline aiVector3D MirrorY(const aiVector3D &v) {
    return aiVector3D(v.x, -v.y, v.z);
}

/** Mirrors a point or direction across the XY plane (negates Z). */
inline aiVector3D MirrorZ(const aiVector3D &v) {
    return aiVector3D(v.x, v.y, -v.z);
}

/** The rotation that, applied to mirrored vectors, matches `q` applied to the originals, for a
 *  mirror that negates Y: the axis is mirrored and the angle reversed, (w, x, y, z) becomes
 *  (w, -x, y, -z). */
inline aiQuaternion MirrorY(const aiQuaternion &q) {
    return aiQuaternion(q.w, -q.x, q.y, -q.z);
}

/** As MirrorY for a mirror that negates Z: (w, x, y, z) becomes (w, -x, -y, z). */
inline aiQuaternion MirrorZ(const aiQuaternion &q) {
    return aiQuaternion(q.w, -q.x, -q.y, q.z);
}

/** The conjugate (inverse of a unit quaternion). */
inline aiQuaternion Conjugate(const aiQuaternion &q) {
    return aiQuaternion(q.w, -q.x, -q.y, -q.z);
}

/** Builds a quaternion from a file's (x, y, z, w) order; aiQuaternion takes (w, x, y, z). */
inline aiQuaternion QuaternionXYZW(float x, float y, float z, float w) {
    return aiQuaternion(w, x, y, z);
}

/** A texture V in a top-left-origin file to Assimp's bottom-left origin. */
inline float FlipV(float v) {
    return 1.0f - v;
}

/** Reverses a triangle's winding by swapping its last two corners. */
inline void FlipWinding(uint32_t (&corners)[3]) {
    const uint32_t second = corners[1];
    corners[1] = corners[2];
    corners[2] = second;
}

/** The transform T * R * S. */
aiMatrix4x4 ComposeTransform(const aiVector3D &translation, const aiQuaternion &rotation,
                             const aiVector3D &scaling = aiVector3D(1, 1, 1));

/** The inverse of an affine transform, computed in double precision with a bottom row of
 *  exactly 0 0 0 1. Assimp's general 4x4 inverse leaves that row an ulp off (0.99999988), which
 *  glTF forbids in inverse bind matrices and node matrices (glTF-Validator: ACCESSOR_INVALID_IBM,
 *  NODE_MATRIX_NON_TRS). The bottom row of `m` is taken as 0 0 0 1. */
aiMatrix4x4 AffineInverse(const aiMatrix4x4 &m);

/** `m` with its bottom row set to exactly 0 0 0 1 (a matrix read from a file that is affine up
 *  to rounding). */
aiMatrix4x4 WithExactAffineRow(const aiMatrix4x4 &m);

/** True when the bottom row of `m` is 0 0 0 1 within `tolerance`. */
bool IsAffine(const aiMatrix4x4 &m, float tolerance = 1e-4f);

/** The rotation that turns a Z-up space into Assimp's Y-up space: -90 degrees about X,
 *  so (x, y, z) becomes (x, z, -y). */
aiMatrix4x4 ZUpToYUpRotation();

/** Pre-multiplies the root node's transform by ZUpToYUpRotation(). The only place where an
 *  up-axis change may happen. */
void ApplyZUpToYUpOnRoot(aiNode *root);

/** Pre-multiplies the root node's transform by a uniform scale. */
void ApplyScaleOnRoot(aiNode *root, float scale);

/** True when every component is finite. */
bool IsFinite(const aiVector3D &v);
bool IsFinite(const aiQuaternion &q);

/** Normalises a quaternion read from a file; a zero or non-finite one becomes the identity. */
aiQuaternion NormalizedOrIdentity(const aiQuaternion &q);

} // namespace agf
