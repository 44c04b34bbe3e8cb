/** @file PboModels.cpp
 *  The generated PBO archives of test_models/pbo/ (PboWriter.h).
 */
#include "GeneratedModels.h"
#include "P3dWriters.h"
#include "PaaWriter.h"
#include "PboWriter.h"

#include <stdexcept>

namespace agf::testgen {

namespace pbo {

namespace {

std::vector<uint8_t> TextBytes(const std::string &text) {
    return std::vector<uint8_t>(text.begin(), text.end());
}

std::vector<uint8_t> PaaFile(const std::string &name) {
    for (const paa::PaaTestTexture &texture : paa::PaaTestTextures()) {
        if (texture.name == name) {
            return texture.file;
        }
    }
    throw std::logic_error("no generated PAA texture " + name);
}

} // namespace

std::vector<uint8_t> TexturedTriangleP3d(const std::string &texture) {
    // One P3DM LOD with one triangle facing the viewer (engine space: Z points away, so the
    // triangle lies in Z = 0 and its MLOD normal points into the mesh, +Z).
    p3d::MlodLod lod;
    lod.resolution = 0.0f;
    lod.points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    lod.normals = {{0, 0, 1}};
    p3d::MlodFace face;
    face.points = {0, 1, 2};
    face.normals = {0, 0, 0};
    face.uvs = {p3d::Uv{0, 1}, p3d::Uv{1, 1}, p3d::Uv{0, 0}};
    face.texture = texture;
    lod.faces = {face};
    return p3d::WriteMlod({lod});
}

PboSpec ModelsPboSpec() {
    using Packing = PboEntrySpec::Packing;
    PboSpec spec;
    spec.properties = {{"prefix", "x\\agf\\models"}, {"version", "1"}};
    spec.entries = {
        {"triangle.p3d", TexturedTriangleP3d("x\\agf\\models\\data\\triangle_co.paa"),
         Packing::Stored},
        {"data\\triangle_co.paa", PaaFile("dxt1"), Packing::StoredNoOriginal},
        {"props\\crate.p3d", TexturedTriangleP3d("x\\agf\\textures\\crate_co.paa"), Packing::Lzss},
        {"config.cpp",
         TextBytes("class CfgPatches\n{\n\tclass agf_models\n\t{\n\t\tunits[] = {};\n\t};\n};\n"),
         Packing::LzssSigned},
    };
    return spec;
}

PboSpec TexturesPboSpec() {
    using Packing = PboEntrySpec::Packing;
    PboSpec spec;
    spec.properties = {{"prefix", "x\\agf\\textures"}};
    spec.entries = {
        {"crate_co.paa", PaaFile("argb8888"), Packing::Stored},
        {"notes.txt", TextBytes("Textures shared by the models of agf_models.pbo.\n"),
         Packing::Stored},
    };
    return spec;
}

} // namespace pbo

void AppendPboModels(std::vector<GeneratedModel> &models) {
    models.push_back({"pbo/agf_models.pbo",
                      "PBO, prefix x\\agf\\models: two MLOD triangles (stored, and Cprs in a "
                      "folder), a PAA beside them, a Cprs text",
                      [] { return pbo::WritePbo(pbo::ModelsPboSpec()); }});
    models.push_back({"pbo/agf_textures.pbo",
                      "PBO, prefix x\\agf\\textures: the crate's PAA texture and a text",
                      [] { return pbo::WritePbo(pbo::TexturesPboSpec()); }});
}

} // namespace agf::testgen
