/** @file IdolFxContent.cpp
 *  The content of the generated Idol FX test files, chosen so that every rule of the spec
 *  shows up in the bytes: both strides and a padded one, joints listed child-first, every
 *  influence count with garbage after the used slots, UV counts that differ from the point
 *  counts.
 */
#include "IdolFxContent.h"

#include <cmath>
#include <limits>

namespace agf::testgen::idolfx {

namespace {

constexpr float kPi = 3.14159265358979f;

std::array<float, 3> Cross(const std::array<float, 3> &a, const std::array<float, 3> &b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// File quaternion (x, y, z, w) for a rotation of `radians` about a normalised `axis`.
std::array<float, 4> AxisAngle(std::array<float, 3> axis, float radians) {
    const float length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    const float s = std::sin(radians / 2) / length;
    return {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(radians / 2)};
}

} // namespace

FxmSubmeshSpec CubeSubmesh(const std::string &name, std::array<float, 3> centre, float half,
                           uint32_t fvf, uint32_t stride) {
    FxmSubmeshSpec submesh;
    submesh.name = name;
    submesh.fvf = fvf;
    submesh.stride = stride;
    const std::array<float, 3> normals[6] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                             {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    const std::array<float, 3> tangents[6] = {{0, 1, 0}, {0, 0, 1}, {0, 0, 1},
                                              {1, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (int face = 0; face < 6; ++face) {
        const std::array<float, 3> &n = normals[face];
        const std::array<float, 3> &u = tangents[face];
        const std::array<float, 3> v = Cross(n, u); // u x v = n: corners run anticlockwise
        const auto first = static_cast<uint16_t>(submesh.vertices.size());
        for (const auto &corner : corners) {
            FxmVertexSpec vertex;
            for (int axis = 0; axis < 3; ++axis) {
                vertex.position[axis] =
                    centre[axis] + half * (n[axis] + corner[0] * u[axis] + corner[1] * v[axis]);
            }
            vertex.normal = n;
            vertex.uv0 = {(corner[0] + 1) / 2, (corner[1] + 1) / 2};
            vertex.uv1 = {0.1f * face + 0.05f * (corner[0] + 1), 0.25f * (corner[1] + 1)};
            submesh.vertices.push_back(vertex);
        }
        // The standard cross product of each triangle points outwards: Direct3D's clockwise
        // front faces in its left-handed space.
        submesh.triangles.push_back({first, uint16_t(first + 1), uint16_t(first + 2)});
        submesh.triangles.push_back({first, uint16_t(first + 2), uint16_t(first + 3)});
    }
    return submesh;
}

FxmSpec StaticFxmSpec(unsigned submeshCount, uint32_t version) {
    FxmSpec spec;
    spec.version = version;
    spec.submeshes.push_back(CubeSubmesh("Crate", {0, 1, 0}, 1, 0x112, 32));
    if (submeshCount >= 2) {
        spec.submeshes.push_back(CubeSubmesh("WallLightmap", {4, 1, 2}, 0.5f, 0x212, 40));
    }
    if (submeshCount >= 3) {
        // An FVF that says 32 bytes with a 36-byte stride: the stride must come from the file.
        spec.submeshes.push_back(CubeSubmesh("Padded", {-3, 2, -1}, 0.75f, 0x112, 36));
    }
    return spec;
}

FxmSpec KeyposeFxmSpec(unsigned jointCount) {
    static const char *const kNames[5] = {"Bip01", "Bip01 Pelvis", "Bip01 Spine", "Bip01 Spine1",
                                          "Bip01 Neck"};
    FxmSpec spec;
    spec.version = 2;
    spec.skeletonFlag = 1;
    // Chain level -> file index. The 5-joint file lists children before their parents.
    std::vector<int32_t> fileIndex(jointCount);
    for (unsigned level = 0; level < jointCount; ++level) {
        fileIndex[level] = static_cast<int32_t>(jointCount == 5 ? jointCount - 1 - level : level);
    }
    spec.joints.resize(jointCount);
    for (unsigned level = 0; level < jointCount; ++level) {
        FxmJointSpec &joint = spec.joints[static_cast<size_t>(fileIndex[level])];
        joint.name = kNames[level];
        if (level == 0) {
            joint.parent = -1;
            joint.translation = {1, 2, 3};
            joint.rotationAxis = {0, 1, 0};
            joint.rotationRadians = kPi / 6;
        } else {
            joint.parent = fileIndex[level - 1];
            joint.translation = {0, 10, 1};
            joint.rotationAxis = {1, 0, 0.5f};
            joint.rotationRadians = 0.2f * static_cast<float>(level);
        }
    }

    FxmSubmeshSpec submesh;
    submesh.name = "Ghoul";
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (unsigned level = 0; level < jointCount; ++level) {
        const aiMatrix4x4 world = JointWorldMatrix(spec, static_cast<size_t>(fileIndex[level]));
        for (int side = 0; side < 2; ++side) {
            const unsigned v = 2 * level + side;
            FxmVertexSpec vertex;
            const float dx = side == 0 ? -2.0f : 2.0f;
            vertex.position = {world.a4 + dx, world.b4, world.c4};
            vertex.normal = {0, 0, -1};
            vertex.uv0 = {static_cast<float>(side), level / float(jointCount - 1)};
            submesh.vertices.push_back(vertex);

            auto joint = [&](unsigned offset) {
                return static_cast<uint8_t>(fileIndex[(level + offset) % jointCount]);
            };
            FxmSkinSpec skin;
            switch (v % 4) {
            case 0: // n = 0: one implicit influence; everything after slot 0 is garbage
                skin.influenceCount = 0;
                skin.weights = {side == 0 ? 1.0f : 0.99999994f, nan, 1e30f, -5.0f};
                skin.joints = {joint(0), 250, 251, 252};
                break;
            case 1: // n = 2
                skin.influenceCount = 2;
                skin.weights = {0.7f, 0.3f, nan, 77.0f};
                skin.joints = {joint(0), joint(1), 200, 201};
                break;
            case 2: // n = 3, weights summing to 0.9: renormalised
                skin.influenceCount = 3;
                skin.weights = {0.5f, 0.3f, 0.1f, nan};
                skin.joints = {joint(0), joint(1), joint(2), 255};
                break;
            default: // n = 4; with 3 joints the fourth weight is 0 and dropped
                skin.influenceCount = 4;
                skin.weights = {0.4f, 0.3f, 0.2f, jointCount >= 4 ? 0.1f : 0.0f};
                skin.joints = {joint(0), joint(1), joint(2), joint(3)};
                break;
            }
            submesh.skin.push_back(skin);
        }
    }
    for (unsigned level = 0; level + 1 < jointCount; ++level) {
        const auto a = static_cast<uint16_t>(2 * level);
        submesh.triangles.push_back({a, uint16_t(a + 2), uint16_t(a + 1)});
        submesh.triangles.push_back({uint16_t(a + 1), uint16_t(a + 2), uint16_t(a + 3)});
    }
    spec.submeshes.push_back(submesh);
    return spec;
}

MotSpec ChainMotSpec(unsigned jointCount) {
    static const char *const kNames[5] = {"Bip01", "Bip01 Pelvis", "Bip01 Spine", "Bip01 Spine1",
                                          "Bip01 Neck"};
    MotSpec spec;
    MotTrackSpec root;
    root.name = kNames[0];
    root.positions = {{0.0f, {1, 2, 3}}, {0.5f, {1, 4, 3}}, {1.0f, {1, 2, 6}}};
    root.rotations = {{0.0f, AxisAngle({0, 1, 0}, kPi / 6)}, {1.0f, AxisAngle({1, 2, 3}, 1.2f)}};
    root.scalings = {{0.0f, {1, 1, 1}}, {1.0f, {1, 1.5f, 1}}};
    spec.tracks.push_back(root);
    for (unsigned level = 1; level < jointCount; ++level) {
        MotTrackSpec track;
        track.name = kNames[level];
        track.rotations = {{0.0f, AxisAngle({1, 0, 0.5f}, 0.2f * level)},
                           {0.25f, AxisAngle({1, 0, 0}, 0.5f)},
                           {1.0f, AxisAngle({0, 0.5f, 1}, -0.7f)}};
        spec.tracks.push_back(track);
    }
    return spec;
}

AnbSpec TwoSubmeshAnbSpec() {
    AnbSpec spec;
    AnbSubmeshSpec quad;
    quad.basePoints = {
        {0, 0, 0, 0, 0, -1}, {2, 0, 0, 0, 0, -1}, {2, 2, 0, 0, 0, -1}, {0, 2, 0, 0, 0, -1}};
    quad.triangles = {{0, 1, 2}, {0, 2, 3}};
    quad.uvs = {{0, 1}, {1, 1}, {1, 0}, {0.5f, 1}, {1, 0.5f}, {0, 0}};
    quad.uvTriangles = {{0, 1, 2}, {3, 4, 5}};

    AnbSubmeshSpec pyramid;
    pyramid.basePoints = {{5, 0, 0, 0, -1, 0},
                          {7, 0, 0, 0, -1, 0},
                          {7, 0, 2, 0, -1, 0},
                          {5, 0, 2, 0, -1, 0},
                          {6, 3, 1, 0, 1, 0}};
    pyramid.triangles = {{0, 4, 1}, {1, 4, 2}, {2, 4, 3}, {3, 4, 0}, {0, 1, 2}, {0, 2, 3}};
    pyramid.uvs = {{0, 0}, {1, 0}, {0.5f, 1}};
    pyramid.uvTriangles = {{0, 2, 1}, {0, 2, 1}, {0, 2, 1}, {0, 2, 1}, {0, 1, 2}, {0, 1, 2}};

    for (int frame = 1; frame <= 3; ++frame) {
        for (AnbSubmeshSpec *submesh : {&quad, &pyramid}) {
            std::vector<std::array<float, 6>> points = submesh->basePoints;
            for (size_t k = 0; k < points.size(); ++k) {
                points[k][0] += 0.5f * frame;
                points[k][1] += 0.25f * frame * static_cast<float>(k + 1);
                points[k][2] -= 0.125f * frame;
                points[k][3] += 0.01f * frame;
            }
            submesh->frames.push_back(points);
        }
    }
    spec.submeshes = {quad, pyramid};
    return spec;
}

} // namespace agf::testgen::idolfx
