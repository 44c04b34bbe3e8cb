/** @file P3dModels.cpp
 *  Generators for the Bohemia P3D test models (MLOD, SP3X, LZSS-packed, ODOL v40, ODOL v7).
 */
#include "GeneratedModels.h"
#include "P3dTestModels.h"

#include <algorithm>
#include <cmath>

namespace agf::testgen {

namespace p3d {

namespace {

// Assimp space (right-handed) to engine space (left-handed): mirror Z.
Vec3 ToEngine(const Vec3 &v) {
    return Vec3{v[0], v[1], -v[2]};
}
// An outward Assimp normal as MLOD stores it: engine space, pointing into the mesh (spec 2.8).
Vec3 ToMlodNormal(const Vec3 &outward) {
    return Vec3{-outward[0], -outward[1], outward[2]};
}

Vec3 Sub(const Vec3 &a, const Vec3 &b) {
    return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 Cross(const Vec3 &a, const Vec3 &b) {
    return Vec3{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
float Dot(const Vec3 &a, const Vec3 &b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

const Vec3 kCubeCorners[8] = {{-0.5f, -0.5f, -0.5f}, {0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, -0.5f},
                              {-0.5f, 0.5f, -0.5f},  {-0.5f, -0.5f, 0.5f}, {0.5f, -0.5f, 0.5f},
                              {0.5f, 0.5f, 0.5f},    {-0.5f, 0.5f, 0.5f}};

struct CubeFace {
    Vec3 normal;
    std::vector<uint32_t> corners; // counter-clockwise from outside (Assimp space)
};

std::vector<CubeFace> CubeFaces() {
    std::vector<CubeFace> faces;
    const Vec3 normals[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const Vec3 &normal : normals) {
        CubeFace face;
        face.normal = normal;
        for (uint32_t c = 0; c < 8; ++c) {
            if (Dot(kCubeCorners[c], normal) > 0) {
                face.corners.push_back(c);
            }
        }
        // Order the four corners around the face centre, counter-clockwise about the normal.
        const Vec3 centre = {normal[0] * 0.5f, normal[1] * 0.5f, normal[2] * 0.5f};
        const Vec3 axisU = std::fabs(normal[1]) > 0.5f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
        const Vec3 axisV = Cross(normal, axisU);
        std::sort(face.corners.begin(), face.corners.end(), [&](uint32_t a, uint32_t b) {
            const Vec3 da = Sub(kCubeCorners[a], centre);
            const Vec3 db = Sub(kCubeCorners[b], centre);
            return std::atan2(Dot(da, axisV), Dot(da, axisU)) <
                   std::atan2(Dot(db, axisV), Dot(db, axisU));
        });
        faces.push_back(face);
    }
    return faces;
}

const Uv kQuadUvs[4] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};

/** A cube LOD: quads, or two triangles per face for the faces in `splitFaces`. */
MlodLod CubeLod(float resolution, const std::vector<bool> &split, const std::string &texture1,
                const std::string &material1, const std::string &texture2) {
    MlodLod lod;
    lod.resolution = resolution;
    for (const Vec3 &corner : kCubeCorners) {
        lod.points.push_back(ToEngine(corner));
    }
    const std::vector<CubeFace> faces = CubeFaces();
    for (size_t f = 0; f < faces.size(); ++f) {
        lod.normals.push_back(ToMlodNormal(faces[f].normal));
        const uint32_t normal = static_cast<uint32_t>(f);
        const std::string &texture = f < 3 ? texture1 : texture2;
        const std::string &material = f < 3 ? material1 : std::string();
        const std::vector<uint32_t> &c = faces[f].corners;
        if (f < split.size() && split[f]) {
            for (const auto &tri : {std::vector<size_t>{0, 1, 2}, std::vector<size_t>{0, 2, 3}}) {
                MlodFace face;
                for (size_t k : tri) {
                    face.points.push_back(c[k]);
                    face.normals.push_back(normal);
                    face.uvs.push_back(kQuadUvs[k]);
                }
                face.texture = texture;
                face.material = material;
                lod.faces.push_back(face);
            }
        } else {
            MlodFace face;
            for (size_t k = 0; k < 4; ++k) {
                face.points.push_back(c[k]);
                face.normals.push_back(normal);
                face.uvs.push_back(kQuadUvs[k]);
            }
            face.texture = texture;
            face.material = material;
            lod.faces.push_back(face);
        }
    }
    return lod;
}

std::vector<Uv> CornerUvs(const MlodLod &lod, float scale) {
    std::vector<Uv> uvs;
    for (const MlodFace &face : lod.faces) {
        for (const Uv &uv : face.uvs) {
            uvs.push_back(Uv{uv[0] * scale, uv[1] * scale});
        }
    }
    return uvs;
}

} // namespace

std::vector<MlodLod> MlodCubeLods() {
    std::vector<MlodLod> lods;
    // LOD 0.000: faces 1 and 4 are split into triangles (4 quads + 4 triangles).
    MlodLod visual = CubeLod(0.0f, {false, true, false, false, true, false}, "agf\\cube_co.paa",
                             "agf\\cube.rvmat", "#(argb,8,8,3)color(1,0,0,1,co)");
    MlodSelection top{"top", {}, {}};
    MlodSelection partial{"partial", {}, {}};
    MlodSelection root{"root", {}, {}};
    MlodSelection lid{"lid", {}, {}};
    for (uint32_t p = 0; p < 8; ++p) {
        const bool upper = kCubeCorners[p][1] > 0;
        if (upper) {
            top.points.emplace_back(p, 1);
            lid.points.emplace_back(p, 1);
            root.points.emplace_back(p, 192); // partial: (256 - 192) / 255
        } else {
            root.points.emplace_back(p, 1);
        }
        if (p < 4) {
            partial.points.emplace_back(p, 128);
        }
    }
    for (uint32_t f = 0; f < visual.faces.size(); ++f) {
        bool allUpper = true;
        for (uint32_t point : visual.faces[f].points) {
            allUpper = allUpper && kCubeCorners[point][1] > 0;
        }
        if (allUpper) {
            top.faces.push_back(f);
        }
    }
    visual.selections = {top, partial, root, lid};
    visual.properties = {{"lodnoshadow", "1"}, {"class", "house"}};
    visual.sharpEdges = {{0, 1}, {2, 2}, {1, 2}};
    visual.extraUvSets.emplace_back(1, CornerUvs(visual, 0.5f));
    std::vector<Vec3> doubled;
    for (const Vec3 &p : visual.points) {
        doubled.push_back(Vec3{p[0] * 2, p[1] * 2, p[2] * 2});
    }
    visual.frames = {{0.0f, visual.points}, {1.0f, doubled}};
    lods.push_back(visual);

    // LOD 1.000: the cube plus a proxy triangle (right angle at the origin corner, the longer
    // edge up, the shorter one along engine +X).
    MlodLod second = CubeLod(1.0f, {}, "agf\\cube_co.paa", "agf\\cube.rvmat", "");
    const uint32_t base = static_cast<uint32_t>(second.points.size());
    const Vec3 origin{2.0f, 0.0f, 1.0f}; // engine space
    second.points.push_back(origin);
    second.points.push_back(Vec3{origin[0], origin[1] + 1.0f, origin[2]});
    second.points.push_back(Vec3{origin[0] + 0.5f, origin[1], origin[2]});
    second.normals.push_back(Vec3{0, 0, 1});
    MlodFace proxyFace;
    proxyFace.points = {base, base + 1, base + 2};
    const uint32_t proxyNormal = static_cast<uint32_t>(second.normals.size() - 1);
    proxyFace.normals = {proxyNormal, proxyNormal, proxyNormal};
    proxyFace.uvs = {Uv{0, 0}, Uv{0, 1}, Uv{1, 0}};
    second.faces.push_back(proxyFace);
    MlodSelection proxy{"proxy:\\agf\\proxies\\crate.001",
                        {{base, 1}, {base + 1, 1}, {base + 2, 1}},
                        {static_cast<uint32_t>(second.faces.size() - 1)}};
    second.selections = {proxy};
    lods.push_back(second);

    // ShadowVolume 10: no #UVSet# tagg at all (like the crate sample's shadow LOD).
    MlodLod shadow = CubeLod(10010.0f, {}, "", "", "");
    shadow.writeUvSet0 = false;
    lods.push_back(shadow);

    // Geometry: mass per point, a property and a component.
    MlodLod geometry = CubeLod(1e13f, {}, "", "", "");
    geometry.mass = std::vector<float>(8, 2.5f);
    geometry.properties = {{"autocenter", "0"}};
    MlodSelection component{"Component01", {}, {}};
    for (uint32_t p = 0; p < 8; ++p) {
        component.points.emplace_back(p, 1);
    }
    for (uint32_t f = 0; f < geometry.faces.size(); ++f) {
        component.faces.push_back(f);
    }
    geometry.selections = {component};
    lods.push_back(geometry);

    // Memory: an axis (two points) and an eye point.
    MlodLod memory;
    memory.resolution = 1e15f;
    memory.points = {ToEngine({0, 0.5f, 0.5f}), ToEngine({0, 0.5f, -0.5f}),
                     ToEngine({0.25f, 1.0f, 0.75f})};
    memory.pointFlags = {0, 0, 0x01000000};
    memory.selections = {{"lid_axis", {{0, 1}, {1, 1}}, {}}, {"eye", {{2, 1}}, {}}};
    lods.push_back(memory);
    return lods;
}

std::vector<MlodLod> Sp3xTriangleLods() {
    MlodLod lod;
    lod.sp3x = true;
    lod.resolution = 0.0f;
    lod.points = {ToEngine({0, 0, 0}), ToEngine({1, 0, 0}), ToEngine({0, 1, 0})};
    lod.normals = {ToMlodNormal({0, 0, 1})};
    MlodFace face;
    face.points = {0, 1, 2};
    face.normals = {0, 0, 0};
    face.uvs = {Uv{0, 1}, Uv{1, 1}, Uv{0, 0}};
    face.texture = "data\\tri.pac";
    lod.faces = {face};
    lod.selections = {{"tri", {{0, 1}, {1, 1}, {2, 1}}, {0}}};
    lod.writeUvSet0 = false; // #UVSet# is a P3DM feature
    return {lod};
}

std::vector<MlodLod> Sp3xNoNormalsLods() {
    // As the OFP tomahawk MLOD: SP3X LODs with 64-byte tagg names, no normals, faces that
    // still name normal 0, and the 32-byte default path after the last LOD.
    MlodLod visual = CubeLod(0.0f, {false, true}, "data\\cube.pac", "", "data\\cube.pac");
    MlodLod geometry = CubeLod(1e13f, {}, "", "", "");
    for (MlodLod *lod : {&visual, &geometry}) {
        lod->sp3x = true;
        lod->writeUvSet0 = false;
        lod->normals.clear();
        for (MlodFace &face : lod->faces) {
            face.normals.assign(face.points.size(), 0);
        }
    }
    visual.properties = {{"class", "house"}};
    MlodSelection component{"Component01", {}, {}};
    for (uint32_t p = 0; p < 8; ++p) {
        component.points.push_back({p, 1});
    }
    for (uint32_t f = 0; f < geometry.faces.size(); ++f) {
        component.faces.push_back(f);
    }
    geometry.selections = {component};
    geometry.mass.assign(8, 0.25f);
    geometry.sharpEdges = {{0, 1}};
    return {visual, geometry};
}

SphereMesh MakeSphere() {
    constexpr int kSegments = 12;
    constexpr int kRings = 9;
    const float pi = 3.14159265358979f;
    SphereMesh sphere;
    auto add = [&](const Vec3 &p, const Uv &uv) {
        sphere.positions.push_back(p);
        sphere.normals.push_back(p); // unit sphere: the position is the outward normal
        sphere.uvs.push_back(uv);
        return static_cast<uint16_t>(sphere.positions.size() - 1);
    };
    const uint16_t topPole = add({0, 1, 0}, {0.5f, 0});
    std::vector<std::vector<uint16_t>> ring(kRings - 1);
    for (int r = 1; r < kRings; ++r) {
        const float theta = pi * static_cast<float>(r) / kRings;
        for (int s = 0; s < kSegments; ++s) {
            const float phi = 2 * pi * static_cast<float>(s) / kSegments;
            ring[r - 1].push_back(add(
                {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)},
                {static_cast<float>(s) / kSegments, static_cast<float>(r) / kRings}));
        }
    }
    const uint16_t bottomPole = add({0, -1, 0}, {0.5f, 1});
    // Orients a polygon counter-clockwise seen from outside (the centre is the origin).
    auto outward = [&](std::vector<uint16_t> face) {
        const Vec3 &a = sphere.positions[face[0]];
        const Vec3 normal =
            Cross(Sub(sphere.positions[face[1]], a), Sub(sphere.positions[face[2]], a));
        if (Dot(normal, a) < 0) {
            std::reverse(face.begin() + 1, face.end());
        }
        return face;
    };
    for (int s = 0; s < kSegments; ++s) {
        sphere.faces.push_back(outward({topPole, ring[0][s], ring[0][(s + 1) % kSegments]}));
    }
    for (int r = 0; r + 1 < kRings - 1; ++r) {
        if (r == 3) {
            sphere.firstBottomFace = sphere.faces.size();
        }
        for (int s = 0; s < kSegments; ++s) {
            const int t = (s + 1) % kSegments;
            sphere.faces.push_back(
                outward({ring[r][s], ring[r + 1][s], ring[r + 1][t], ring[r][t]}));
        }
    }
    for (int s = 0; s < kSegments; ++s) {
        sphere.faces.push_back(
            outward({bottomPole, ring[kRings - 2][(s + 1) % kSegments], ring[kRings - 2][s]}));
    }
    return sphere;
}

namespace {

/** A polygon in MLOD order as the binarizer stores it: triangles 0 1 2 as 1 0 2, quads
 *  0 1 2 3 as 1 0 3 2 (what armake does, and odol2mlod undoes). */
std::vector<uint16_t> BinarizedOrder(const std::vector<uint16_t> &mlod) {
    if (mlod.size() == 4) {
        return {mlod[1], mlod[0], mlod[3], mlod[2]};
    }
    return {mlod[1], mlod[0], mlod[2]};
}

/** The sphere as an ODOL LOD, as the binarizer writes it: engine space, MLOD's inward normals,
 *  polygons in binarized order. */
OdolLod SphereLod(bool skinned) {
    const SphereMesh sphere = MakeSphere();
    OdolLod lod;
    lod.resolution = 0.0f;
    for (size_t v = 0; v < sphere.positions.size(); ++v) {
        OdolVertex vertex;
        vertex.position = ToEngine(sphere.positions[v]);
        vertex.normal = ToMlodNormal(sphere.normals[v]);
        vertex.uv = sphere.uvs[v];
        vertex.uv1 = Uv{sphere.uvs[v][0], sphere.uvs[v][1] * 0.5f};
        vertex.point = static_cast<uint16_t>(v);
        const float y = sphere.positions[v][1];
        if (skinned) {
            // LOD bones: 0 -> upper, 1 -> lower, 2 -> root.
            if (y > 0.1f) {
                vertex.bones = {{0, 255}};
            } else if (y < -0.1f) {
                vertex.bones = {{1, 255}};
            } else {
                vertex.bones = {{0, 128}, {2, 127}};
            }
        }
        lod.vertices.push_back(vertex);
    }
    for (size_t f = 0; f < sphere.faces.size(); ++f) {
        lod.faces.push_back(BinarizedOrder(sphere.faces[f]));
        lod.faceTextures.push_back(f < sphere.firstBottomFace ? 0 : 1);
    }
    lod.textures = {"agf\\sphere_top_co.paa", "agf\\sphere_bottom_co.paa"};
    const uint32_t faces = static_cast<uint32_t>(lod.faces.size());
    const uint32_t split = static_cast<uint32_t>(sphere.firstBottomFace);
    lod.sections = {{0, split, 0, 0, 0}, {split, faces, 1, 1, 0x20}};
    OdolSelection top{"top", {}, {}, {}, false, {}};
    for (uint16_t f = 0; f < split; ++f) {
        top.faces.push_back(f);
    }
    for (size_t v = 0; v < sphere.positions.size(); ++v) {
        if (sphere.positions[v][1] > 0.1f) {
            top.vertices.push_back(static_cast<uint16_t>(v));
        }
    }
    OdolSelection camo{"camo", {}, {}, {}, true, {1}};
    lod.selections = {top, camo};
    lod.properties = {{"lodnoshadow", "1"}, {"class", "house"}};
    OdolProxy proxy;
    proxy.path = "\\agf\\proxies\\lamp";
    // Rotated 90 degrees about Y (engine rows: X -> -Z, Y -> Y, Z -> X), placed at (0, 1.5, 2).
    proxy.rows = {Vec3{0, 0, -1}, Vec3{0, 1, 0}, Vec3{1, 0, 0}, Vec3{0, 1.5f, 2}};
    proxy.id = 1;
    proxy.selection = 0;
    proxy.bone = 0;
    proxy.section = 0;
    lod.proxies = {proxy};
    return lod;
}

OdolLod MemoryLod() {
    OdolLod lod;
    lod.resolution = 1e15f;
    const Vec3 points[3] = {{0, 0.5f, 0.5f}, {0, 0.5f, -0.5f}, {0.25f, 1.0f, 0.75f}};
    for (uint16_t p = 0; p < 3; ++p) {
        OdolVertex vertex;
        vertex.position = ToEngine(points[p]);
        vertex.point = p;
        lod.vertices.push_back(vertex);
    }
    lod.selections = {{"lid_axis", {}, {0, 1}, {}, false, {}}, {"eye", {}, {2}, {}, false, {}}};
    return lod;
}

} // namespace

OdolModel OdolV40SkinnedModel() {
    OdolModel model;
    model.skeletonName = "agf_skeleton";
    model.bones = {{"root", ""}, {"upper", "root"}, {"lower", "root"}};
    model.mass = 12.5f;
    model.className = "house";
    model.damage = "tent";

    OdolLod sphere = SphereLod(true);
    sphere.skinned = true;
    sphere.twoUvSets = true;
    sphere.subSkeleton = {1, 2, 0};
    OdolMaterial top;
    top.path = "agf\\top.rvmat";
    top.colors = {{{0.1f, 0.1f, 0.1f, 1},
                   {0.2f, 0.2f, 0.2f, 1},
                   {0.9f, 0.1f, 0.1f, 1},
                   {0, 0, 0, 0},
                   {0.5f, 0.5f, 0.5f, 1},
                   {0, 0, 0, 0}}};
    top.specularPower = 40.0f;
    top.pixelShader = 7;
    top.vertexShader = 2;
    top.stages = {{"", 3, 0}, {"agf\\top_nohq.paa", 3, 1}, {"agf\\top_smdi.paa", 3, 1}};
    OdolMaterial bottom = top;
    bottom.path = "agf\\bottom.rvmat";
    bottom.colors[2] = {0.1f, 0.1f, 0.9f, 1};
    bottom.specularPower = 10.0f;
    bottom.surface = "agf\\metal.bisurf";
    bottom.stages = {{"", 3, 0}, {"agf\\bottom_nohq.paa", 3, 1}};
    sphere.materials = {top, bottom};
    std::vector<Vec3> grown;
    for (const OdolVertex &v : sphere.vertices) {
        grown.push_back(Vec3{v.position[0] * 1.1f, v.position[1] * 1.1f, v.position[2] * 1.1f});
    }
    sphere.frames = {{0.5f, grown}};
    model.lods.push_back(sphere);

    // LOD 1.000: a cube with corner normals, one section, no skin.
    OdolLod cube;
    cube.resolution = 1.0f;
    for (uint16_t c = 0; c < 8; ++c) {
        OdolVertex vertex;
        vertex.position = ToEngine(kCubeCorners[c]);
        const Vec3 &p = kCubeCorners[c];
        const float length = std::sqrt(Dot(p, p));
        vertex.normal = ToMlodNormal(Vec3{p[0] / length, p[1] / length, p[2] / length});
        vertex.uv = {p[0] + 0.5f, p[1] + 0.5f};
        vertex.point = c;
        cube.vertices.push_back(vertex);
    }
    for (const CubeFace &face : CubeFaces()) {
        const auto &c = face.corners;
        for (const auto &tri :
             {std::vector<uint32_t>{c[0], c[1], c[2]}, std::vector<uint32_t>{c[0], c[2], c[3]}}) {
            cube.faces.push_back(
                BinarizedOrder({static_cast<uint16_t>(tri[0]), static_cast<uint16_t>(tri[1]),
                                static_cast<uint16_t>(tri[2])}));
        }
    }
    cube.textures = {"agf\\cube_co.paa"};
    cube.sections = {{0, static_cast<uint32_t>(cube.faces.size()), 0, -1, 0}};
    model.lods.push_back(cube);
    model.lods.push_back(MemoryLod());

    OdolAnimation rotation;
    rotation.type = 1;
    rotation.name = "upper_rot";
    rotation.source = "door";
    rotation.parameters = {0.0f, 1.5707964f};
    rotation.bone = 1;
    rotation.axisPosition = {0, 0.5f, 0};
    rotation.axisDirection = {1, 0, 0};
    OdolAnimation hide;
    hide.type = 9;
    hide.name = "lower_hide";
    hide.source = "damage";
    hide.parameters = {0.5f};
    hide.bone = 2;
    model.animations = {rotation, hide};
    return model;
}

OdolModel OdolV7SkinnedModel() {
    OdolModel model;
    model.mass = 3.0f;
    OdolLod sphere = SphereLod(false);
    // Bone selections for the model.cfg skeleton agf_limbs (root, upper, lower).
    OdolSelection upper{"upper", {}, {}, {}, false, {}};
    OdolSelection lower{"lower", {}, {}, {}, false, {}};
    for (size_t v = 0; v < sphere.vertices.size(); ++v) {
        const float y = sphere.vertices[v].position[1];
        const uint16_t index = static_cast<uint16_t>(v);
        if (y > 0.1f) {
            upper.vertices.push_back(index);
            upper.weights.push_back(1);
        } else if (y < -0.1f) {
            lower.vertices.push_back(index);
            lower.weights.push_back(1);
        } else {
            upper.vertices.push_back(index);
            upper.weights.push_back(128);
            lower.vertices.push_back(index);
            lower.weights.push_back(128);
        }
    }
    sphere.selections.push_back(upper);
    sphere.selections.push_back(lower);
    model.lods.push_back(sphere);
    model.lods.push_back(MemoryLod());
    return model;
}

std::string ModelCfgText() {
    return "// Generated test model.cfg: class inheritance and skeletonInherit.\n"
           "#define AGF_UNUSED 1\n"
           "class CfgSkeletons {\n"
           "    class agf_cube_base {\n"
           "        isDiscrete = 1;\n"
           "        skeletonInherit = \"\";\n"
           "        skeletonBones[] = {\"root\", \"\", \"lid\", \"root\"};\n"
           "    };\n"
           "    /* inherits skeletonBones through the class base */\n"
           "    class agf_cube_skeleton : agf_cube_base {};\n"
           "    class agf_root {\n"
           "        skeletonBones[] = {\"root\", \"\"};\n"
           "    };\n"
           "    class agf_limbs : agf_root {\n"
           "        skeletonInherit = \"agf_root\";\n"
           "        skeletonBones[] = {\"upper\", \"root\", \"lower\", \"root\"};\n"
           "    };\n"
           "};\n"
           "class CfgModels {\n"
           "    class Default {\n"
           "        sections[] = {};\n"
           "        skeletonName = \"\";\n"
           "    };\n"
           "    class mlod_cube : Default {\n"
           "        skeletonName = \"agf_cube_skeleton\";\n"
           "    };\n"
           "    class odol7_skinned : Default {\n"
           "        skeletonName = \"agf_limbs\";\n"
           "        sections[] = {\"camo\"};\n"
           "    };\n"
           "};\n";
}

Vec3 GridSurfacePoint(unsigned x, unsigned y, unsigned lod) {
    const float fx = float(x) * 0.1f;
    const float fy = float(y) * 0.1f;
    return {fx, 0.2f * std::sin(fx + float(lod)) * std::cos(fy * 0.7f), fy};
}

OdolModel OdolGridModel(unsigned lods, unsigned side0) {
    OdolModel model;
    model.skeletonName = "grid";
    model.bones = {{"root", ""}, {"arm", "root"}};
    for (unsigned l = 0; l < lods; ++l) {
        OdolLod lod;
        const unsigned side = side0 - 10 * l;
        lod.resolution = float(l);
        lod.twoUvSets = l % 2 == 0;
        lod.skinned = true;
        lod.subSkeleton = {0, 1};
        for (unsigned y = 0; y < side; ++y) {
            for (unsigned x = 0; x < side; ++x) {
                OdolVertex vertex;
                vertex.position = GridSurfacePoint(x, y, l);
                vertex.normal = {0, 1, 0};
                vertex.uv = {float(x) / side, float(y) / side};
                vertex.uv1 = {vertex.uv[0] * 2, vertex.uv[1] * 2};
                vertex.point = static_cast<uint16_t>(y * side + x);
                vertex.bones = {{0, 128}, {1, 127}};
                lod.vertices.push_back(vertex);
            }
        }
        for (unsigned y = 0; y + 1 < side; ++y) {
            for (unsigned x = 0; x + 1 < side; ++x) {
                const auto at = [side](unsigned cx, unsigned cy) {
                    return static_cast<uint16_t>(cy * side + cx);
                };
                lod.faces.push_back({at(x, y), at(x + 1, y), at(x + 1, y + 1)});
                lod.faces.push_back({at(x, y), at(x + 1, y + 1), at(x, y + 1)});
            }
        }
        const auto half = static_cast<uint32_t>(lod.faces.size() / 2);
        lod.textures = {"grid\\a_co.paa", "grid\\b_co.paa"};
        lod.sections = {{0, half, 0, -1, 0},
                        {half, static_cast<uint32_t>(lod.faces.size()), 1, -1, 0}};
        OdolSelection selection;
        selection.name = "arm";
        for (uint16_t v = 0; v < 50; ++v) {
            selection.vertices.push_back(v);
        }
        lod.selections.push_back(selection);
        OdolProxy proxy;
        proxy.path = "grid\\proxy";
        proxy.rows = {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}, Vec3{0, float(l), 0}};
        lod.proxies.push_back(proxy);
        lod.properties = {{"lodnoshadow", "1"}};
        model.lods.push_back(std::move(lod));
    }
    return model;
}

} // namespace p3d

void AppendP3dModels(std::vector<GeneratedModel> &models) {
    using namespace p3d;
    models.push_back({"p3d/mlod_cube.p3d",
                      "MLOD: 5 LODs, selections, proxy, memory points, UV sets, frames",
                      [] { return WriteMlod(MlodCubeLods()); }});
    models.push_back({"p3d/sp3x_triangle.p3d", "MLOD with one SP3X LOD (OFP)",
                      [] { return WriteMlod(Sp3xTriangleLods(), true); }});
    models.push_back({"p3d/sp3x_no_normals.p3d",
                      "MLOD with two SP3X cube LODs without normals (64-byte tagg names, mass, "
                      "selection, property), as the OFP tomahawk",
                      [] { return WriteMlod(Sp3xNoNormalsLods(), true); }});
    models.push_back({"p3d/packed_sp3x.p3d", "the SP3X MLOD packed whole with BI-LZSS",
                      [] { return LzssCompress(WriteMlod(Sp3xTriangleLods(), true)); }});
    models.push_back({"p3d/odol40_skinned.p3d",
                      "ODOL v40: skeleton, skin, 2 sections, embedded rvmats, LZSS arrays",
                      [] { return WriteOdolV40(OdolV40SkinnedModel()); }});
    models.push_back({"p3d/odol7_skinned.p3d", "ODOL v7: sphere with bone selections, memory",
                      [] { return WriteOdolV7(OdolV7SkinnedModel()); }});
    models.push_back({"p3d/model.cfg", "model.cfg for mlod_cube and odol7_skinned", [] {
                          const std::string text = ModelCfgText();
                          return std::vector<uint8_t>(text.begin(), text.end());
                      }});
}

} // namespace agf::testgen
