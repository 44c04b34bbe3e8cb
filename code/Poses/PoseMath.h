/** @file PoseMath.h
 *  Double-precision transforms for carrying poses between skeletons.
 *
 *  Pose transfer multiplies rest and posed matrices along whole bone chains and conjugates
 *  quaternions by them; in float (ai_real) the error of a deep chain reaches 1e-5, which is the
 *  tolerance the tests hold the conventions to. So the work is done with Assimp's own templates
 *  in double, and only the keys written into the scene are float.
 */
#pragma once

#include <assimp/anim.h>
#include <assimp/matrix3x3.h>
#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/scene.h>
#include <assimp/vector3.h>

#include <unordered_map>
#include <vector>

namespace agf::poses {

using Vec3d = aiVector3t<double>;
using Quatd = aiQuaterniont<double>;
using Mat3d = aiMatrix3x3t<double>;
using Mat4d = aiMatrix4x4t<double>;

/** A transform split into translation, rotation and per-axis scale (T * R * S). */
struct TransformParts {
    Vec3d translation{0, 0, 0};
    Quatd rotation;
    Vec3d scale{1, 1, 1};
};

Mat4d ToDouble(const aiMatrix4x4 &m);

/** T * R * S as a matrix. */
Mat4d Compose(const TransformParts &parts);

/** Splits a matrix into T * R * S (the rotation normalised). */
TransformParts Decompose(const Mat4d &m);

/** The rotation part of a matrix. */
Quatd RotationOf(const Mat4d &m);

Quatd Inverse(const Quatd &q);

/** q * v * q^-1: rotates a vector. */
Vec3d Rotate(const Quatd &q, const Vec3d &v);

/** The transform of every node of a tree relative to the scene root's parent (the root's own
 *  transform included), computed without recursion. `local` gives each node's local
 *  transform. */
template <typename LocalTransform>
std::unordered_map<const aiNode *, Mat4d> WorldTransforms(const aiNode *root,
                                                          LocalTransform local) {
    std::unordered_map<const aiNode *, Mat4d> world;
    if (root == nullptr) {
        return world;
    }
    world[root] = local(root);
    std::vector<const aiNode *> pending{root};
    while (!pending.empty()) {
        const aiNode *node = pending.back();
        pending.pop_back();
        const Mat4d parent = world[node];
        for (unsigned i = 0; i < node->mNumChildren; ++i) {
            const aiNode *child = node->mChildren[i];
            world[child] = parent * local(child);
            pending.push_back(child);
        }
    }
    return world;
}

/** The channel's transform at `tick`: positions and scales interpolated linearly, rotations
 *  by slerp; before the first key the first holds, after the last the last. A kind without
 *  keys takes the rest value from `rest`. */
TransformParts SampleChannel(const aiNodeAnim &channel, double tick, const TransformParts &rest);

} // namespace agf::poses
