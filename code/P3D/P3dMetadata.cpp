/** @file P3dMetadata.cpp
 *  Metadata of the LOD nodes (counts, properties, point flags, sections) and of the scene
 *  (format, units, skeleton, ModelInfo, model.cfg animations), in the key grammar of
 *  MetadataKeys.h.
 */
#include "P3dConversion.h"

#include "Common/NumberText.h"
#include "Common/TextEncoding.h"
#include "P3dFaces.h"

#include <assimp_gameformats/GameFormats.h>

#include <cctype>
#include <cstdio>

namespace agf::p3d {

namespace {

/** A ModelInfo field name from the parser ("centerOfMass", "lod.memory") as key fields of the
 *  metadata grammar ("CenterOfMass", "Lod.Memory"). */
std::string ModelInfoField(const std::string &name) {
    std::string field = name;
    for (size_t i = 0; i < field.size(); ++i) {
        if (i == 0 || field[i - 1] == '.') {
            field[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(field[i])));
        }
    }
    return field;
}

} // namespace

/** "0-3,7,9-12" for a sorted index list. */
std::string Ranges(const std::vector<uint32_t> &sorted) {
    std::string text;
    for (size_t i = 0; i < sorted.size();) {
        size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) {
            ++j;
        }
        if (!text.empty()) {
            text += ',';
        }
        text += std::to_string(sorted[i]);
        if (j > i) {
            text += '-' + std::to_string(sorted[j]);
        }
        i = j + 1;
    }
    return text;
}

std::string FormatFloat(float value) {
    return NumberText(static_cast<double>(value), 6);
}

// The LOD node's own values: counts, properties, point flags, mass, frames, sections.
void Converter::addLodMetadata(const Lod &lod, size_t lodIndex, MetadataBuilder &metadata) const {
    metadata.add(AGF_META_P3D_RESOLUTION, lod.resolution);
    metadata.add(AGF_META_P3D_LOD_INDEX, static_cast<int32_t>(lodIndex));
    metadata.add(AGF_META_P3D_POINT_COUNT, static_cast<uint64_t>(lod.points.size()));
    metadata.add(AGF_META_P3D_FACE_COUNT, static_cast<uint64_t>(FaceCount(lod)));
    metadata.add(AGF_META_P3D_NORMAL_COUNT, static_cast<uint64_t>(lod.normals.size()));
    metadata.add(AGF_META_P3D_UV_SET_COUNT,
                 static_cast<int32_t>(lod.perVertex ? lod.uvSets.size() : lod.uvSetTaggCount));
    if (lod.perVertex) {
        // Always true: ODOL polygons are reversed from file order (see odolGeometry).
        metadata.add(AGF_META_P3D_WINDING_FLIPPED, true);
    }
    addProperties(lod, metadata);
    addPointFlags(lod, metadata);
    if (!lod.mass.empty()) {
        float total = 0;
        for (float mass : lod.mass) {
            total += mass;
        }
        metadata.add(AGF_META_P3D_MASS, total);
    }
    if (!lod.sharpEdges.empty()) {
        metadata.add(AGF_META_P3D_SHARP_EDGE_COUNT, static_cast<uint64_t>(lod.sharpEdges.size()));
    }
    if (!lod.frames.empty()) {
        std::string times;
        for (const Frame &frame : lod.frames) {
            times += (times.empty() ? "" : ",") + FormatFloat(frame.time);
        }
        metadata.add(AGF_META_P3D_FRAME_TIMES, times);
    }
    addSections(lod, metadata);
}

void Converter::addProperties(const Lod &lod, MetadataBuilder &metadata) const {
    std::map<std::string, std::string> unique;
    std::vector<std::string> order;
    for (const auto &property : lod.properties) {
        if (unique.count(property.first) == 0) {
            order.push_back(property.first);
        }
        unique[property.first] = property.second;
    }
    for (const std::string &name : order) {
        metadata.add(AGF_META_P3D_PROPERTIES + MetadataName(ToUtf8(name)), ToUtf8(unique[name]));
    }
}

void Converter::addPointFlags(const Lod &lod, MetadataBuilder &metadata) const {
    std::map<uint32_t, std::vector<uint32_t>> pointsByFlags;
    size_t hidden = 0;
    for (size_t p = 0; p < lod.pointFlags.size(); ++p) {
        const uint32_t flags = lod.pointFlags[p];
        if (flags != 0) {
            pointsByFlags[flags].push_back(static_cast<uint32_t>(p));
        }
        // 0x01000000 marks hidden points in MLOD (spec 8.1).
        if (!lod.perVertex && (flags & 0x01000000u) != 0) {
            ++hidden;
        }
    }
    if (!lod.perVertex) {
        metadata.add(AGF_META_P3D_HIDDEN_POINT_COUNT, static_cast<uint64_t>(hidden));
    }
    if (pointsByFlags.empty()) {
        return;
    }
    for (const auto &entry : pointsByFlags) {
        char flags[16];
        std::snprintf(flags, sizeof flags, "0x%08X", entry.first);
        metadata.add(AGF_META_P3D_POINT_FLAGS + MetadataName(flags), Ranges(entry.second));
    }
}

