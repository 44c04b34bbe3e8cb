/** @file UnrealRotator.cpp */
#include "UnrealRotator.h"

#include "Common/Coordinates.h"

#include <cmath>

namespace agf::actorx {

namespace {

constexpr double kDegreesPerRadian = 180.0 / kPi;
/** Beyond this, sin(pitch) / 2 counts as +-1/2: the pitch is +-90 degrees (Unreal's value). */
constexpr double kGimbalThreshold = 0.4999995;

/** An angle in degrees brought into (-180, 180]. */
double NormalizedDegrees(double angle) {
    angle = std::fmod(angle, 360.0);
    if (angle > 180.0) {
        angle -= 360.0;
    } else if (angle <= -180.0) {
        angle += 360.0;
    }
    return angle;
}

} // namespace

aiQuaternion RotatorToQuaternion(const UnrealRotator &rotator) {
    const double halfRadians = kPi / 360.0;
    const double sp = std::sin(rotator.pitch * halfRadians);
    const double cp = std::cos(rotator.pitch * halfRadians);
    const double sy = std::sin(rotator.yaw * halfRadians), cy = std::cos(rotator.yaw * halfRadians);
    const double sr = std::sin(rotator.roll * halfRadians);
    const double cr = std::cos(rotator.roll * halfRadians);
    const double x = cr * sp * sy - sr * cp * cy;
    const double y = -cr * sp * cy - sr * cp * sy;
    const double z = cr * cp * sy - sr * sp * cy;
    const double w = cr * cp * cy + sr * sp * sy;
    return aiQuaternion(static_cast<float>(w), static_cast<float>(x), static_cast<float>(y),
                        static_cast<float>(z));
}

UnrealRotator QuaternionToRotator(const aiQuaternion &rotation) {
    const double x = rotation.x, y = rotation.y, z = rotation.z, w = rotation.w;
    // sin(pitch) / 2 in the convention of RotatorToQuaternion.
    const double halfSinPitch = z * x - w * y;
    const double yaw = std::atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z));
    UnrealRotator result;
    result.yaw = static_cast<float>(yaw * kDegreesPerRadian);
    if (halfSinPitch < -kGimbalThreshold) {
        result.pitch = -90.0f;
        result.roll = static_cast<float>(
            NormalizedDegrees(-result.yaw - 2.0 * std::atan2(x, w) * kDegreesPerRadian));
    } else if (halfSinPitch > kGimbalThreshold) {
        result.pitch = 90.0f;
        result.roll = static_cast<float>(
            NormalizedDegrees(result.yaw - 2.0 * std::atan2(x, w) * kDegreesPerRadian));
    } else {
        result.pitch = static_cast<float>(std::asin(2.0 * halfSinPitch) * kDegreesPerRadian);
        result.roll = static_cast<float>(
            std::atan2(-2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y)) * kDegreesPerRadian);
    }
    return result;
}

} // namespace agf::actorx
