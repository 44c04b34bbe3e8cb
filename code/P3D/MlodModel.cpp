/** @file MlodModel.cpp
 *  An MLOD file: its header, then its LODs one after the other, read on several threads when
 *  they are large, each as soon as a walk over the file has located it. MlodParser.cpp
 *  reads each LOD.
 */
#include "MlodParser.h"

#include "P3dLodThreads.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>

namespace agf::p3d {

namespace {

using namespace mlod;

// Where the LOD starting at `start` ends, found by walking over it without reading it, byte for
// byte as ParseMlodLod consumes it: the counts of the header, the fixed-size records, the two
// strings of each P3DM face, and the taggs by their sizes up to #EndOfFile#. Nothing when the
// LOD cannot be walked: ParseMlodLod then reads it and reports what is wrong with it.
std::optional<size_t> LocateLodEnd(const uint8_t *data, size_t size, size_t start) {
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
    if (!has(28)) {
        return std::nullopt;
    }
    const bool p3dm = std::memcmp(data + at, "P3DM", 4) == 0;
    if (!p3dm && std::memcmp(data + at, "SP3X", 4) != 0) {
        return std::nullopt;
    }
    const uint64_t points = BinaryReader::LoadU32(data + at + 12);
    const uint64_t normals = BinaryReader::LoadU32(data + at + 16);
    const uint64_t faces = BinaryReader::LoadU32(data + at + 20);
    at += 28;
    if (!has(points * kPointRecordSize + normals * kNormalRecordSize)) {
        return std::nullopt;
    }
    at += points * kPointRecordSize + normals * kNormalRecordSize;
    if (!p3dm) {
        if (!has(faces * kSp3xFaceSize)) {
            return std::nullopt;
        }
        at += faces * kSp3xFaceSize;
    }
    for (uint64_t face = 0; p3dm && face < faces; ++face) {
        if (!has(kP3dmFaceRecordSize)) {
            return std::nullopt;
        }
        at += kP3dmFaceRecordSize;
        if (!skipString() || !skipString()) { // texture, material
            return std::nullopt;
        }
    }
    if (!has(4) || std::memcmp(data + at, "TAGG", 4) != 0) {
        return std::nullopt;
    }
    at += 4;
    for (bool endOfFile = false; !endOfFile;) {
        std::string_view name;
        if (p3dm) {
            const size_t nameStart = at + 1; // after the "active" byte
            if (!has(1)) {
                return std::nullopt;
            }
            at += 1;
            if (!skipString()) {
                return std::nullopt;
            }
            name = std::string_view(reinterpret_cast<const char *>(data + nameStart),
                                    at - 1 - nameStart);
        } else {
            if (!has(kSp3xTaggNameSize)) {
                return std::nullopt;
            }
            const char *field = reinterpret_cast<const char *>(data + at);
            name = std::string_view(field, strnlen(field, kSp3xTaggNameSize));
            at += kSp3xTaggNameSize;
        }
        if (!has(4)) {
            return std::nullopt;
        }
        const uint32_t dataSize = BinaryReader::LoadU32(data + at);
        at += 4;
        if (!has(dataSize)) {
            return std::nullopt;
        }
        at += dataSize;
        endOfFile = name == "#EndOfFile#";
    }
    if (!has(4)) {
        return std::nullopt;
    }
    return at + 4; // resolution
}

// Where the reading in order goes on after the LODs read as they were located: the first LOD
// not read yet and where it starts, or `done` when a damaged LOD has ended the model.
struct Resume {
    size_t lod = 0;
    size_t at = 0;
    bool done = false;
};

// Large LODs are read on several threads: each LOD from its own reader as soon as the walk has
// found where it starts and ends (the walk of the later LODs goes on meanwhile), kept in LOD
// order, and the first damaged one ends the model as on one thread. The LODs the walk could
// not locate are left to the reading in order.
Resume ReadLodsAsLocated(const uint8_t *data, size_t size, const std::string &fileName,
                         size_t firstLod, size_t lods, unsigned threads,
                         size_t minimumLodBytesForThreads, Model &model, Warnings &warnings) {
    // unique_ptr, not optional: the slots exist for every LOD before any is read.
    std::vector<size_t> ends(lods);
    std::vector<std::unique_ptr<Lod>> parsed(lods);
    std::vector<std::unique_ptr<ImportError>> errors(lods);
    std::vector<size_t> parsedEnds(lods);
    const auto startOf = [&](size_t i) { return i == 0 ? firstLod : ends[i - 1]; };
    const auto locate = [&](size_t i) -> std::optional<size_t> {
        const std::optional<size_t> end = LocateLodEnd(data, size, startOf(i));
        if (!end) {
            return std::nullopt;
        }
        ends[i] = *end;
        return *end - startOf(i);
    };
    const auto parseLocated = [&](size_t i, Warnings &lodWarnings) {
        parsed[i].reset();
        errors[i].reset();
        BinaryReader lodReader(data, size, fileName);
        lodReader.seek(startOf(i));
        try {
            parsed[i] = std::make_unique<Lod>(ParseMlodLod(lodReader, lodWarnings, i));
        } catch (const ImportError &error) {
            errors[i] = std::make_unique<ImportError>(error);
        }
        parsedEnds[i] = lodReader.position();
    };
    Resume resume{0, firstLod, false};
    const auto keep = [&](size_t i) {
        if (errors[i]) {
            if (model.lods.empty()) {
                throw *errors[i];
            }
            WarnLodsKeptBefore(warnings, *errors[i], model.lods.size());
            resume.done = true;
            return false;
        }
        model.lods.push_back(std::move(*parsed[i]));
        resume.lod = i + 1;
        resume.at = parsedEnds[i];
        // The walk and the parser disagree (they should not): the rest is read in order.
        return parsedEnds[i] == ends[i];
    };
    ForEachLodAsLocated(lods, minimumLodBytesForThreads, threads, warnings, locate, parseLocated,
                        keep);
    return resume;
}

} // namespace

Model ParseMlod(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings,
                unsigned threads, size_t minimumLodBytesForThreads) {
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

    const size_t firstLod = reader.position();
    Resume resume{0, firstLod, false};
    if (threads > 1 && lods >= 2 && lods <= kMaxLodsOnThreads &&
        (size - firstLod) / lods >= std::max<size_t>(minimumLodBytesForThreads, 1)) {
        resume = ReadLodsAsLocated(data, size, fileName, firstLod, lods, threads,
                                   minimumLodBytesForThreads, model, warnings);
        if (resume.done) {
            return model;
        }
    }
    reader.seek(resume.at);
    for (size_t i = resume.lod; i < lods; ++i) {
        try {
            model.lods.push_back(ParseMlodLod(reader, warnings, i));
        } catch (const ImportError &error) {
            if (model.lods.empty()) {
                throw;
            }
            WarnLodsKeptBefore(warnings, error, model.lods.size());
            return model;
        }
    }
    if (!reader.atEnd() && reader.remaining() != kSp3xDefaultPathSize) {
        reader.setStructure("end of file");
        warnings.add(WarningKind::Unknown, reader,
                     std::to_string(reader.remaining()) + " bytes after the last LOD ignored");
    }
    return model;
}

} // namespace agf::p3d
