/** @file UeAnimParser.cpp */
#include "UeAnimParser.h"

#include "Common/Warnings.h"
#include "UeFormatSections.h"
#include "UeFormatVersions.h"

namespace agf::ueformat {

namespace {

constexpr size_t kStringBytes = 4;

template <typename Value, typename ReadValue>
std::vector<Key<Value>> ReadKeys(BinaryReader &reader, size_t valueBytes, const char *what,
                                 ReadValue readValue) {
    const size_t count = InnerCount(reader, 4 + valueBytes, what);
    return ReadElements<Key<Value>>(reader, count, [&readValue](BinaryReader &in) {
        Key<Value> key;
        key.frame = in.i32();
        key.value = readValue(in);
        return key;
    });
}

Track ReadTrack(BinaryReader &reader) {
    Track track;
    track.bone = ReadFString(reader);
    track.positions = ReadKeys<Float3>(reader, 12, "position key", ReadFloat3);
    track.rotations = ReadKeys<Float4>(reader, 16, "rotation key", ReadFloat4);
    track.scales = ReadKeys<Float3>(reader, 12, "scale key", ReadFloat3);
    return track;
}

Curve ReadCurve(BinaryReader &reader) {
    Curve curve;
    curve.name = ReadFString(reader);
    curve.keys = ReadKeys<float>(reader, 4, "curve key", [](BinaryReader &in) { return in.f32(); });
    return curve;
}

AnimMetadata ReadAnimMetadata(BinaryReader &reader) {
    AnimMetadata metadata;
    metadata.frameCount = reader.i32();
    metadata.framesPerSecond = reader.f32();
    metadata.refPosePath = ReadFString(reader);
    metadata.additiveType = reader.u8();
    metadata.refPoseType = reader.u8();
    metadata.refFrameIndex = reader.i32();
    return metadata;
}

PoseKey ReadPoseKey(BinaryReader &reader) {
    PoseKey key;
    key.bone = ReadFString(reader);
    key.location = ReadFloat3(reader);
    key.rotation = ReadFloat4(reader);
    key.scale = ReadFloat3(reader);
    return key;
}

Pose ReadPose(BinaryReader &reader) {
    Pose pose;
    pose.name = ReadFString(reader);
    pose.keys = ReadElements<PoseKey>(reader, InnerCount(reader, kStringBytes + 40, "pose key"),
                                      ReadPoseKey);
    pose.curves = ReadElements<PoseCurveInfluence>(reader, InnerCount(reader, 8, "curve influence"),
                                                   [](BinaryReader &in) {
                                                       PoseCurveInfluence influence;
                                                       influence.curve = in.i32();
                                                       influence.influence = in.f32();
                                                       return influence;
                                                   });
    return pose;
}

void WarnTrailingBytes(const BinaryReader &body, Warnings &warnings) {
    if (!body.atEnd()) {
        warnings.add(WarningKind::Inconsistent, body.fileName(), "body", body.offset(),
                     std::to_string(body.remaining()) + " bytes after the attribute set ignored");
    }
}

} // namespace

Anim ParseUeAnim(const Container &container, Warnings &warnings) {
    const uint8_t version = container.version();
    BinaryReader body = container.bodyReader();
    Anim anim;
    if (version < kVersionAssetMetadata) {
        body.setStructure("animation header");
        anim.metadata.frameCount = body.i32();
        anim.metadata.framesPerSecond = body.f32();
        anim.hasMetadata = true;
    }
    std::vector<Section> sections = ReadSections(body, version, "animation", warnings);
    if (Section *section = FindSection(sections, "METADATA")) {
        anim.metadata = ReadAnimMetadata(section->data);
        anim.hasMetadata = true;
    }
    if (Section *section = FindSection(sections, "TRACKS")) {
        anim.tracks =
            ReadArraySection<Track>(*section, version, kStringBytes + 12, "track", ReadTrack);
    }
    if (Section *section = FindSection(sections, "CURVES")) {
        anim.curves =
            ReadArraySection<Curve>(*section, version, kStringBytes + 4, "curve", ReadCurve);
    }
    WarnUnusedSections(sections, "animation", warnings);
    WarnTrailingBytes(body, warnings);
    return anim;
}

PoseFile ParseUePose(const Container &container, Warnings &warnings) {
    const uint8_t version = container.version();
    BinaryReader body = container.bodyReader();
    PoseFile file;
    std::vector<Section> sections = ReadSections(body, version, "poses", warnings);
    if (Section *section = FindSection(sections, "POSES")) {
        file.poses = ReadArraySection<Pose>(*section, version, kStringBytes + 8, "pose", ReadPose);
    }
    if (Section *section = FindSection(sections, "CURVES")) {
        file.curveNames = ReadArraySection<std::string>(*section, version, kStringBytes,
                                                        "curve name", ReadFString);
    }
    WarnUnusedSections(sections, "poses", warnings);
    WarnTrailingBytes(body, warnings);
    return file;
}

} // namespace agf::ueformat
