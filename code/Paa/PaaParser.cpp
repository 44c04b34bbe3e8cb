/** @file PaaParser.cpp
 *  The header walk of a PAA/PAC file (specs/paa.md sections 1 to 5, limits of section 9).
 */
#include "PaaParser.h"

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"

#include <cstring>

namespace agf::paa {

namespace {

/** No file seen has more than 4 TAGGs; a long run of them is damage, not a texture. */
constexpr size_t kMaxTaggs = 32;
/** SFFO holds 16 level offsets, so no file has more levels. */
constexpr size_t kMaxLevels = 16;
/** A palette is indexed by bytes. */
constexpr uint16_t kMaxPaletteEntries = 256;
constexpr uint16_t kLzoFlag = 0x8000;

bool KnownTag(uint16_t tag) {
    switch (static_cast<PaaFormat>(tag)) {
    case PaaFormat::Dxt1:
    case PaaFormat::Dxt2:
    case PaaFormat::Dxt3:
    case PaaFormat::Dxt4:
    case PaaFormat::Dxt5:
    case PaaFormat::Argb4444:
    case PaaFormat::Argb1555:
    case PaaFormat::Argb8888:
    case PaaFormat::Ai88:
        return true;
    }
    return false;
}

std::string SizeText(uint32_t width, uint32_t height) {
    return std::to_string(width) + " x " + std::to_string(height);
}

class HeaderWalk {
public:
    HeaderWalk(const uint8_t *data, size_t size, const std::string &fileName, Warnings &warnings)
        : mReader(data, size, fileName), mWarnings(warnings) {}

    PaaFile run() {
        mReader.setStructure("type tag");
        const uint16_t tag = mReader.u16();
        if (!KnownTag(tag)) {
            mReader.failAt(0, "type tag 0x" + Hex(tag) +
                                  " is none of the known formats (untagged OFP palette "
                                  "textures are not read)");
        }
        mFile.format = static_cast<PaaFormat>(tag);
        readTaggs();
        readPalette();
        readLevels();
        return std::move(mFile);
    }

private:
    static std::string Hex(uint16_t value) {
        static const char kDigits[] = "0123456789ABCDEF";
        std::string text;
        for (int shift = 12; shift >= 0; shift -= 4) {
            text += kDigits[(value >> shift) & 0xF];
        }
        return text;
    }

    bool nextIsTagg() const {
        return mReader.remaining() >= 4 &&
               std::memcmp(mReader.data() + mReader.position(), "GGAT", 4) == 0;
    }

    void readTaggs() {
        size_t count = 0;
        while (nextIsTagg()) {
            mReader.setStructure("TAGG " + std::to_string(count));
            if (++count > kMaxTaggs) {
                mReader.fail("more than " + std::to_string(kMaxTaggs) + " TAGG records");
            }
            mReader.skip(4);
            char stored[4];
            mReader.bytes(stored, 4);
            // Names are stored reversed ("CGVA" is AVGC); compare as stored.
            const std::string name(stored, 4);
            const uint32_t length = mReader.u32();
            mReader.setStructure("TAGG " + name);
            const uint64_t payloadOffset = mReader.offset();
            if (length > mReader.remaining()) {
                mReader.fail("payload of " + std::to_string(length) + " bytes runs past the end (" +
                             std::to_string(mReader.remaining()) + " bytes left)");
            }
            BinaryReader payload = mReader.subReader(length);
            const bool fourBytes = length == 4;
            if (name == "CGVA" || name == "GALF" || name == "ZIWS" || name == "CXAM") {
                if (!fourBytes) {
                    mWarnings.add(WarningKind::InvalidValue, mReader.fileName(), "TAGG " + name,
                                  payloadOffset,
                                  "payload of " + std::to_string(length) +
                                      " bytes, not 4; ignored");
                    continue;
                }
            }
            if (name == "CGVA") {
                payload.bytes(mFile.averageColourBgra.data(), 4);
                mFile.hasAverageColour = true;
            } else if (name == "GALF") {
                mFile.alphaFlags = payload.u32();
            } else if (name == "ZIWS") {
                payload.bytes(mFile.swizzle.data(), 4);
                mFile.hasSwizzle = true;
            }
            // SFFO (level offsets) is not needed: the levels are walked one after another, as
            // most readers do (specs/paa.md 3.4). Unknown names are skipped.
        }
    }

    void readPalette() {
        mReader.setStructure("palette");
        const uint16_t count = mReader.u16();
        if (count == 0) {
            return;
        }
        if (count > kMaxPaletteEntries) {
            mReader.fail("palette of " + std::to_string(count) + " colours (at most 256)");
        }
        mWarnings.add(WarningKind::Unsupported, mReader,
                      "palette of " + std::to_string(count) + " colours in a typed file; skipped");
        mReader.skip(mReader.checkedCount(count, 3, "palette colour") * 3);
    }

    void readLevels() {
        for (size_t index = 0;; ++index) {
            mReader.setStructure("level " + std::to_string(index));
            if (index == 0) {
                readLevel(index);
                continue;
            }
            try {
                if (!readLevel(index)) {
                    break;
                }
            } catch (const ImportError &error) {
                // The largest level is what we decode; damage below it costs nothing of that.
                const bool limit = dynamic_cast<const ImportLimitError *>(&error) != nullptr;
                mWarnings.add(limit ? WarningKind::LimitReached : WarningKind::Truncated,
                              error.place(),
                              error.problem() + "; the levels from here on are ignored");
                return;
            }
        }
        readTrailer();
    }

