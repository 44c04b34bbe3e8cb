/** @file FbxBinaryTree.h
 *  The record tree of a binary FBX file, read and written without interpreting the content.
 *
 *  A binary FBX file is a 27-byte header, a list of records, a null record that ends the list,
 *  and a footer. A record is: end offset, property count, property list length (u64 each from
 *  version 7500 on, u32 before), a u8 name length, the name, the property list, then an
 *  optional nested list of records ended by a null record (25 zero bytes, 13 before 7500).
 *  Every end offset is an absolute file offset, so changing one record moves all later ones:
 *  that is why the tree is rewritten as a whole rather than patched in place.
 *
 *  No Assimp types: bytes in, bytes out. Malformed input throws agf::ImportError naming the
 *  record path and the byte offset.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::fbx {

/** One record. The property list is kept as raw bytes: nothing in it depends on file offsets. */
struct FbxRecord {
    std::string name;
    uint64_t propertyCount = 0;
    std::vector<uint8_t> properties;
    std::vector<FbxRecord> children;
    /** The nested list ends with a null record even when it is empty: read from the source
     *  (the FBX SDK writes `{ }` this way, so correct files stay unchanged) or set by the
     *  repair (FbxBinaryRepair.h). */
    bool closeWithNullRecord = false;
};

/** A whole binary FBX file. */
struct FbxBinaryFile {
    std::vector<uint8_t> header; ///< the 27 header bytes, magic and version, kept verbatim
    uint32_t version = 0;        ///< e.g. 7500
    std::vector<FbxRecord> records;
    std::vector<uint8_t> footer; ///< everything after the top-level null record

    bool uses64BitRecords() const { return version >= 7500; }
};

/** Limits the nesting of records (real files nest about 6 deep). */
constexpr size_t kMaxFbxRecordDepth = 256;

/** True when the bytes start with the binary FBX magic "Kaydara FBX Binary". */
bool IsBinaryFbx(const uint8_t *data, size_t size);

/** Reads the record tree. Accepts nested lists with or without their null record (Assimp
 *  5.2.5 omits them); an existing null record is recognised and not counted as a child.
 *  `fileName` is used in error messages only. */
FbxBinaryFile ReadFbxBinary(const uint8_t *data, size_t size, const std::string &fileName);

/** Writes the tree with every end offset recomputed. A null record follows every non-empty
 *  nested list, every record without properties (as the FBX SDK writes them), and every record
 *  that had one in the source. The footer's alignment padding is recomputed for the new length
 *  when the footer has the usual layout (16-byte id, zero padding to a 16-byte boundary,
 *  144-byte tail); any other footer is copied verbatim. */
std::vector<uint8_t> WriteFbxBinary(const FbxBinaryFile &file);

// ---- Properties ---------------------------------------------------------------------------------

/** A decoded property. Arrays are not unpacked: `text` holds their encoded bytes. */
struct FbxProperty {
    char type = 0; ///< FBX type code: 'Y' 'C' 'I' 'F' 'D' 'L' 'S' 'R', or 'f' 'd' 'l' 'i' 'b'
    int64_t integer = 0;
    double real = 0.0;
    std::string text; ///< 'S' and 'R': the bytes; arrays: count, encoding, length and data
};

/** Decodes the property list of a record (bounds-checked; throws ImportError). */
std::vector<FbxProperty> DecodeProperties(const FbxRecord &record, const std::string &fileName);

/** Encodes properties back to raw bytes; what DecodeProperties returned encodes to the same
 *  bytes. Throws std::invalid_argument for an unknown type code. */
std::vector<uint8_t> EncodeProperties(const std::vector<FbxProperty> &properties);

/** Properties and records for the parts of a file we write ourselves. */
FbxProperty TextProperty(const std::string &text);     ///< 'S'
FbxProperty IntegerProperty(char type, int64_t value); ///< 'Y' 'C' 'I' 'L'
FbxProperty RealProperty(double value);                ///< 'D'
/** A raw (unencoded) array property of `count` elements of `width` bytes each. */
FbxProperty ArrayProperty(char type, const void *data, uint32_t count, uint32_t width);
/** A record without children holding `properties`. */
FbxRecord RecordOf(const std::string &name, const std::vector<FbxProperty> &properties);

} // namespace agf::fbx
