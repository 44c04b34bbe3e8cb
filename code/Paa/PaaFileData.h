/** @file PaaFileData.h
 *  A PAA/PAC texture as its header describes it (specs/paa.md): the pixel format, the TAGGs
 *  we use, and where each mipmap level's data lies. Plain data, no Assimp types.
 */
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace agf::paa {

/** The pixel formats of typed files, by their type tag (specs/paa.md 2.1). */
enum class PaaFormat : uint16_t {
    Dxt1 = 0xFF01,
    Dxt2 = 0xFF02,
    Dxt3 = 0xFF03,
    Dxt4 = 0xFF04,
    Dxt5 = 0xFF05,
    Argb4444 = 0x4444,
    Argb1555 = 0x1555,
    Argb8888 = 0x8888,
    Ai88 = 0x8080,
};

/** "DXT5", "ARGB4444"... */
const char *PaaFormatName(PaaFormat format);

/** True for DXT1 to DXT5. */
bool IsDxt(PaaFormat format);

/** One mipmap record. */
struct PaaLevel {
    uint32_t width = 0;  ///< pixels, the LZO flag masked off
    uint32_t height = 0; ///< pixels
    bool lzo = false;    ///< bit 15 of the stored width: the data is one LZO1X stream (DXT only)
    uint64_t recordOffset = 0; ///< the record's first byte (its width)
    uint64_t dataOffset = 0;   ///< the first byte of its data
    uint32_t storedSize = 0;   ///< the u24 size: bytes of data as stored
};

/** GALF flag bits (specs/paa.md 3.2). */
constexpr uint32_t kAlphaBlended = 1;
constexpr uint32_t kAlphaTested = 2;

struct PaaFile {
    PaaFormat format = PaaFormat::Dxt1;
    bool hasAverageColour = false;
    std::array<uint8_t, 4> averageColourBgra{}; ///< CGVA, B G R A (a hint only, 3.2)
    uint32_t alphaFlags = 0;                    ///< GALF; 0 when absent
    /** ZIWS: what the stored A, R, G, B channels hold, in that order (3.3); identity when
     *  absent. */
    std::array<uint8_t, 4> swizzle{0, 1, 2, 3};
    bool hasSwizzle = false;
    std::vector<PaaLevel> levels; ///< largest first; at least one
};

} // namespace agf::paa