    /** Reads one level record; false at the terminator. */
    bool readLevel(size_t index) {
        const uint64_t recordOffset = mReader.offset();
        const uint16_t storedWidth = mReader.u16();
        const uint16_t height = mReader.u16();
        if (storedWidth == 0 && height == 0) {
            if (index == 0) {
                mReader.failAt(recordOffset, "no mipmap level before the terminator");
            }
            return false;
        }
        if (index >= kMaxLevels) {
            mReader.failAt(recordOffset,
                           "more than " + std::to_string(kMaxLevels) + " mipmap levels");
        }
        PaaLevel level;
        level.recordOffset = recordOffset;
        level.lzo = (storedWidth & kLzoFlag) != 0;
        level.width = storedWidth & static_cast<uint16_t>(~kLzoFlag);
        level.height = height;
        if (level.lzo && !IsDxt(mFile.format)) {
            mReader.failAt(recordOffset, std::string("LZO flag on a ") +
                                             PaaFormatName(mFile.format) +
                                             " level (only DXT levels are LZO-compressed)");
        }
        if (level.width == 0 || level.height == 0) {
            mReader.failAt(recordOffset,
                           "level of " + SizeText(level.width, level.height) + " pixels");
        }
        if (level.width > kMaxTextureSide || level.height > kMaxTextureSide) {
            ThrowImportLimitError(
                FilePlace{mReader.fileName(), mReader.structure(), recordOffset, 0},
                "level of " + SizeText(level.width, level.height) + " pixels is larger than " +
                    SizeText(kMaxTextureSide, kMaxTextureSide));
        }
        if (!mFile.levels.empty()) {
            const PaaLevel &previous = mFile.levels.back();
            const uint32_t halfWidth = previous.width > 1 ? previous.width / 2 : 1;
            const uint32_t halfHeight = previous.height > 1 ? previous.height / 2 : 1;
            if (level.width != halfWidth || level.height != halfHeight) {
                mWarnings.add(WarningKind::Inconsistent, mReader.fileName(), mReader.structure(),
                              recordOffset,
                              "level of " + SizeText(level.width, level.height) +
                                  " does not halve the one before (" +
                                  SizeText(previous.width, previous.height) + ")");
            }
        }
        const uint8_t *sizeBytes = mReader.view(3);
        level.storedSize = static_cast<uint32_t>(sizeBytes[0]) |
                           (static_cast<uint32_t>(sizeBytes[1]) << 8) |
                           (static_cast<uint32_t>(sizeBytes[2]) << 16);
        level.dataOffset = mReader.offset();
        if (level.storedSize > mReader.remaining()) {
            mReader.fail("compressed data of " + std::to_string(level.storedSize) +
                         " bytes runs past the end of the file (" +
                         std::to_string(mReader.remaining()) + " bytes left)");
        }
        mReader.skip(level.storedSize);
        mFile.levels.push_back(level);
        return true;
    }

    void readTrailer() {
        mReader.setStructure("trailer");
        if (mReader.remaining() < 2) {
            mWarnings.add(WarningKind::Truncated, mReader,
                          "the two zero bytes after the last level are missing");
            return;
        }
        if (mReader.u16() != 0 || !mReader.atEnd()) {
            mWarnings.add(WarningKind::Unknown, mReader, "unexpected bytes after the last level");
        }
    }

    BinaryReader mReader;
    Warnings &mWarnings;
    PaaFile mFile;
};

} // namespace

const char *PaaFormatName(PaaFormat format) {
    switch (format) {
    case PaaFormat::Dxt1:
        return "DXT1";
    case PaaFormat::Dxt2:
        return "DXT2";
    case PaaFormat::Dxt3:
        return "DXT3";
    case PaaFormat::Dxt4:
        return "DXT4";
    case PaaFormat::Dxt5:
        return "DXT5";
    case PaaFormat::Argb4444:
        return "ARGB4444";
    case PaaFormat::Argb1555:
        return "ARGB1555";
    case PaaFormat::Argb8888:
        return "ARGB8888";
    case PaaFormat::Ai88:
        return "AI88";
    }
    return "unknown";
}

bool IsDxt(PaaFormat format) {
    const uint16_t tag = static_cast<uint16_t>(format);
    return tag >= 0xFF01 && tag <= 0xFF05;
}

bool LooksLikePaa(const uint8_t *data, size_t size) {
    if (size < 4) {
        return false;
    }
    const uint16_t tag = BinaryReader::LoadU16(data);
    if (!KnownTag(tag)) {
        return false;
    }
    // A TAGG, or a palette count of 0 (every typed file seen has one or the other next).
    return (size >= 6 && std::memcmp(data + 2, "GGAT", 4) == 0) || (data[2] == 0 && data[3] == 0);
}

PaaFile ParsePaa(const uint8_t *data, size_t size, const std::string &fileName,
                 Warnings &warnings) {
    return HeaderWalk(data, size, fileName, warnings).run();
}

RgbaImage DecodePaa(const uint8_t *data, size_t size, const std::string &fileName,
                    Warnings &warnings) {
    const PaaFile file = ParsePaa(data, size, fileName, warnings);
    return DecodePaaLevel(data, size, fileName, file, 0, true);
}

} // namespace agf::paa
