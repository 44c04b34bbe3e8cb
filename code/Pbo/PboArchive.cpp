/** @file PboArchive.cpp */
#include "PboArchive.h"

#include "Common/BinaryReader.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/Lzss.h"
#include "Common/SafePaths.h"
#include "Common/StringHelpers.h"
#include "PboEntryStreams.h"
#include "PboParser.h"

#include <assimp/IOSystem.hpp>

#include <algorithm>

namespace agf::pbo {

namespace {

/** The first read of a header: the tables of most archives fit; a larger one is read in steps
 *  four times larger each. */
constexpr size_t kFirstHeaderRead = 64u << 10;

/** Reads up to `size` bytes at `offset`; returns how many were read. */
size_t ReadAt(Assimp::IOStream &stream, uint64_t offset, uint8_t *buffer, size_t size) {
    if (size == 0 || stream.Seek(static_cast<size_t>(offset), aiOrigin_SET) != aiReturn_SUCCESS) {
        return 0;
    }
    return stream.Read(buffer, 1, size);
}

} // namespace

std::string PboLookupKey(const std::string &path) {
    const SafePath safe = MakeSafeRelativePath(path);
    return safe.refused ? std::string() : Lower(safe.relative);
}

bool HasPboExtension(const std::string &path) {
    return EndsWithIgnoreCase(path, ".pbo");
}

PboArchive::PboArchive(Assimp::IOSystem &io, const std::string &path)
    : mIo(io), mPath(path), mFileName(FileNameOf(path)) {
    readLayout();
    choosePrefix();
    for (size_t i = 0; i < mLayout.entries.size(); ++i) {
        mByLowerPath.emplace(Lower(mLayout.entries[i].path), i);
    }
}

std::unique_ptr<Assimp::IOStream> PboArchive::openArchive() const {
    std::unique_ptr<Assimp::IOStream> stream(mIo.Open(mPath.c_str(), "rb"));
    if (!stream) {
        ThrowImportError(mFileName, "file", 0, "cannot open the archive");
    }
    return stream;
}

void PboArchive::readLayout() {
    const std::unique_ptr<Assimp::IOStream> stream = openArchive();
    uint64_t fileSize = stream->FileSize();
    std::vector<uint8_t> head;
    size_t wanted = static_cast<size_t>(std::min<uint64_t>(fileSize, kFirstHeaderRead));
    PboTable table;
    for (;;) {
        head.resize(wanted);
        const size_t got = ReadAt(*stream, 0, head.data(), wanted);
        if (got < wanted) {
            // The file is shorter than it said (shortened meanwhile, or a read error): it
            // ends where the reading did.
            fileSize = got;
        }
        if (ParsePboTable(head.data(), got, fileSize, mFileName, mWarnings, table) ==
            TableRead::Complete) {
            break;
        }
        wanted = static_cast<size_t>(std::min<uint64_t>(fileSize, uint64_t{wanted} * 4));
    }
    std::vector<uint8_t>().swap(head);
    uint8_t tail[kTrailerBytes] = {};
    const size_t tailSize = static_cast<size_t>(std::min<uint64_t>(fileSize, kTrailerBytes));
    const size_t gotTail = ReadAt(*stream, fileSize - tailSize, tail, tailSize);
    mLayout = LocatePboEntries(table, fileSize, tail, gotTail == tailSize ? tailSize : 0, mFileName,
                               mWarnings);
}

void PboArchive::choosePrefix() {
    const std::string written = Trim(PboProperty(mLayout, "prefix"));
    const SafePath safe = MakeSafeRelativePath(written);
    if (!written.empty() && (safe.refused || safe.relative.empty())) {
        mWarnings.add(WarningKind::InvalidValue, mFileName, "properties", 0,
                      "prefix '" + written + "' is not a data-root path (" + safe.problem +
                          "); the archive's name is taken instead");
    }
    mPrefix = safe.refused ? std::string() : safe.relative;
    if (mPrefix.empty()) {
        mPrefix = MakeSafeRelativePath(BaseNameOf(mPath)).relative;
    }
    mLowerPrefix = Lower(mPrefix);
}

const PboEntry *PboArchive::find(const std::string &inside) const {
    const std::string key = PboLookupKey(inside);
    if (key.empty()) {
        return nullptr;
    }
    auto found = mByLowerPath.find(key);
    if (found == mByLowerPath.end() && !mLowerPrefix.empty() && key.size() > mLowerPrefix.size() &&
        key.compare(0, mLowerPrefix.size(), mLowerPrefix) == 0 && key[mLowerPrefix.size()] == '/') {
        found = mByLowerPath.find(key.substr(mLowerPrefix.size() + 1));
    }
    return found == mByLowerPath.end() ? nullptr : &mLayout.entries[found->second];
}

std::unique_ptr<Assimp::IOStream> PboArchive::openEntry(const PboEntry &entry) const {
    std::unique_ptr<Assimp::IOStream> archive = openArchive();
    if (!entry.compressed()) {
        return std::make_unique<PboSliceStream>(mIo, archive.release(), entry.dataOffset,
                                                entry.dataSize);
    }
    std::vector<uint8_t> packed(entry.dataSize);
    if (ReadAt(*archive, entry.dataOffset, packed.data(), packed.size()) != packed.size()) {
        ThrowImportError(mFileName, "entry " + entry.name, entry.dataOffset,
                         "cannot read its " + std::to_string(entry.dataSize) + " bytes");
    }
    BinaryReader reader(packed.data(), packed.size(), mFileName, entry.dataOffset);
    reader.setStructure("entry " + entry.name);
    std::vector<uint8_t> unpacked;
    // BI's packers sum the bytes as signed values, others as unsigned; both are accepted.
    LzssDecode(reader, entry.originalSize, unpacked, LzssChecksumRule::SignedOrUnsigned);
    return std::make_unique<PboBufferStream>(std::move(unpacked));
}

std::vector<uint8_t> PboArchive::readEntry(const PboEntry &entry) const {
    const std::unique_ptr<Assimp::IOStream> stream = openEntry(entry);
    std::vector<uint8_t> bytes(stream->FileSize());
    if (!bytes.empty() && stream->Read(bytes.data(), 1, bytes.size()) != bytes.size()) {
        ThrowImportError(mFileName, "entry " + entry.name, entry.dataOffset,
                         "cannot read its " + std::to_string(bytes.size()) + " bytes");
    }
    return bytes;
}

} // namespace agf::pbo
