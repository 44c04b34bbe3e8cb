/** @file PoserEuler.h
 *  Poser's Euler rotations as quaternions. Header-only so that other code (pose transfer,
 *  tests of other families) can use it without depending on the Poser importer.
 *
 *  Convention (spec open question 3, decided here; see GameFormats.h, "Poser"): an actor's
 *  rotation order is the order in which its rotateX/Y/Z channels are listed, e.g. "YZX". The
 *  first listed axis is the twist along the bone and is applied FIRST to the geometry, the last
 *  listed (the main bend) last, each about the axes of the joint's orientation frame, which do
 *  not move:  E = R(last) * R(middle) * R(first)  in column-vector form. (Read intrinsically,
 *  that is: bend first, then the remaining rotations about the moved axes, twist last, so the
 *  twist turns the limb about its own posed length, as Poser's documentation describes the
 *  twist.) Note that a BVH CHANNELS line lists the same rotation in the reverse order.
 *
 *  The joint's posed local rotation is O * E * O^-1, where O is the `orientation` (degrees
 *  about X, Y, Z) composed in the same order.
 */
#pragma once

#include <assimp/quaternion.h>

#include <cmath>
#include <string>

namespace agf::poser {

/** A quaternion in double precision, (w, x, y, z), for composing without float round-off. */
struct PoserQuat {
    double w = 1, x = 0, y = 0, z = 0;

    /** this * other: `other` is applied first. */
    PoserQuat operator*(const PoserQuat &o) const {
        return {w * o.w - x * o.x - y * o.y - z * o.z, w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x, w * o.z + x * o.y - y * o.x + z * o.w};
    }
    PoserQuat conjugate() const { return {w, -x, -y, -z}; }
    aiQuaternion toAssimp() const {
        const double n = std::sqrt(w * w + x * x + y * y + z * z);
        if (!(n > 0) || !std::isfinite(n)) {
            return aiQuaternion();
        }
        return aiQuaternion(static_cast<ai_real>(w / n), static_cast<ai_real>(x / n),
                            static_cast<ai_real>(y / n), static_cast<ai_real>(z / n));
    }
};

/** A rotation of `degrees` about the X, Y or Z axis ('X', 'Y', 'Z'); identity otherwise. */
inline PoserQuat PoserAxisRotation(char axis, double degrees) {
    const double half = degrees * (3.14159265358979323846 / 360.0);
    const double s = std::sin(half);
    const double c = std::cos(half);
    switch (axis) {
    case 'X':
        return {c, s, 0, 0};
    case 'Y':
        return {c, 0, s, 0};
    case 'Z':
        return {c, 0, 0, s};
    default:
        return {};
    }
}

/** Completes a rotation order: the listed axes first (duplicates and other letters dropped),
 *  then the missing ones in X, Y, Z order. "" gives "XYZ", "ZX" gives "ZXY". */
inline std::string CompletePoserRotationOrder(const std::string &listed) {
    std::string order;
    for (char axis : listed + "XYZ") {
        if ((axis == 'X' || axis == 'Y' || axis == 'Z') && order.find(axis) == std::string::npos) {
            order += axis;
        }
    }
    return order;
}

/** E(order, angles): `angles` are degrees about X, Y, Z; `order` as listed in the file (it is
 *  completed with CompletePoserRotationOrder). The first listed axis is applied first. */
inline PoserQuat PoserEulerRotation(const std::string &order, double xDegrees, double yDegrees,
                                    double zDegrees) {
    PoserQuat result;
    for (char axis : CompletePoserRotationOrder(order)) {
        const double degrees = axis == 'X' ? xDegrees : axis == 'Y' ? yDegrees : zDegrees;
        result = PoserAxisRotation(axis, degrees) * result; // later axes apply after
    }
    return result;
}

/** The posed local rotation of a joint with identity rest rotation: O * E * O^-1, with O the
 *  orientation angles composed in the same order. */
inline PoserQuat PoserJointRotation(const std::string &order, const double orientation[3],
                                    const double angles[3]) {
    const PoserQuat frame =
        PoserEulerRotation(order, orientation[0], orientation[1], orientation[2]);
    return frame * PoserEulerRotation(order, angles[0], angles[1], angles[2]) * frame.conjugate();
}

} // namespace agf::poser
