/** @file PswParser.cpp */
#include "PswParser.h"

#include "ActorXChunks.h"
#include "Common/TextEncoding.h"
#include "PswPaths.h"

#include <unordered_map>

namespace agf::psw {

namespace {

constexpr size_t kActorRecordV1 = 368;
constexpr size_t kActorRecordV2 = 560;
constexpr size_t kActorRecordV3 = 568;
// INSTMATERIAL records are actor, slot and a material path of 64 bytes (72 in all);
// INSTMATERIAL::2 widens the path to 256 bytes (264 in all).
constexpr size_t kInstMaterialPathSize = 64;
constexpr size_t kInstMaterialPathSize2 = 256;
constexpr size_t kActorMaterialRecord = 512;
constexpr size_t kLightRecord = 48;
constexpr size_t kLandscapeRecord = 296;

const char *const kActorsV1 = "WORLDACTORS";
const char *const kActorsV2 = "WORLDACTORS::2";
const char *const kActorsV3 = "WORLDACTORS::3";
const char *const kInstMaterial = "INSTMATERIAL";
const char *const kInstMaterial2 = "INSTMATERIAL::2";
const char *const kActorMaterials = "ACTORMATERIALS";
const char *const kLights = "WORLDLIGHTS";
const char *const kLandscape = "LANDSCAPE";

std::string ReadText(BinaryReader &reader, size_t fieldSize) {
    const std::string raw = reader.fixedString(fieldSize);
    return ToUtf8(raw, raw.size() == fieldSize);
}

std::string SafeRelative(const std::string &raw, const std::string &fileName,
                         const std::string &structure, uint64_t offset) {
    const SafePath safe = MakeSafeRelativePath(raw);
    if (safe.refused) {
        ThrowImportError(fileName, structure, offset,
                         "path \"" + raw + "\" refused (" + safe.problem + ")");
    }
    return safe.relative;
}

PswVersion DetectVersion(const actorx::ChunkList &chunks, const std::string &fileName,
                         const actorx::Chunk *&actorChunk) {
    const actorx::Chunk *v1 = chunks.find(kActorsV1);
    const actorx::Chunk *v2 = chunks.find(kActorsV2);
    const actorx::Chunk *v3 = chunks.find(kActorsV3);
    if (int(v1 != nullptr) + int(v2 != nullptr) + int(v3 != nullptr) > 1) {
        const actorx::Chunk *second = v3 != nullptr ? v3 : v2;
        ThrowImportError(fileName, second->id, second->headerOffset,
                         "the file holds more than one kind of WORLDACTORS chunk");
    }
    actorChunk = v1 != nullptr ? v1 : (v2 != nullptr ? v2 : v3);
    // The actor layout decides; without actors, the other chunks tell the generation.
    if (v3 != nullptr || (actorChunk == nullptr && chunks.find(kActorMaterials) != nullptr)) {
        return PswVersion::V3;
    }
    if (v1 != nullptr) {
        return PswVersion::V1;
    }
    if (chunks.find(kInstMaterial2) != nullptr) {
        return PswVersion::V2b;
    }
    if (v2 != nullptr || chunks.find(kLights) != nullptr) {
        return PswVersion::V2;
    }
    return PswVersion::V1;
}

size_t ActorLayoutSize(const std::string &id) {
    if (id == kActorsV1) {
        return kActorRecordV1;
    }
    return id == kActorsV2 ? kActorRecordV2 : kActorRecordV3;
}

void ReadActors(const actorx::Chunk &chunk, const std::string &fileName, PswWorld &world) {
    const bool v1 = chunk.id == kActorsV1;
    const bool v3 = chunk.id == kActorsV3;
    actorx::ReserveForRecords(world.actors, chunk, ActorLayoutSize(chunk.id), fileName);
    // A level places the same few assets many times: each distinct path is made safe once.
    std::unordered_map<std::string, std::string> relativeOf;
    actorx::ForEachRecord(
        chunk, ActorLayoutSize(chunk.id), fileName, [&](BinaryReader &record, size_t) {
            PswActor actor;
            actor.recordOffset = record.offset();
            actor.name = ReadText(record, v1 ? 64 : 256);
            actor.assetPath = ReadText(record, 256);
            const auto known = relativeOf.find(actor.assetPath);
            if (known != relativeOf.end()) {
                actor.assetRelative = known->second;
            } else {
                actor.assetRelative =
                    SafeRelative(actor.assetPath, fileName, record.structure(), actor.recordOffset);
                relativeOf.emplace(actor.assetPath, actor.assetRelative);
            }
            actor.parent = record.i32();
            actor.position = ReadFloat3(record);
            actor.rotation = ReadFloat4(record);
            actor.scale = ReadFloat3(record);
            actor.flags = record.u32();
            if (v3) {
                actor.materialStart = record.i32();
                actor.materialCount = record.i32();
            }
            world.actors.push_back(std::move(actor));
        });
}

// Parents must name another actor, and following them must end at a root.
void CheckActorParents(const PswWorld &world, const actorx::Chunk &chunk,
                       const std::string &fileName) {
    const size_t count = world.actors.size();
    for (size_t i = 0; i < count; ++i) {
        const int32_t parent = world.actors[i].parent;
        if (parent < -1 || parent >= static_cast<int64_t>(count) ||
            parent == static_cast<int32_t>(i)) {
            ThrowImportError(
                fileName, chunk.id + " record " + std::to_string(i), world.actors[i].recordOffset,
                "actor \"" + world.actors[i].name + "\" has parent " + std::to_string(parent) +
                    ", which is not another of the " + std::to_string(count) + " actors");
        }
    }
    // 0 unvisited, 1 on the current chain, 2 known to reach a root.
    std::vector<uint8_t> state(count, 0);
    std::vector<size_t> chain;
    for (size_t i = 0; i < count; ++i) {
        chain.clear();
        size_t current = i;
        while (state[current] == 0) {
            state[current] = 1;
            chain.push_back(current);
            const int32_t parent = world.actors[current].parent;
            if (parent < 0) {
                break;
            }
            current = static_cast<size_t>(parent);
            if (state[current] == 1) {
                ThrowImportError(fileName, chunk.id + " record " + std::to_string(current),
                                 world.actors[current].recordOffset,
                                 "the parents of actor \"" + world.actors[current].name +
                                     "\" form a cycle");
            }
        }
        for (size_t index : chain) {
            state[index] = 2;
        }
    }
}

void ReadInstanceMaterials(const actorx::Chunk &chunk, size_t nameSize, const std::string &fileName,
                           PswWorld &world, Warnings &warnings) {
    actorx::ForEachRecord(chunk, 8 + nameSize, fileName, [&](BinaryReader &record, size_t index) {
        PswMaterialAssignment assignment;
        assignment.actor = record.i32();
        assignment.slot = record.i32();
        assignment.material = ReadText(record, nameSize);
        if (assignment.actor < 0 || assignment.actor >= static_cast<int64_t>(world.actors.size()) ||
            assignment.slot < 0) {
            warnings.add(WarningKind::OutOfRange, fileName, chunk.id, chunk.headerOffset,
                         "record " + std::to_string(index) + ": actor " +
                             std::to_string(assignment.actor) + " slot " +
                             std::to_string(assignment.slot) +
                             " does not exist; the override is ignored");
            return;
        }
        world.materials.push_back(std::move(assignment));
    });
}

void ReadActorMaterials(const actorx::Chunk &chunk, const std::string &fileName, PswWorld &world,
                        Warnings &warnings) {
    std::vector<std::pair<std::string, std::string>> records;
    actorx::ReserveForRecords(records, chunk, kActorMaterialRecord, fileName);
    actorx::ForEachRecord(chunk, kActorMaterialRecord, fileName, [&](BinaryReader &record, size_t) {
        std::string slotName = ReadText(record, 256);
        std::string material = ReadText(record, 256);
        records.emplace_back(std::move(slotName), std::move(material));
    });
    // Actors may share records, and each assignment copies its record: past 4 per record (plus
    // 1024), the actors' overrides are left out, so a few records cannot cost every actor's copy.
    const size_t assignmentLimit = 4 * records.size() + 1024;
    size_t actorsLeftOut = 0;
    for (size_t a = 0; a < world.actors.size(); ++a) {
        const PswActor &actor = world.actors[a];
        if (actor.materialCount == 0) {
            continue;
        }
        const int64_t start = actor.materialStart;
        const int64_t end = start + actor.materialCount;
        if (start < 0 || actor.materialCount < 0 || end > static_cast<int64_t>(records.size())) {
            warnings.add(WarningKind::OutOfRange, fileName, chunk.id, chunk.headerOffset,
                         "actor \"" + actor.name + "\" uses ACTORMATERIALS records " +
                             std::to_string(start) + ".." + std::to_string(end) +
                             " but there are " + std::to_string(records.size()) +
                             "; its materials are ignored");
            continue;
        }
        if (world.materials.size() + static_cast<size_t>(actor.materialCount) > assignmentLimit) {
            ++actorsLeftOut;
            continue;
        }
        for (int64_t r = start; r < end; ++r) {
            PswMaterialAssignment assignment;
            assignment.actor = static_cast<int32_t>(a);
            assignment.slot = static_cast<int32_t>(r - start);
            assignment.slotName = records[static_cast<size_t>(r)].first;
            assignment.material = records[static_cast<size_t>(r)].second;
            world.materials.push_back(std::move(assignment));
        }
    }
    if (actorsLeftOut != 0) {
        warnings.add(WarningKind::LimitReached, fileName, chunk.id, chunk.headerOffset,
                     "the material overrides of " + std::to_string(actorsLeftOut) +
                         " actors left out: the actors share the " +
                         std::to_string(records.size()) + " records so much that they would need " +
                         "more than " + std::to_string(assignmentLimit) + " copies of them");
    }
}

void ReadLights(const actorx::Chunk &chunk, const std::string &fileName, PswWorld &world,
                Warnings &warnings) {
    actorx::ReserveForRecords(world.lights, chunk, kLightRecord, fileName);
    actorx::ForEachRecord(chunk, kLightRecord, fileName, [&](BinaryReader &record, size_t index) {
        PswLight light;
        light.recordOffset = record.offset();
        light.parent = record.i32();
        record.bytes(light.color, 4);
        light.type = record.i32();
        light.width = record.f32();
        light.height = record.f32();
        light.length = record.f32();
        light.attenuationRadius = record.f32();
        light.sourceRadius = record.f32();
        light.temperature = record.f32();
        light.shadowBias = record.f32();
        light.intensity = record.f32();
        light.sourceAngle = record.f32();
        if (light.parent < -1 || light.parent >= static_cast<int64_t>(world.actors.size())) {
            warnings.add(WarningKind::OutOfRange, fileName, chunk.id, chunk.headerOffset,
                         "record " + std::to_string(index) + ": parent actor " +
                             std::to_string(light.parent) +
                             " does not exist; the light is placed at the root");
            light.parent = -1;
        }
        world.lights.push_back(light);
    });
}

void ReadLandscape(const actorx::Chunk &chunk, const std::string &fileName, PswWorld &world,
                   Warnings &warnings) {
    actorx::ReserveForRecords(world.landscape, chunk, kLandscapeRecord, fileName);
    actorx::ForEachRecord(
        chunk, kLandscapeRecord, fileName, [&](BinaryReader &record, size_t index) {
            PswLandscapeTile tile;
            tile.recordOffset = record.offset();
            tile.texturePath = ReadText(record, 256);
            tile.textureRelative =
                SafeRelative(tile.texturePath, fileName, record.structure(), tile.recordOffset);
            tile.actor = record.i32();
            tile.tileX = record.i32();
            tile.tileY = record.i32();
            tile.type = record.i32();
            tile.componentSize = record.i32();
            tile.bias = record.i32();
            tile.offsetX = record.f32();
            tile.offsetY = record.f32();
            tile.dimX = record.i32();
            tile.dimY = record.i32();
            if (tile.actor < -1 || tile.actor >= static_cast<int64_t>(world.actors.size())) {
                warnings.add(WarningKind::OutOfRange, fileName, chunk.id, chunk.headerOffset,
                             "record " + std::to_string(index) + ": actor " +
                                 std::to_string(tile.actor) +
                                 " does not exist; the tile is placed at the root");
                tile.actor = -1;
            }
            world.landscape.push_back(std::move(tile));
        });
}

const char *WalkEndProblem(actorx::WalkEnd end) {
    switch (end) {
    case actorx::WalkEnd::TrailingBytes:
        return "the file ends inside a chunk header (truncated)";
    case actorx::WalkEnd::UnreadableHeader:
        return "unreadable chunk header";
    case actorx::WalkEnd::NegativeSize:
        return "chunk with a negative record size or count";
    case actorx::WalkEnd::PayloadPastEnd:
        return "the chunk's records run past the end of the file (truncated)";
    case actorx::WalkEnd::Complete:
        break;
    }
    return "";
}

} // namespace

const char *VersionName(PswVersion version) {
    switch (version) {
    case PswVersion::V1:
        return "v1";
    case PswVersion::V2:
        return "v2";
    case PswVersion::V2b:
        return "v2b";
    case PswVersion::V3:
        return "v3";
    }
    return "?";
}

PswWorld ParsePswWorld(const uint8_t *data, size_t size, const std::string &fileName,
                       Warnings &warnings) {
    const actorx::ChunkList chunks =
        actorx::WalkChunksOf(actorx::kWorldMagic, data, size, fileName, warnings);
    if (chunks.magic != actorx::kWorldMagic) {
        ThrowImportError(fileName, "file header", 0,
                         "not an ActorX world: the first chunk is " + chunks.magic +
                             ", not WRLDHEAD");
    }
    // Actors, materials and tiles refer to each other by index, so a world cut short cannot be
    // imported in part without silently attaching things to the wrong actors.
    if (chunks.end != actorx::WalkEnd::Complete) {
        ThrowImportError(fileName, chunks.endChunk.empty() ? "chunk list" : chunks.endChunk,
                         chunks.endOffset, WalkEndProblem(chunks.end));
    }

    PswWorld world;
    const actorx::Chunk *actorChunk = nullptr;
    world.version = DetectVersion(chunks, fileName, actorChunk);
    if (actorChunk != nullptr) {
        ReadActors(*actorChunk, fileName, world);
        CheckActorParents(world, *actorChunk, fileName);
    } else {
        warnings.add(WarningKind::Empty, fileName, "chunk list", 0,
                     "the world has no WORLDACTORS chunk");
    }

    const actorx::Chunk *actorMaterials = chunks.find(kActorMaterials);
    const actorx::Chunk *instMaterials2 = chunks.find(kInstMaterial2);
    const actorx::Chunk *instMaterials = chunks.find(kInstMaterial);
    if (world.version == PswVersion::V3) {
        if (actorMaterials != nullptr) {
            ReadActorMaterials(*actorMaterials, fileName, world, warnings);
        }
    } else if (instMaterials2 != nullptr) {
        ReadInstanceMaterials(*instMaterials2, kInstMaterialPathSize2, fileName, world, warnings);
    } else if (instMaterials != nullptr) {
        ReadInstanceMaterials(*instMaterials, kInstMaterialPathSize, fileName, world, warnings);
    }
    if (const actorx::Chunk *chunk = chunks.find(kLights)) {
        ReadLights(*chunk, fileName, world, warnings);
    }
    if (const actorx::Chunk *chunk = chunks.find(kLandscape)) {
        ReadLandscape(*chunk, fileName, world, warnings);
    }
    for (const actorx::Chunk &chunk : chunks.chunks) {
        const bool known = chunk.id == kActorsV1 || chunk.id == kActorsV2 ||
                           chunk.id == kActorsV3 || chunk.id == kInstMaterial ||
                           chunk.id == kInstMaterial2 || chunk.id == kActorMaterials ||
                           chunk.id == kLights || chunk.id == kLandscape;
        if (!known) {
            warnings.add(WarningKind::Unknown, fileName, chunk.id, chunk.headerOffset,
                         "unknown chunk skipped");
        }
    }
    return world;
}

} // namespace agf::psw
