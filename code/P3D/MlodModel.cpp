/** @file MlodModel.cpp
 *  An MLOD file: its header, then its LODs one after the other, read on several threads when
 *  they can be located first (#18). MlodParser.cpp reads each LOD.
 */
#include "MlodParser.h"

#include "P3dLodThreads.h"

#include <cstring>
#include <memory>

namespace agf::p3d {

namespace {

using namespace mlod;

// Where each LOD ends, found by walking over the LODs without reading them, byte for byte as
// ParseMlodLod consumes them: the counts of the header, the fixed-size records, the two strings
// of each P3DM face, and the taggs by their sizes up to #EndOfFile#. Stops at the first LOD it
// cannot walk, so it may return fewer ends than `lods`: ParseMlodLod then reads that LOD and
// reports what is wrong with it.
std::vector<size_t> LocateLodEnds(const uint8_t *data, size_t size, size_t start, size_t lods) {
    std::vector<size_t> ends;
    size_t at = start;
    const auto has = [&](uint64_t count) { return count <= size - at; };
    // Moves past a NUL-terminated string; false when there is no NUL.
    const auto skipString = [&]() {
        const void *nul = std::memchr(data + at, 0, size - at);
        if (nul == nullptr) {
            return false;
        }
        at = static_cast<size_t>(static_cast<const uint8_t *>(nul) - data) + 1;
        return true;
    };
    for (size_t lod = 0; lod < lods; ++lod) {
        if (!has(28)) {
            break;
        }
        const bool p3dm = std::memcmp(data + at, "P3DM", 4) == 0;
        if (!p3dm && std::memcmp(data + at, "SP3X", 4) != 0) {
            break;
        }
        const uint64_t points = BinaryReader::LoadU32(data + at + 12);
        const uint64_t normals = BinaryReader::LoadU32(data + at + 16);
        const uint64_t faces = BinaryReader::LoadU32(data + at + 20);
        at += 28;
        if (!has(points * kPointRecordSize + normals * kNormalRecordSize)) {
            break;
        }
        at += points * kPointRecordSize + normals * kNormalRecordSize;
        bool walked = true;
        if (!p3dm) {
            walked = has(faces * kSp3xFaceSize);
            at += walked ? faces * kSp3xFaceSize : 0;
        }
        for (uint64_t face = 0; p3dm && walked && face < faces; ++face) {
            walked = has(kP3dmFaceRecordSize);
            if (walked) {
                at += kP3dmFaceRecordSize;
                walked = skipString() && skipString(); // texture, material
            }
        }
        if (!walked || !has(4) || std::memcmp(data + at, "TAGG", 4) != 0) {
            break;
        }
        at += 4;
        bool endOfFile = false;
        while (walked && !endOfFile) {
            std::string name;
            if (p3dm) {
                walked = has(1);
                const size_t nameStart = at + 1;
                if (walked) {
                    at += 1; // active
                    walked = skipString();
                }
                if (walked) {
                    name.assign(reinterpret_cast<const char *>(data + nameStart),
                                at - 1 - nameStart);
                }
            } else {
                walked = has(kSp3xTaggNameSize);
                if (walked) {
                    const char *field = reinterpret_cast<const char *>(data + at);
                    name.assign(field, strnlen(field, kSp3xTaggNameSize));
                    at += kSp3xTaggNameSize;
                }
            }
            walked = walked && has(4);
            if (walked) {
                const uint32_t dataSize = BinaryReader::LoadU32(data + at);
                at += 4;
                walked = has(dataSize);
                at += walked ? dataSize : 0;
                endOfFile = name == "#EndOfFile#";
            }
        }
        if (!walked || !has(4)) {
            break;
        }
        at += 4; // resolution
        ends.push_back(at);
    }
    return ends;
}

} // namespace

Model ParseMlod(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                unsigned threads) {
    Model model;
    model.kind = FileKind::Mlod;
    BinaryReader reader(data, size, fileName);
    reader.setStructure("MLOD header");
    if (size >= 4 && (std::memcmp(data, "P3DM", 4) == 0 || std::memcmp(data, "SP3X", 4) == 0)) {
        // A bare LOD without the MLOD header.
        model.lods.push_back(ParseMlodLod(reader, warnings, 0));
        return model;
    }
    char signature[4];
    reader.bytes(signature, 4);
    if (std::memcmp(signature, "MLOD", 4) != 0) {
        reader.failAt(0, "not an MLOD file");
    }
    model.version = reader.u32(); // 0x101; any value is accepted (spec 2.1)
    const uint32_t lodCount = reader.u32();
    // A LOD needs at least its 28-byte header, "TAGG", the end tagg and the resolution.
    const size_t lods = reader.checkedCount(lodCount, 28 + 4 + 17 + 4, "LOD");

    // LODs are read on several threads when they can be located first (the walk costs a small
    // part of the reading): each LOD from its own reader, kept in LOD order, and the first
    // damaged one ends the model as on one thread. The LODs the walk could not locate are read
    // one after the other below.
    const size_t firstLod = reader.position();
    const std::vector<size_t> ends = threads > 1 && size - firstLod >= 2 * kMinimumLodBodyBytes
                                         ? LocateLodEnds(data, size, firstLod, lods)
                                         : std::vector<size_t>();
    const size_t located = ends.size();
    std::vector<size_t> costs(located);
    for (size_t i = 0; i < located; ++i) {
        costs[i] = ends[i] - (i == 0 ? firstLod : ends[i - 1]);
    }
    // unique_ptr, not optional: the slots exist for every located LOD before any is read.
    std::vector<std::unique_ptr<Lod>> parsed(located);
    std::vector<std::unique_ptr<ImportError>> errors(located);
    std::vector<size_t> parsedEnds(located);
    const auto parseLocated = [&](size_t i, Warnings &lodWarnings) {
        parsed[i].reset();
        errors[i].reset();
        BinaryReader lodReader(data, size, fileName);
        lodReader.seek(i == 0 ? firstLod : ends[i - 1]);
        try {
            parsed[i] = std::make_unique<Lod>(ParseMlodLod(lodReader, lodWarnings, i));
        } catch (const ImportError &error) {
            errors[i] = std::make_unique<ImportError>(error);
        }
        parsedEnds[i] = lodReader.position();
    };
    size_t resumeLod = located;
    size_t resumeAt = located == 0 ? firstLod : ends[located - 1];
    bool damaged = false;
    ForEachLod(costs, kMinimumLodBodyBytes, threads, warnings, parseLocated, [&](size_t i) {
        if (errors[i]) {
            if (model.lods.empty()) {
                throw *errors[i];
            }
            warnings.add(errors[i]->place(), errors[i]->problem() + " - keeping the " +
                                                 std::to_string(model.lods.size()) +
                                                 " LODs before it");
            damaged = true;
            return false;
        }
        model.lods.push_back(std::move(*parsed[i]));
        if (parsedEnds[i] != ends[i]) {
            // The walk and the parser disagree (they should not): the rest is read in order.
            resumeLod = i + 1;
            resumeAt = parsedEnds[i];
            return false;
        }
        return true;
    });
    if (damaged) {
        return model;
    }
    reader.seek(resumeAt);
    for (size_t i = resumeLod; i < lods; ++i) {
        try {
            model.lods.push_back(ParseMlodLod(reader, warnings, i));
        } catch (const ImportError &error) {
            if (model.lods.empty()) {
                throw;
            }
            warnings.add(error.place(), error.problem() + " - keeping the " +
                                            std::to_string(model.lods.size()) + " LODs before it");
            return model;
        }
    }
    if (!reader.atEnd() && reader.remaining() != kSp3xDefaultPathSize) {
        reader.setStructure("end of file");
        warnings.add(reader,
                     std::to_string(reader.remaining()) + " bytes after the last LOD ignored");
    }
    return model;
}

} // namespace agf::p3d
