/** @file PboWriter.cpp */
#include "PboWriter.h"

#include "Common/ByteWriter.h"
#include "PaaWriter.h"

namespace agf::testgen::pbo {

namespace {

constexpr uint32_t kMethodCompressed = 0x43707273; // "Cprs"
constexpr uint32_t kMethodProperties = 0x56657273; // "Vers"

void Text(ByteWriter &w, const std::string &text) {
    w.text(text);
    w.u8(0);
}

void Record(ByteWriter &w, const std::string &name, uint32_t method, uint32_t originalSize,
            uint32_t timestamp, uint32_t dataSize) {
    Text(w, name);
    w.u32(method);
    w.u32(originalSize);
    w.u32(0); // reserved
    w.u32(timestamp);
    w.u32(dataSize);
}

/** What an entry's record says and the bytes it stores. */
struct PackedEntry {
    uint32_t method = 0;
    uint32_t originalSize = 0;
    std::vector<uint8_t> data;
};

PackedEntry Pack(const PboEntrySpec &entry) {
    using Packing = PboEntrySpec::Packing;
    PackedEntry packed;
    const uint32_t size = static_cast<uint32_t>(entry.bytes.size());
    switch (entry.packing) {
    case Packing::Stored:
        packed.originalSize = size;
        packed.data = entry.bytes;
        break;
    case Packing::StoredNoOriginal:
        packed.data = entry.bytes;
        break;
    case Packing::Lzss:
    case Packing::LzssSigned:
        packed.method = kMethodCompressed;
        packed.originalSize = size;
        packed.data = paa::PaaLzss(entry.bytes, entry.packing == Packing::LzssSigned);
        break;
    }
    return packed;
}

} // namespace

std::vector<uint8_t> WritePbo(const PboSpec &spec, PboWrittenLayout *layout) {
    PboWrittenLayout where;
    ByteWriter w;
    if (!spec.properties.empty()) {
        Record(w, "", kMethodProperties, 0, 0, 0);
        for (const auto &[key, value] : spec.properties) {
            Text(w, key);
            Text(w, value);
        }
        Text(w, "");
    }
    std::vector<PackedEntry> packed;
    for (const PboEntrySpec &entry : spec.entries) {
        packed.push_back(Pack(entry));
        where.recordOffsets.push_back(w.size());
        where.dataSizes.push_back(packed.back().data.size());
        Record(w, entry.name, packed.back().method, packed.back().originalSize, entry.timestamp,
               static_cast<uint32_t>(packed.back().data.size()));
    }
    where.endRecordOffset = w.size();
    Record(w, "", 0, 0, 0, 0);
    where.dataStart = w.size();
    for (const PackedEntry &entry : packed) {
        where.dataOffsets.push_back(w.size());
        w.bytes(entry.data.data(), entry.data.size());
    }
    where.dataEnd = w.size();
    if (spec.trailer) {
        w.u8(0);
        for (int i = 0; i < 20; ++i) {
            w.u8(0);
        }
    }
    if (layout != nullptr) {
        *layout = where;
    }
    return w.data();
}

} // namespace agf::testgen::pbo
