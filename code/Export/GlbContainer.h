/** @file GlbContainer.h
 *  The binary glTF container: a 12-byte header ("glTF", version 2, total length), a JSON chunk
 *  and an optional BIN chunk, each chunk 4-byte aligned. Bytes in, bytes out; no Assimp types.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::gltf {

struct GlbFile {
    std::string json;
    std::vector<uint8_t> binary; ///< the BIN chunk, without its padding
    bool hasBinary = false;
};

/** Reads a GLB. Throws agf::ImportError naming `fileName`, the chunk and the byte offset when
 *  the container is malformed (bad magic, lengths past the end, unknown first chunk). */
GlbFile ReadGlb(const std::vector<uint8_t> &bytes, const std::string &fileName);

/** Writes a GLB: the JSON padded with spaces and the BIN chunk (when hasBinary) padded with
 *  zeros, as the glTF specification asks. */
std::vector<uint8_t> WriteGlb(const GlbFile &file);

} // namespace agf::gltf
