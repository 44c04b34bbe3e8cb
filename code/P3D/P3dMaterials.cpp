/** @file P3dMaterials.cpp
 *  Materials: one per (texture, rvmat) pair in the scene, with the values of an embedded
 *  (binarized) rvmat and the colour of a procedural texture.
 *
 *  Mapping to Assimp's (and so glTF's) material model, by Arma's texture suffixes:
 *  - the face texture (`_co`, `_ca` or any other) is the base colour (aiTextureType_DIFFUSE;
 *    its alpha decides the glTF alpha mode when it is embedded);
 *  - a procedural face texture `#(argb,w,h,mips)color(r,g,b,a[,tag])` is a constant base colour
 *    (AI_MATKEY_BASE_COLOR and AI_MATKEY_COLOR_DIFFUSE), with alpha mode BLEND when a < 1;
 *  - rvmat stages (of a binarized model's embedded rvmat, or of the text .rvmat an MLOD names,
 *    found under the texture roots by P3dImporter): `_nohq` (and `_no`, `_nopx`) is the normal map
 * (aiTextureType_NORMALS);
 *    `_smdi` is the specular map (aiTextureType_SPECULAR). SMDI holds specular intensity in
 *    green and glossiness in blue, while glTF's metallicRoughness texture wants roughness in
 *    green and metalness in blue, so it is not used as one: Arma's materials are not metallic
 *    (metallic factor 0). `_co`/`_ca` in a stage is the base colour when the face has none.
 *    Other stages (`_as`, `_mc`, `_dt`, procedural ones) stay in the P3D stage keys only.
 */
#include "P3dConversion.h"

#include "Common/NumberText.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/GltfMaterial.h>

#include <cstdlib>

