/** @file AnimationSampling.h
 *  The value of an animation channel at any time, the way Assimp's own viewer and most
 *  Assimp-based players compute it: positions and scales interpolated linearly, rotations by
 *  spherical interpolation along the shorter arc (aiQuaternion::Interpolate), and the first or
 *  last key held before the first and after the last key (the pre- and post-states of
 *  aiNodeAnim are not applied). A kind of key the channel lacks takes the node's rest value.
 */
#pragma once

#include <assimp/anim.h>
#include <assimp/matrix4x4.h>

namespace agf {

/** A channel's value at `time` (ticks). Keys must be sorted by time. A time within `snap`
 *  ticks of a key takes that key's value exactly (for frames sampled on key times that
 *  floating-point arithmetic moved by a few ulps). `fallback` is used when there is no key. */
aiVector3D SampleVectorKeys(const aiVectorKey *keys, unsigned count, double time,
                            const aiVector3D &fallback, double snap = 0.0);
aiQuaternion SampleRotationKeys(const aiQuatKey *keys, unsigned count, double time,
                                const aiQuaternion &fallback, double snap = 0.0);

/** A local transform split into its parts. */
struct TransformParts {
    aiVector3D position;
    aiQuaternion rotation;
    aiVector3D scaling{1, 1, 1};

    /** The matrix T * R * S. */
    aiMatrix4x4 matrix() const;
    /** The parts of an affine matrix (Assimp's Decompose). */
    static TransformParts Of(const aiMatrix4x4 &matrix);
};

/** The local transform of a node driven by `channel` at `time`; the parts the channel has no
 *  keys for come from `rest` (the node's own transform). `channel` may be null: `rest`. */
TransformParts SampleChannel(const aiNodeAnim *channel, double time, const TransformParts &rest,
                             double snap = 0.0);

/** True when the keys of every kind of the channel are in time order. */
bool ChannelKeysSorted(const aiNodeAnim &channel);

} // namespace agf
