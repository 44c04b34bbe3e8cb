/** @file FbxBinaryTree.cpp
 *  Reading and writing the record tree of a binary FBX file.
 */
#include "Export/FbxBinaryTree.h"

#include "Common/BinaryReader.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace agf::fbx {

namespace {

constexpr char kMagic[] = "Kaydara FBX Binary";
constexpr size_t kMagicLength = sizeof kMagic - 1;
constexpr size_t kHeaderSize = 27; // 23 bytes of magic and padding, then the u32 version
constexpr size_t kFooterIdSize = 16;
constexpr size_t kFooterTailSize = 144; // u32 0, u32 version, 120 zero bytes, 16-byte magic

size_t NullRecordSize(bool wide) {
    return wide ? 25 : 13;
}

bool AllZero(const uint8_t *data, size_t count) {
    return std::all_of(data, data + count, [](uint8_t byte) { return byte == 0; });
}

class TreeReader {
public:
    TreeReader(const uint8_t *data, size_t size, const std::string &fileName, bool wide)
        : mReader(data, size, fileName), mWide(wide), mNullSize(NullRecordSize(wide)) {}

    BinaryReader &reader() { return mReader; }

    /** True (and consumes it) when a null record starts at the current position. */
    bool nullRecordAhead() {
        if (mReader.remaining() < mNullSize ||
            !AllZero(mReader.data() + mReader.position(), mNullSize)) {
            return false;
        }
        mReader.skip(mNullSize);
        return true;
    }

    /** Reads one record that must end at or before `limit` (an absolute offset). */
    FbxRecord readRecord(size_t limit, size_t depth, const std::string &parentPath) {
        const size_t start = mReader.position();
        mReader.setStructure("record in " + (parentPath.empty() ? "<top>" : parentPath));
        if (depth >= kMaxFbxRecordDepth) {
            mReader.fail("records nested deeper than " + std::to_string(kMaxFbxRecordDepth));
        }
        const uint64_t endOffset = word();
        const uint64_t propertyCount = word();
        const uint64_t propertyLength = word();
        FbxRecord record;
        const uint8_t nameLength = mReader.u8();
        record.name.assign(reinterpret_cast<const char *>(mReader.view(nameLength)), nameLength);
        const std::string path = parentPath.empty() ? record.name : parentPath + "/" + record.name;
        mReader.setStructure("record " + path);

        if (endOffset <= start || endOffset > limit) {
            mReader.failAt(start, "end offset " + std::to_string(endOffset) +
                                      " outside the enclosing range (" + std::to_string(start) +
                                      ", " + std::to_string(limit) + "]");
        }
        if (mReader.position() > endOffset) {
            mReader.fail("record header runs past the record's end at " +
                         std::to_string(endOffset));
        }
        if (propertyLength > endOffset - mReader.position()) {
            mReader.fail("property list of " + std::to_string(propertyLength) +
                         " bytes runs past the record's end at " + std::to_string(endOffset));
        }
        // Every property takes at least two bytes (type code and a one-byte value).
        if (propertyCount > propertyLength / 2) {
            mReader.fail(std::to_string(propertyCount) + " properties cannot fit in " +
                         std::to_string(propertyLength) + " bytes");
        }
        record.propertyCount = propertyCount;
        const uint8_t *properties = mReader.view(static_cast<size_t>(propertyLength));
        record.properties.assign(properties, properties + propertyLength);

        const size_t end = static_cast<size_t>(endOffset);
        while (mReader.position() < end) {
            if (end - mReader.position() < mNullSize) {
                mReader.fail(std::to_string(end - mReader.position()) +
                             " bytes left in the nested list: too few for a record");
            }
            if (nullRecordAhead()) {
                if (mReader.position() != end) {
                    mReader.fail("null record before the end of the nested list (ends at " +
                                 std::to_string(end) + ")");
                }
                record.closeWithNullRecord = true;
                break;
            }
            record.children.push_back(readRecord(end, depth + 1, path));
            mReader.setStructure("record " + path);
        }
        return record;
    }

private:
    uint64_t word() { return mWide ? mReader.u64() : mReader.u32(); }

    BinaryReader mReader;
    bool mWide;
    size_t mNullSize;
};

class TreeWriter {
public:
    explicit TreeWriter(bool wide) : mWide(wide), mNullSize(NullRecordSize(wide)) {}

    std::vector<uint8_t> &bytes() { return mBytes; }

    void append(const std::vector<uint8_t> &data) {
        mBytes.insert(mBytes.end(), data.begin(), data.end());
    }
    void appendZeros(size_t count) { mBytes.insert(mBytes.end(), count, 0); }
    void appendNullRecord() { appendZeros(mNullSize); }

