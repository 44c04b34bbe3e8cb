/** @file PboWriter.h
 *  Writes PBO archives for the tests (docs/specs/pbo.md): a properties record ("Vers" and
 *  key/value texts), the entry records, the end record, the entries' bytes (stored, or packed
 *  with BI's LZSS as "Cprs") and the trailer, together with where each part was written, so
 *  that tests can damage exactly one of them.
 *
 *  The trailer's 20 hash bytes are written as zeros: the reader does not check the SHA-1
 *  (that would read the whole archive), so the tests need no hash implementation.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace agf::testgen::pbo {

struct PboEntrySpec {
    std::string name; ///< as stored, '\' separated
    std::vector<uint8_t> bytes;
    enum class Packing {
        Stored,           ///< original size written equal to the data size (Mikero's tools)
        StoredNoOriginal, ///< original size written as 0 (other packers)
        Lzss,             ///< "Cprs", the checksum summing unsigned bytes
        LzssSigned        ///< "Cprs", the checksum summing signed bytes
    } packing = Packing::Stored;
    uint32_t timestamp = 1600000000;
};

struct PboSpec {
    /** The properties record's texts; empty: no properties record (as OFP's archives). */
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<PboEntrySpec> entries;
    bool trailer = true; ///< a zero byte and 20 hash bytes after the data
};

/** Where the parts of a written archive lie. */
struct PboWrittenLayout {
    std::vector<size_t> recordOffsets; ///< each entry's record
    std::vector<size_t> dataOffsets;   ///< each entry's bytes
    std::vector<size_t> dataSizes;     ///< as written in the records
    size_t endRecordOffset = 0;
    size_t dataStart = 0;
    size_t dataEnd = 0;
};

std::vector<uint8_t> WritePbo(const PboSpec &spec, PboWrittenLayout *layout = nullptr);

/** The generated archives of test_models/pbo/ (PboModels.cpp):
 *  agf_models.pbo, prefix x\agf\models: triangle.p3d (stored; its texture
 *  x\agf\models\data\triangle_co.paa is in the archive, stored with an original size of 0),
 *  props\crate.p3d (Cprs; its texture x\agf\textures\crate_co.paa is in the other archive),
 *  config.cpp (Cprs, signed checksum);
 *  agf_textures.pbo, prefix x\agf\textures: crate_co.paa and notes.txt (stored). */
PboSpec ModelsPboSpec();
PboSpec TexturesPboSpec();

/** The triangle MLOD of the archives, textured with `texture`. */
std::vector<uint8_t> TexturedTriangleP3d(const std::string &texture);

} // namespace agf::testgen::pbo
