/** @file OdolMaterial.cpp
 *  Embedded rvmat (specs/p3d.md section 4.6), the same record in ODOL v40 and every later
 *  version, gated by the material's own version: 10 in the ArmA 2 files seen, 11 in Arma 3
 *  (adds the useWorldEnvMap byte per stage texture).
 */
#include "OdolParser.h"

namespace agf::p3d::odol {

namespace {

// Above this no layout is described; such a material cannot be walked.
constexpr uint32_t kLastMaterialVersion = 11;

StageTexture ReadStageTexture(BinaryReader &reader, uint32_t version) {
    StageTexture stage;
    if (version >= 5) {
        stage.filter = reader.u32();
    }
    stage.texture = ReadAsciiz(reader);
    if (version >= 8) {
        stage.transformIndex = reader.u32();
    }
    if (version >= 11) {
        stage.useWorldEnvMap = reader.u8() != 0;
    }
    return stage;
}

StageTransform ReadStageTransform(BinaryReader &reader) {
    StageTransform transform;
    transform.uvSource = reader.u32();
    for (float &value : transform.matrix) {
        value = reader.f32();
    }
    return transform;
}

void ReadStages(BinaryReader &reader, EmbeddedMaterial &material) {
    size_t stageCount = 0;
    if (material.version > 6) {
        stageCount = reader.checkedCount(reader.i32(), 2, "stage");
    }
    size_t transformCount = stageCount;
    if (material.version > 8) {
        transformCount = reader.checkedCount(reader.i32(), 52, "stage transform");
    }
    if (material.version < 8) {
        for (size_t s = 0; s < stageCount; ++s) {
            material.transforms.push_back(ReadStageTransform(reader));
            material.stages.push_back(ReadStageTexture(reader, material.version));
        }
        return;
    }
    for (size_t s = 0; s < stageCount; ++s) {
        material.stages.push_back(ReadStageTexture(reader, material.version));
    }
    for (size_t t = 0; t < transformCount; ++t) {
        material.transforms.push_back(ReadStageTransform(reader));
    }
}

} // namespace

EmbeddedMaterial ReadEmbeddedMaterial(BinaryReader &reader) {
    EmbeddedMaterial material;
    material.path = ReadAsciiz(reader);
    const uint64_t versionOffset = reader.offset();
    material.version = reader.u32();
    if (material.version > kLastMaterialVersion) {
        reader.failAt(versionOffset, "embedded material '" + material.path + "' has version " +
                                         std::to_string(material.version) + " (up to " +
                                         std::to_string(kLastMaterialVersion) + " is known)");
    }
    for (auto &color : material.colors) {
        for (float &channel : color) {
            channel = reader.f32();
        }
    }
    material.specularPower = reader.f32();
    material.pixelShader = reader.u32();
    material.vertexShader = reader.u32();
    material.mainLight = reader.u32();
    material.fogMode = reader.u32();
    if (material.version == 3) {
        reader.u8();
    }
    if (material.version >= 6) {
        material.surface = ReadAsciiz(reader);
    }
    if (material.version >= 4) {
        reader.u32(); // nRenderFlags
        material.renderFlags = reader.u32();
    }
    ReadStages(reader, material);
    if (material.version >= 10) {
        material.hasStageTI = true;
        material.stageTI = ReadStageTexture(reader, material.version);
    }
    return material;
}

} // namespace agf::p3d::odol
