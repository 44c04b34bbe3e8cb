/** @file PaaWriter.h
 *  Writes PAA textures for the tests (specs/paa.md): every pixel format, with LZO (DXT) and
 *  LZSS (16- and 32-bit formats) compression, together with the RGBA pixels each must decode
 *  to. DXT blocks are written the trivial way (solid colours with known endpoints, one
 *  interpolated and one transparent block), so that the expected pixels follow from the block
 *  rules alone.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::testgen::paa {

/** One mipmap level as stored. */
struct PaaLevelData {
    uint16_t width = 0;
    uint16_t height = 0;
    bool lzo = false;            ///< sets bit 15 of the stored width
    std::vector<uint8_t> stored; ///< the level's data as written (compressed or raw)
};

struct PaaWriteOptions {
    bool alphaFlag = false; ///< write GALF = 1
    bool swizzle = false;   ///< write ZIWS with `swizzleCodes`
    uint8_t swizzleCodes[4] = {0, 1, 2, 3};
};

/** The file: type tag, CGVA, [GALF], [ZIWS], SFFO, an empty palette, the levels, the
 *  terminator and the trailer. */
std::vector<uint8_t> WritePaa(uint16_t typeTag, const std::vector<PaaLevelData> &levels,
                              const PaaWriteOptions &options = {});

/** A generated texture and what its largest level decodes to. */
struct PaaTestTexture {
    std::string name; ///< "dxt1", "argb4444_lzss"...
    uint16_t typeTag = 0;
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> rgba; ///< expected pixels, rows top to bottom
    std::vector<uint8_t> file;
};

/** One texture of every pixel format (DXT1 to DXT5, ARGB4444, ARGB1555, ARGB8888, AI88),
 *  raw and compressed (LZO-compressed DXT1 and DXT5, LZSS-compressed 16- and 32-bit formats,
 *  with BI's signed and HEMTT's unsigned checksum), and an un-swizzled ARGB8888. */
std::vector<PaaTestTexture> PaaTestTextures();

/** The BI LZSS stream of `data` followed by the signed (PAA) or unsigned checksum. */
std::vector<uint8_t> PaaLzss(const std::vector<uint8_t> &data, bool signedChecksum);

} // namespace agf::testgen::paa
