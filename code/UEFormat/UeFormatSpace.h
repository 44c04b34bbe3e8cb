/** @file UeFormatSpace.h
 *  From a UEFormat file's axes to Assimp's, the one place that knows them. From version 8 the
 *  values are Unreal's own: left-handed, Z up, UV origin at the top left; they are mirrored
 *  across the XZ plane (Y negated, rotations mirrored alike) and V is flipped. Before version
 *  8 the writer had done both, and values are taken as they are. Triangles keep the file's
 *  order in both cases: Unreal's index order becomes counter-clockwise once mirrored (as
 *  UEViewer's PSK export, which mirrors and swaps two corners, and our PSK import, which swaps
 *  them back, agree). Units stay centimetres; the Z-up to Y-up turn goes on the root node.
 */
#pragma once

#include "Common/Coordinates.h"
#include "Common/FileVectors.h"
#include "UeFormatVersions.h"

#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <cstdint>

namespace agf::ueformat {

class UeSpace {
public:
    explicit UeSpace(uint8_t version) : mMirror(version >= kVersionOriginalTransforms) {}

    bool mirrors() const { return mMirror; }

    /** A position or direction (also a translation key or a morph delta). */
    aiVector3D point(const Float3 &v) const {
        const aiVector3D value(v.x, v.y, v.z);
        return mMirror ? MirrorY(value) : value;
    }
    /** A rotation, normalised (a zero or non-finite one becomes the identity). */
    aiQuaternion rotation(const Float4 &q) const {
        const aiQuaternion value = QuaternionXYZW(q.x, q.y, q.z, q.w);
        return NormalizedOrIdentity(mMirror ? MirrorY(value) : value);
    }
    /** A scale is the same on both sides of a mirror. */
    static aiVector3D scale(const Float3 &v) { return aiVector3D(v.x, v.y, v.z); }
    /** A texture coordinate, with Assimp's bottom-left origin. */
    aiVector3D uv(const Float2 &uv) const {
        return aiVector3D(uv.x, mMirror ? FlipV(uv.y) : uv.y, 0.0f);
    }

private:
    bool mMirror;
};

} // namespace agf::ueformat
