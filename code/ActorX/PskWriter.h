/** @file PskWriter.h
 *  PskFile to the bytes of a PSK / PSKX file: the parser's layout written back (record sizes
 *  from ActorXRecords.h). Chunk order: ACTRHEAD, PNTS0000, VTXW0000, FACE0000 or FACE3200 (more
 *  than 65,536 wedges), MATT0000, REFSKELT, RAWWEIGHTS, then the extensions: VTXNORMS,
 *  VERTEXCOLOR, EXTRAUVS0..n, MRPHINFO + MRPHDATA, SKELSOCK. Extension chunks are written only
 *  when they have records.
 */
#pragma once

#include "PskFileData.h"

#include <cstdint>
#include <vector>

namespace agf::psk {

std::vector<uint8_t> SerialisePsk(const PskFile &file);

} // namespace agf::psk