void Converter::addSections(const Lod &lod, MetadataBuilder &metadata) const {
    if (lod.sections.empty()) {
        return;
    }
    for (size_t s = 0; s < lod.sections.size(); ++s) {
        const Section &section = lod.sections[s];
        const std::string entry = AGF_META_P3D_SECTIONS + MetadataName(std::to_string(s));
        metadata.add(entry + AGF_META_P3D_SECTION_FACES,
                     std::to_string(section.firstFace) + "-" + std::to_string(section.endFace));
        metadata.add(entry + AGF_META_P3D_SECTION_TEXTURE_INDEX,
                     static_cast<int32_t>(section.textureIndex));
        metadata.add(entry + AGF_META_P3D_SECTION_MATERIAL_INDEX,
                     static_cast<int32_t>(section.materialIndex));
        metadata.add(entry + AGF_META_P3D_SECTION_FACE_FLAGS,
                     static_cast<int32_t>(section.faceFlags));
    }
}

void Converter::addSceneMetadata(size_t importedLods) {
    MetadataBuilder metadata;
    const char *format = mModel.kind == FileKind::Mlod ? "Bohemia P3D MLOD" : "Bohemia P3D ODOL";
    metadata.add("SourceAsset_Format", format);
    metadata.add("SourceAsset_FormatVersion", std::to_string(mModel.version));
    metadata.add(AGF_META_UP_AXIS, static_cast<int32_t>(1));
    metadata.add(AGF_META_UP_AXIS_SIGN, static_cast<int32_t>(1));
    metadata.add(AGF_META_UNIT_SCALE_FACTOR, 100.0);
    metadata.add(AGF_META_UNITS, "metre");
    metadata.add(AGF_META_ROOT_ROTATED_TO_Y_UP, false);
    metadata.add(AGF_META_P3D_LOD_COUNT, static_cast<uint64_t>(mModel.lods.size()));
    metadata.add(AGF_META_P3D_IMPORTED_LOD_COUNT, static_cast<uint64_t>(importedLods));
    if (mModel.wasCompressed) {
        metadata.add(AGF_META_P3D_WHOLE_FILE_COMPRESSED, true);
    }
    if (!mSkeletonSource.empty()) {
        metadata.add(AGF_META_P3D_SKELETON, ToUtf8(mSkeletonName));
        metadata.add(AGF_META_P3D_SKELETON_SOURCE, ToUtf8(mSkeletonSource));
    }
    if (!mModel.info.empty()) {
        for (const auto &entry : mModel.info) {
            metadata.add(AGF_META_P3D_MODEL_INFO "." + ModelInfoField(entry.first),
                         ToUtf8(entry.second));
        }
    }
    if (!mModel.animations.empty()) {
        std::unordered_set<std::string> keys;
        for (const AnimationClass &animation : mModel.animations) {
            std::string key = ToUtf8(animation.name);
            while (!keys.insert(key).second) {
                key += "'";
            }
            const std::string entry = AGF_META_P3D_ANIMATIONS + MetadataName(key);
            metadata.add(entry + AGF_META_P3D_ANIMATION_TYPE, static_cast<int32_t>(animation.type));
            metadata.add(entry + AGF_META_P3D_ANIMATION_SOURCE, ToUtf8(animation.source));
            metadata.add(entry + AGF_META_P3D_ANIMATION_MIN_PHASE, animation.minPhase);
            metadata.add(entry + AGF_META_P3D_ANIMATION_MAX_PHASE, animation.maxPhase);
            metadata.add(entry + AGF_META_P3D_ANIMATION_MIN_VALUE, animation.minValue);
            metadata.add(entry + AGF_META_P3D_ANIMATION_MAX_VALUE, animation.maxValue);
            metadata.add(entry + AGF_META_P3D_ANIMATION_SOURCE_ADDRESS,
                         static_cast<int32_t>(animation.sourceAddress));
            std::string parameters;
            for (float value : animation.parameters) {
                parameters += (parameters.empty() ? "" : ",") + FormatFloat(value);
            }
            metadata.add(entry + AGF_META_P3D_ANIMATION_PARAMETERS, parameters);
            if (animation.bone >= 0 && static_cast<size_t>(animation.bone) < mSkinBones.size()) {
                metadata.add(entry + AGF_META_P3D_ANIMATION_BONE,
                             mSkinBones[static_cast<size_t>(animation.bone)].name);
                metadata.add(entry + AGF_META_P3D_ANIMATION_AXIS_POSITION,
                             ToAssimpPoint(animation.axisPosition));
                metadata.add(entry + AGF_META_P3D_ANIMATION_AXIS_DIRECTION,
                             ToAssimpPoint(animation.axisDirection));
            }
        }
    }
    metadata.mergeInto(mScene->mMetaData);
}

} // namespace agf::p3d
