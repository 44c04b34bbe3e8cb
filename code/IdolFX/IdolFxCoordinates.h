/** @file IdolFxCoordinates.h
 *  The Direct3D-to-Assimp conversion of spec §2.7, in one place for FXM, MOT and ANB.
 *
 *  Converting (the default) mirrors Z, which makes the left-handed data right-handed; the
 *  mirror reverses the winding, so triangles are flipped too, and V is flipped to a
 *  bottom-left origin. "Native" keeps the file's space and only changes the matrix layout
 *  (row vectors to Assimp's column vectors), which is a notation, not a change of space.
 */
#pragma once

#include "Common/Coordinates.h"
#include "IdolFxFileData.h"

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/types.h> // the .inl definitions of the vector, matrix and quaternion templates
#include <assimp/vector3.h>

#include <array>

namespace agf::idolfx {

class IdolFxSpace {
public:
    explicit IdolFxSpace(bool convertToRightHanded) : mConvert(convertToRightHanded) {}

    bool converts() const { return mConvert; }

    aiVector3D point(const Float3 &p) const {
        const aiVector3D v(p.x, p.y, p.z);
        return mConvert ? MirrorZ(v) : v;
    }

    aiVector3D uv(const Float2 &uv) const {
        return aiVector3D(uv.x, mConvert ? FlipV(uv.y) : uv.y, 0.0f);
    }

    /** Corners of a file triangle in the output winding. */
    void triangle(uint32_t (&corners)[3]) const {
        if (mConvert) {
            FlipWinding(corners);
        }
    }

    /** A Direct3D row-vector matrix (16 floats, row-major, translation in 12..14) in Assimp's
     *  column-vector form: transposed, then S * M * S with S = diag(1, 1, -1, 1). */
    aiMatrix4x4 matrix(const std::array<float, 16> &rowMajor) const {
        const auto &m = rowMajor;
        aiMatrix4x4 result(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11],
                           m[12], m[13], m[14], m[15]);
        result.Transpose();
        if (mConvert) {
            // S * M * S negates every element with exactly one index equal to 2 (the Z row or
            // column, but not the diagonal element c3).
            result.a3 = -result.a3;
            result.b3 = -result.b3;
            result.d3 = -result.d3;
            result.c1 = -result.c1;
            result.c2 = -result.c2;
            result.c4 = -result.c4;
        }
        return result;
    }

    /** A MOT rotation key (D3DX x, y, z, w, which both working importers conjugate) as an
     *  Assimp rotation: conjugate, then mirror Z when converting, giving (x, y, -z, w);
     *  (-x, -y, -z, w) in native space. */
    aiQuaternion rotation(float x, float y, float z, float w) const {
        const aiQuaternion conjugated = Conjugate(QuaternionXYZW(x, y, z, w));
        return mConvert ? MirrorZ(conjugated) : conjugated;
    }

private:
    bool mConvert;
};

} // namespace agf::idolfx