    void writeRecord(const FbxRecord &record) {
        if (record.name.size() > 255) {
            throw std::length_error("FBX record name longer than 255 bytes: " + record.name);
        }
        const size_t start = mBytes.size();
        appendZeros(mWide ? 24 : 12); // end offset, property count and length, patched below
        mBytes.push_back(static_cast<uint8_t>(record.name.size()));
        mBytes.insert(mBytes.end(), record.name.begin(), record.name.end());
        append(record.properties);
        for (const FbxRecord &child : record.children) {
            writeRecord(child);
        }
        if (!record.children.empty() || record.propertyCount == 0 || record.closeWithNullRecord) {
            appendNullRecord();
        }
        putWord(start, mBytes.size());
        putWord(start + (mWide ? 8 : 4), record.propertyCount);
        putWord(start + (mWide ? 16 : 8), record.properties.size());
    }

private:
    void putWord(size_t at, uint64_t value) {
        if (!mWide && value > UINT32_MAX) {
            throw std::length_error("FBX file too large for 32-bit record headers");
        }
        const size_t width = mWide ? 8 : 4;
        for (size_t i = 0; i < width; ++i) {
            mBytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
        }
    }

    bool mWide;
    size_t mNullSize;
    std::vector<uint8_t> mBytes;
};

/** Bytes of padding after a footer id that ends at `position`: up to the next multiple of 16,
 *  a full 16 when already aligned (what Assimp's writer and the FBX SDK do). */
size_t FooterPadding(size_t position) {
    return 16 - position % 16;
}

/** True when the footer is id + zero padding + 144-byte tail. */
bool HasUsualFooterLayout(const std::vector<uint8_t> &footer) {
    if (footer.size() < kFooterIdSize + kFooterTailSize ||
        footer.size() > kFooterIdSize + 16 + kFooterTailSize) {
        return false;
    }
    return AllZero(footer.data() + kFooterIdSize, footer.size() - kFooterIdSize - kFooterTailSize);
}

} // namespace

bool IsBinaryFbx(const uint8_t *data, size_t size) {
    return size >= kMagicLength && std::memcmp(data, kMagic, kMagicLength) == 0;
}

FbxBinaryFile ReadFbxBinary(const uint8_t *data, size_t size, const std::string &fileName) {
    FbxBinaryFile file;
    {
        BinaryReader header(data, size, fileName);
        header.setStructure("header");
        if (!IsBinaryFbx(data, size)) {
            header.fail("not a binary FBX file (no \"Kaydara FBX Binary\" magic)");
        }
        header.skip(kHeaderSize - 4);
        file.version = header.u32();
        file.header.assign(data, data + kHeaderSize);
    }

    TreeReader tree(data, size, fileName, file.uses64BitRecords());
    BinaryReader &reader = tree.reader();
    reader.seek(kHeaderSize);
    for (;;) {
        reader.setStructure("top-level record list");
        if (tree.nullRecordAhead()) {
            break;
        }
        if (reader.atEnd()) {
            reader.fail("the top-level record list has no closing null record");
        }
        file.records.push_back(tree.readRecord(size, 0, std::string()));
    }
    const uint8_t *footer = reader.view(reader.remaining());
    file.footer.assign(footer, data + size);
    return file;
}

std::vector<uint8_t> WriteFbxBinary(const FbxBinaryFile &file) {
    TreeWriter writer(file.uses64BitRecords());
    writer.append(file.header);
    for (const FbxRecord &record : file.records) {
        writer.writeRecord(record);
    }
    writer.appendNullRecord();

    if (!HasUsualFooterLayout(file.footer)) {
        writer.append(file.footer);
        return std::move(writer.bytes());
    }
    std::vector<uint8_t> &bytes = writer.bytes();
    bytes.insert(bytes.end(), file.footer.begin(), file.footer.begin() + kFooterIdSize);
    writer.appendZeros(FooterPadding(bytes.size()));
    bytes.insert(bytes.end(), file.footer.end() - kFooterTailSize, file.footer.end());
    return std::move(bytes);
}

// ---- Properties ---------------------------------------------------------------------------------

