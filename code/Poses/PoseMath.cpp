/** @file PoseMath.cpp */
#include "Poses/PoseMath.h"

#include <cmath>

namespace agf::poses {

Mat4d ToDouble(const aiMatrix4x4 &m) {
    return Mat4d(m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1, m.d2,
                 m.d3, m.d4);
}

Mat4d Compose(const TransformParts &parts) {
    const Mat3d r = parts.rotation.GetMatrix();
    const Vec3d &s = parts.scale;
    const Vec3d &t = parts.translation;
    return Mat4d(r.a1 * s.x, r.a2 * s.y, r.a3 * s.z, t.x, //
                 r.b1 * s.x, r.b2 * s.y, r.b3 * s.z, t.y, //
                 r.c1 * s.x, r.c2 * s.y, r.c3 * s.z, t.z, //
                 0, 0, 0, 1);
}

TransformParts Decompose(const Mat4d &m) {
    TransformParts parts;
    m.Decompose(parts.scale, parts.rotation, parts.translation);
    parts.rotation.Normalize();
    return parts;
}

Quatd RotationOf(const Mat4d &m) {
    return Decompose(m).rotation;
}

Quatd Inverse(const Quatd &q) {
    Quatd inverse = q;
    inverse.Normalize();
    return inverse.Conjugate();
}

Vec3d Rotate(const Quatd &q, const Vec3d &v) {
    return q.GetMatrix() * v;
}

namespace {

// The index of the last key at or before `tick` (0 when `tick` lies before every key).
template <typename Key> unsigned KeyBefore(const Key *keys, unsigned count, double tick) {
    unsigned low = 0;
    unsigned high = count;
    while (high - low > 1) {
        const unsigned middle = low + (high - low) / 2;
        if (keys[middle].mTime <= tick) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return low;
}

// Where `tick` lies between keys `before` and `before + 1`, in [0, 1]; 0 outside the keys.
template <typename Key>
double Fraction(const Key *keys, unsigned count, unsigned before, double tick) {
    if (before + 1 >= count || tick <= keys[before].mTime) {
        return 0.0;
    }
    const double span = keys[before + 1].mTime - keys[before].mTime;
    if (!(span > 0.0)) {
        return 0.0;
    }
    const double fraction = (tick - keys[before].mTime) / span;
    return fraction < 0.0 ? 0.0 : (fraction > 1.0 ? 1.0 : fraction);
}

Vec3d SampleVectors(const aiVectorKey *keys, unsigned count, double tick, const Vec3d &rest) {
    if (keys == nullptr || count == 0) {
        return rest;
    }
    const unsigned before = KeyBefore(keys, count, tick);
    const double f = Fraction(keys, count, before, tick);
    const aiVector3D &a = keys[before].mValue;
    if (f == 0.0) {
        return Vec3d(a.x, a.y, a.z);
    }
    const aiVector3D &b = keys[before + 1].mValue;
    return Vec3d(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f);
}

Quatd ToDouble(const aiQuaternion &q) {
    return Quatd(q.w, q.x, q.y, q.z);
}

} // namespace

TransformParts SampleChannel(const aiNodeAnim &channel, double tick, const TransformParts &rest) {
    TransformParts parts;
    parts.translation =
        SampleVectors(channel.mPositionKeys, channel.mNumPositionKeys, tick, rest.translation);
    parts.scale = SampleVectors(channel.mScalingKeys, channel.mNumScalingKeys, tick, rest.scale);
    if (channel.mRotationKeys == nullptr || channel.mNumRotationKeys == 0) {
        parts.rotation = rest.rotation;
    } else {
        const aiQuatKey *keys = channel.mRotationKeys;
        const unsigned count = channel.mNumRotationKeys;
        const unsigned before = KeyBefore(keys, count, tick);
        const double f = Fraction(keys, count, before, tick);
        if (f == 0.0) {
            parts.rotation = ToDouble(keys[before].mValue);
        } else {
            Quatd::Interpolate(parts.rotation, ToDouble(keys[before].mValue),
                               ToDouble(keys[before + 1].mValue), f);
        }
        const Quatd &q = parts.rotation;
        const double length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
        // A zero or broken key would poison every conjugation it enters; the rest holds instead.
        parts.rotation =
            std::isfinite(length) && length > 1e-12 ? parts.rotation.Normalize() : rest.rotation;
    }
    return parts;
}

} // namespace agf::poses
