/** @file GlbContainer.cpp */
#include "GlbContainer.h"

#include "Common/BinaryReader.h"

#include <algorithm>

namespace agf::gltf {

namespace {

constexpr uint32_t kMagic = 0x46546C67;     // "glTF"
constexpr uint32_t kJsonChunk = 0x4E4F534A; // "JSON"
constexpr uint32_t kBinChunk = 0x004E4942;  // "BIN\0"

void PutU32(std::vector<uint8_t> &out, uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<uint8_t>(value >> shift));
    }
}

size_t Padded(size_t size) {
    return (size + 3) & ~size_t(3);
}

} // namespace

GlbFile ReadGlb(const std::vector<uint8_t> &bytes, const std::string &fileName) {
    BinaryReader reader(bytes.data(), bytes.size(), fileName);
    reader.setStructure("GLB header");
    if (reader.u32() != kMagic) {
        reader.failAt(0, "not a binary glTF file (no \"glTF\" magic)");
    }
    const uint32_t version = reader.u32();
    if (version != 2) {
        reader.failAt(4, "GLB version " + std::to_string(version) + " (only 2 is written)");
    }
    const uint32_t length = reader.u32();
    if (length > bytes.size()) {
        reader.failAt(8, "the header claims " + std::to_string(length) + " bytes, the file has " +
                             std::to_string(bytes.size()));
    }
    GlbFile file;
    BinaryReader chunks = BinaryReader(bytes.data(), length, fileName);
    chunks.seek(12);
    bool first = true;
    while (!chunks.atEnd()) {
        chunks.setStructure("GLB chunk");
        const uint32_t chunkLength = chunks.u32();
        const uint32_t type = chunks.u32();
        const uint8_t *data = chunks.view(chunkLength);
        if (first && type != kJsonChunk) {
            chunks.failAt(16, "the first chunk is not JSON");
        }
        if (type == kJsonChunk && first) {
            file.json.assign(reinterpret_cast<const char *>(data), chunkLength);
        } else if (type == kBinChunk && !file.hasBinary) {
            file.binary.assign(data, data + chunkLength);
            file.hasBinary = true;
        }
        first = false;
        // Chunks are 4-byte aligned; a writer that did not pad its last chunk is accepted.
        chunks.seek(std::min(chunks.size(), Padded(chunks.position())));
    }
    if (first) {
        reader.failAt(12, "no JSON chunk");
    }
    return file;
}

std::vector<uint8_t> WriteGlb(const GlbFile &file) {
    const size_t jsonLength = Padded(file.json.size());
    const size_t binLength = Padded(file.binary.size());
    const size_t total = 12 + 8 + jsonLength + (file.hasBinary ? 8 + binLength : 0);
    std::vector<uint8_t> out;
    out.reserve(total);
    PutU32(out, kMagic);
    PutU32(out, 2);
    PutU32(out, static_cast<uint32_t>(total));
    PutU32(out, static_cast<uint32_t>(jsonLength));
    PutU32(out, kJsonChunk);
    out.insert(out.end(), file.json.begin(), file.json.end());
    out.resize(out.size() + (jsonLength - file.json.size()), ' ');
    if (file.hasBinary) {
        PutU32(out, static_cast<uint32_t>(binLength));
        PutU32(out, kBinChunk);
        out.insert(out.end(), file.binary.begin(), file.binary.end());
        out.resize(out.size() + (binLength - file.binary.size()), 0);
    }
    return out;
}

} // namespace agf::gltf