std::vector<FbxProperty> DecodeProperties(const FbxRecord &record, const std::string &fileName) {
    BinaryReader reader(record.properties.data(), record.properties.size(), fileName);
    reader.setStructure("properties of record " + record.name);
    std::vector<FbxProperty> properties;
    properties.reserve(
        reader.checkedCount(static_cast<int64_t>(record.propertyCount), 2, "property"));
    for (uint64_t i = 0; i < record.propertyCount; ++i) {
        FbxProperty property;
        property.type = static_cast<char>(reader.u8());
        switch (property.type) {
        case 'Y':
            property.integer = reader.i16();
            break;
        case 'C':
            property.integer = reader.u8();
            break;
        case 'I':
            property.integer = reader.i32();
            break;
        case 'L':
            property.integer = static_cast<int64_t>(reader.u64());
            break;
        case 'F':
            property.real = reader.f32();
            break;
        case 'D': {
            const uint64_t bits = reader.u64();
            std::memcpy(&property.real, &bits, sizeof property.real);
            break;
        }
        case 'S':
        case 'R': {
            const size_t length = reader.checkedCount(reader.u32(), 1, "string byte");
            property.text.assign(reinterpret_cast<const char *>(reader.view(length)), length);
            break;
        }
        case 'f':
        case 'd':
        case 'l':
        case 'i':
        case 'b': {
            // Kept as raw bytes (element count, encoding, stored length, data) so that the
            // list can be encoded again unchanged.
            const size_t start = reader.position();
            reader.u32(); // element count; the stored length below is what counts
            reader.u32(); // encoding: 0 raw, 1 zlib
            reader.skip(reader.u32());
            property.text.assign(reinterpret_cast<const char *>(reader.data() + start),
                                 reader.position() - start);
            break;
        }
        default:
            reader.fail("unknown property type code " + std::to_string(property.type));
        }
        properties.push_back(std::move(property));
    }
    if (!reader.atEnd()) {
        reader.fail(std::to_string(reader.remaining()) + " bytes after the last property");
    }
    return properties;
}

std::vector<uint8_t> EncodeProperties(const std::vector<FbxProperty> &properties) {
    std::vector<uint8_t> bytes;
    auto put = [&bytes](uint64_t value, size_t width) {
        for (size_t i = 0; i < width; ++i) {
            bytes.push_back(static_cast<uint8_t>(value >> (8 * i)));
        }
    };
    for (const FbxProperty &property : properties) {
        bytes.push_back(static_cast<uint8_t>(property.type));
        switch (property.type) {
        case 'Y':
            put(static_cast<uint64_t>(property.integer), 2);
            break;
        case 'C':
            put(static_cast<uint64_t>(property.integer), 1);
            break;
        case 'I':
            put(static_cast<uint64_t>(property.integer), 4);
            break;
        case 'L':
            put(static_cast<uint64_t>(property.integer), 8);
            break;
        case 'F': {
            const float value = static_cast<float>(property.real);
            uint32_t bits;
            std::memcpy(&bits, &value, sizeof bits);
            put(bits, 4);
            break;
        }
        case 'D': {
            uint64_t bits;
            std::memcpy(&bits, &property.real, sizeof bits);
            put(bits, 8);
            break;
        }
        case 'S':
        case 'R':
            put(property.text.size(), 4);
            bytes.insert(bytes.end(), property.text.begin(), property.text.end());
            break;
        case 'f':
        case 'd':
        case 'l':
        case 'i':
        case 'b':
            bytes.insert(bytes.end(), property.text.begin(), property.text.end());
            break;
        default:
            throw std::invalid_argument(std::string("cannot encode FBX property type ") +
                                        property.type);
        }
    }
    return bytes;
}

FbxProperty TextProperty(const std::string &text) {
    FbxProperty property;
    property.type = 'S';
    property.text = text;
    return property;
}

FbxProperty IntegerProperty(char type, int64_t value) {
    FbxProperty property;
    property.type = type;
    property.integer = value;
    return property;
}

FbxProperty RealProperty(double value) {
    FbxProperty property;
    property.type = 'D';
    property.real = value;
    return property;
}

FbxProperty ArrayProperty(char type, const void *data, uint32_t count, uint32_t width) {
    FbxProperty array;
    array.type = type;
    auto put = [&array](uint32_t word) {
        for (int shift = 0; shift < 32; shift += 8) {
            array.text.push_back(static_cast<char>(word >> shift));
        }
    };
    put(count);
    put(0); // encoding: raw
    put(count * width);
    array.text.append(static_cast<const char *>(data), size_t(count) * width);
    return array;
}

FbxRecord RecordOf(const std::string &name, const std::vector<FbxProperty> &properties) {
    FbxRecord record;
    record.name = name;
    record.propertyCount = properties.size();
    record.properties = EncodeProperties(properties);
    return record;
}

} // namespace agf::fbx
