/** @file OdolAnimations.cpp
 *  The model's animation classes and their per-LOD bone maps (specs/p3d.md section 4.3), the
 *  same records from v40 on, with fields added by version (v55, v56).
 */
#include "OdolParser.h"

namespace agf::p3d::odol {

namespace {

void ReadAnimationClass(BinaryReader &reader, uint32_t version, AnimationClass &animation) {
    const uint64_t classOffset = reader.offset();
    animation.type = reader.u32();
    animation.name = ReadAsciiz(reader);
    animation.source = ReadAsciiz(reader);
    animation.minPhase = reader.f32();
    animation.maxPhase = reader.f32();
    animation.minValue = reader.f32();
    animation.maxValue = reader.f32();
    if (version >= 56) {
        reader.skip(8); // animPeriod, initPhase
    }
    animation.sourceAddress = reader.u32();
    size_t parameterCount = 0;
    if (animation.type <= 7) {
        parameterCount = 2; // rotation angles or translation offsets
    } else if (animation.type == 8) {
        parameterCount = 8; // axis position, axis direction, angle, axis offset
    } else if (animation.type == 9) {
        parameterCount = version >= 55 ? 2 : 1; // hide value (+1 float from v55)
    } else {
        reader.failAt(classOffset, "unknown animation type " + std::to_string(animation.type));
    }
    for (size_t k = 0; k < parameterCount; ++k) {
        animation.parameters.push_back(reader.f32());
    }
}

void ReadAnimationBoneMaps(BinaryReader &reader, size_t lodCount, Model &model,
                           Warnings &warnings) {
    reader.setStructure("animation bone maps");
    const size_t animLods = reader.checkedCount(reader.i32(), 4, "animation LOD");
    if (animLods != lodCount) {
        warnings.add(WarningKind::Inconsistent, reader,
                     "animations list " + std::to_string(animLods) + " LODs, the model has " +
                         std::to_string(lodCount));
    }
    for (size_t lod = 0; lod < animLods; ++lod) {
        const size_t bones = reader.checkedCount(reader.i32(), 4, "bone");
        for (size_t b = 0; b < bones; ++b) {
            const size_t count = reader.checkedCount(reader.i32(), 4, "animation index");
            reader.skip(4 * static_cast<uint64_t>(count));
        }
    }
    for (size_t lod = 0; lod < animLods; ++lod) {
        for (AnimationClass &animation : model.animations) {
            const int32_t bone = reader.i32();
            if (bone == -1 || animation.type == 8 || animation.type == 9) {
                continue;
            }
            const Vec3 position = ReadVec3(reader);
            const Vec3 direction = ReadVec3(reader);
            if (animation.bone == -1) {
                animation.bone = bone;
                animation.axisPosition = position;
                animation.axisDirection = direction;
            }
        }
    }
}

} // namespace

void ReadAnimations(BinaryReader &reader, uint32_t version, size_t lodCount, Model &model,
                    Warnings &warnings) {
    reader.setStructure("animations");
    if (reader.u8() == 0) {
        return;
    }
    // Smallest class: type, two empty strings, 4 floats, address and one hide float.
    const size_t classes = reader.checkedCount(reader.i32(), 4 + 2 + 16 + 4 + 4, "animation class");
    model.animations.resize(classes);
    for (size_t c = 0; c < classes; ++c) {
        reader.setStructure("animation class " + std::to_string(c));
        ReadAnimationClass(reader, version, model.animations[c]);
    }
    ReadAnimationBoneMaps(reader, lodCount, model, warnings);
}

} // namespace agf::p3d::odol
