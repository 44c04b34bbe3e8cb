/** @file UnrealRotator.h
 *  Unreal's FRotator (pitch, yaw, roll in degrees) and quaternions in Unreal's own left-handed
 *  space, both ways: SKELSOCK stores rotators (specs/actorx.md 2.11), the importer turns them
 *  into quaternions and the PSK writer turns quaternions back.
 */
#pragma once

#include <assimp/quaternion.h>

namespace agf::actorx {

/** Degrees; pitch about Y, yaw about Z, roll about X, applied as R = Yaw * Pitch * Roll. */
struct UnrealRotator {
    float pitch = 0;
    float yaw = 0;
    float roll = 0;
};

/** The quaternion of a rotator in UE's left-handed space, with UE's sign conventions. */
aiQuaternion RotatorToQuaternion(const UnrealRotator &rotator);

/** The rotator of a unit quaternion in UE's space: the inverse of RotatorToQuaternion (up to
 *  the quaternion's sign). At pitch +-90 degrees (gimbal lock) yaw and roll share one degree of
 *  freedom; the result then puts it where Unreal's own conversion does. */
UnrealRotator QuaternionToRotator(const aiQuaternion &rotation);

} // namespace agf::actorx