namespace agf::p3d {

namespace {

// The value comes first so that the AGF_MATKEY_P3D_* macros (key, type, index) can follow.
void AddString(aiMaterial &material, const std::string &value, const char *key, unsigned type,
               unsigned index) {
    aiString text(ToUtf8(value));
    material.AddProperty(&text, key, type, index);
}

void AddInt(aiMaterial &material, uint32_t value, const char *key, unsigned type, unsigned index) {
    const int32_t number = static_cast<int32_t>(value);
    material.AddProperty(&number, 1, key, type, index);
}

enum class TextureRole { BaseColour, Normal, Specular, Other };

/** The role of a texture by its suffix, the last "_xx" of the file name (Arma's naming). */
TextureRole RoleOf(const std::string &path) {
    std::string name = Lower(path);
    const size_t slash = name.find_last_of("/\\");
    if (slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    const size_t dot = name.find_last_of('.');
    if (dot != std::string::npos) {
        name.erase(dot);
    }
    const size_t underscore = name.find_last_of('_');
    const std::string suffix = underscore == std::string::npos ? "" : name.substr(underscore + 1);
    if (suffix == "co" || suffix == "ca") {
        return TextureRole::BaseColour;
    }
    if (suffix == "nohq" || suffix == "no" || suffix == "nopx") {
        return TextureRole::Normal;
    }
    if (suffix == "smdi") {
        return TextureRole::Specular;
    }
    return TextureRole::Other;
}

bool IsProceduralTexture(const std::string &texture) {
    return texture.rfind("#(", 0) == 0;
}

void AddTexture(aiMaterial &material, const std::string &path, aiTextureType type) {
    if (material.GetTextureCount(type) != 0) {
        return;
    }
    const aiString text(ToUtf8(path));
    material.AddProperty(&text, AI_MATKEY_TEXTURE(type, 0));
}

/** The rvmat stages' textures in the slots their suffixes name. */
void MapStageTextures(aiMaterial &material, const EmbeddedMaterial &embedded) {
    for (const StageTexture &stage : embedded.stages) {
        MapStageTexture(material, stage.texture);
    }
    const float notMetallic = 0.0f;
    material.AddProperty(&notMetallic, 1, AI_MATKEY_METALLIC_FACTOR);
}

aiColor4D Color(const std::array<float, 4> &rgba) {
    return aiColor4D(rgba[0], rgba[1], rgba[2], rgba[3]);
}

void AddEmbeddedValues(aiMaterial &material, const EmbeddedMaterial &embedded) {
    const aiColor4D emissive = Color(embedded.colors[0]);
    const aiColor4D ambient = Color(embedded.colors[1]);
    const aiColor4D diffuse = Color(embedded.colors[2]);
    const aiColor4D forcedDiffuse = Color(embedded.colors[3]);
    const aiColor4D specular = Color(embedded.colors[4]);
    const aiColor4D specular2 = Color(embedded.colors[5]);
    material.AddProperty(&emissive, 1, AI_MATKEY_COLOR_EMISSIVE);
    material.AddProperty(&ambient, 1, AI_MATKEY_COLOR_AMBIENT);
    material.AddProperty(&diffuse, 1, AI_MATKEY_COLOR_DIFFUSE);
    material.AddProperty(&specular, 1, AI_MATKEY_COLOR_SPECULAR);
    material.AddProperty(&forcedDiffuse, 1, AGF_MATKEY_P3D_FORCED_DIFFUSE);
    material.AddProperty(&specular2, 1, AGF_MATKEY_P3D_SPECULAR2);
    material.AddProperty(&embedded.specularPower, 1, AI_MATKEY_SHININESS);
    AddInt(material, embedded.version, AGF_MATKEY_P3D_VERSION);
    AddInt(material, embedded.pixelShader, AGF_MATKEY_P3D_PIXEL_SHADER);
    AddInt(material, embedded.vertexShader, AGF_MATKEY_P3D_VERTEX_SHADER);
    AddInt(material, embedded.mainLight, AGF_MATKEY_P3D_MAIN_LIGHT);
    AddInt(material, embedded.fogMode, AGF_MATKEY_P3D_FOG_MODE);
    AddInt(material, embedded.renderFlags, AGF_MATKEY_P3D_RENDER_FLAGS);
    if (!embedded.surface.empty()) {
        AddString(material, embedded.surface, AGF_MATKEY_P3D_SURFACE);
    }
    for (size_t s = 0; s < embedded.stages.size(); ++s) {
        const StageTexture &stage = embedded.stages[s];
        const unsigned index = static_cast<unsigned>(s);
        AddString(material, stage.texture, AGF_MATKEY_P3D_STAGE_TEXTURE(index));
        AddInt(material, stage.filter, AGF_MATKEY_P3D_STAGE_FILTER(index));
        AddInt(material, stage.transformIndex, AGF_MATKEY_P3D_STAGE_TRANSFORM(index));
    }
    for (size_t t = 0; t < embedded.transforms.size(); ++t) {
        const StageTransform &transform = embedded.transforms[t];
        const unsigned index = static_cast<unsigned>(t);
        AddInt(material, transform.uvSource, AGF_MATKEY_P3D_TRANSFORM_UV_SOURCE(index));
        material.AddProperty(transform.matrix.data(), 12, AGF_MATKEY_P3D_TRANSFORM_MATRIX(index));
    }
    if (embedded.hasStageTI) {
        AddString(material, embedded.stageTI.texture, AGF_MATKEY_P3D_STAGE_TI_TEXTURE);
    }
}

std::string MaterialName(const LodMaterial &material) {
    if (material.texture.empty() && material.rvmat.empty()) {
        return "P3D default";
    }
    if (material.rvmat.empty()) {
        return material.texture;
    }
    if (material.texture.empty()) {
        return material.rvmat;
    }
    return material.texture + " | " + material.rvmat;
}

} // namespace

std::unique_ptr<aiMaterial> BuildMaterial(const LodMaterial &source,
                                          const EmbeddedMaterial *embedded) {
    const bool procedural = source.texture.rfind("#(", 0) == 0;
    auto material = MakeMaterial(ToUtf8(MaterialName(source)),
                                 procedural ? std::string() : ToUtf8(source.texture));
    if (!source.texture.empty()) {
        AddString(*material, source.texture, AGF_MATKEY_P3D_TEXTURE);
    }
    if (!source.rvmat.empty()) {
        AddString(*material, source.rvmat, AGF_MATKEY_P3D_RVMAT);
    }
    float rgba[4];
    if (embedded != nullptr) {
        AddEmbeddedValues(*material, *embedded);
        MapStageTextures(*material, *embedded);
    }
    if (procedural && ParseProceduralColor(source.texture, rgba)) {
        const aiColor4D color(rgba[0], rgba[1], rgba[2], rgba[3]);
        if (embedded == nullptr) {
            material->AddProperty(&color, 1, AI_MATKEY_COLOR_DIFFUSE);
        }
        // glTF's base colour factor: the writer prefers it to the (rvmat's) diffuse colour.
        material->AddProperty(&color, 1, AI_MATKEY_BASE_COLOR);
        if (rgba[3] < 1.0f) {
            const aiString blend("BLEND");
            material->AddProperty(&blend, AI_MATKEY_GLTF_ALPHAMODE);
        }
    }
    return material;
}

void MapStageTexture(aiMaterial &material, const std::string &texture) {
    if (texture.empty() || IsProceduralTexture(texture)) {
        return;
    }
    switch (RoleOf(texture)) {
    case TextureRole::BaseColour:
        AddTexture(material, texture, aiTextureType_DIFFUSE);
        break;
    case TextureRole::Normal:
        AddTexture(material, texture, aiTextureType_NORMALS);
        break;
    case TextureRole::Specular:
        AddTexture(material, texture, aiTextureType_SPECULAR);
        break;
    case TextureRole::Other:
        break;
    }
}

std::vector<unsigned> Converter::registerMaterials(const Lod &lod) {
    std::vector<unsigned> localToScene;
    for (const LodMaterial &material : lod.materials) {
        const EmbeddedMaterial *embedded =
            material.embedded >= 0 &&
                    static_cast<size_t>(material.embedded) < lod.embeddedMaterials.size()
                ? &lod.embeddedMaterials[static_cast<size_t>(material.embedded)]
                : nullptr;
        const std::string key = material.texture + '\n' + material.rvmat + '\n' +
                                (embedded != nullptr ? "embedded" : "");
        auto found = mMaterialByKey.find(key);
        if (found == mMaterialByKey.end()) {
            const unsigned index = mParts.addMaterial(BuildMaterial(material, embedded));
            found = mMaterialByKey.emplace(key, index).first;
        }
        localToScene.push_back(found->second);
    }
    return localToScene;
}

bool ParseProceduralColor(const std::string &texture, float (&rgba)[4]) {
    const std::string lower = Lower(texture);
    if (lower.rfind("#(", 0) != 0) {
        return false;
    }
    const size_t open = lower.find("color(");
    if (open == std::string::npos) {
        return false;
    }
    std::string_view cursor = std::string_view(texture).substr(open + 6);
    for (float &channel : rgba) {
        cursor = SkipBlanks(cursor);
        double value = 0;
        const size_t used = ReadNumberPrefix(cursor, value);
        if (used == 0 || used == cursor.size() || (cursor[used] != ',' && cursor[used] != ')')) {
            return false;
        }
        channel = static_cast<float>(value);
        cursor.remove_prefix(cursor[used] == ',' ? used + 1 : used);
    }
    return true;
}

} // namespace agf::p3d
