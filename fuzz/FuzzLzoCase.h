/** @file FuzzLzoCase.h
 *  One input of the LZO fuzz target (fuzz/FuzzLzo.cpp), shared with the test that replays the
 *  committed corpus (test/utFuzzRegressions.cpp).
 *
 *  Input: 4 bytes of expected output size (little-endian, not capped: the decoder must refuse a
 *  size the input cannot produce before allocating it), then the stream. Beyond the sanitizers,
 *  the decoder's promises are checked: on success the output has exactly the expected size and
 *  the input used ends with the end marker's zero distance; on failure nothing was
 *  used or produced beyond the buffers; LzoSkip gives the same verdict and input used. Only
 *  agf::ImportError may leave LzoDecode.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"
#include "Common/Lzo.h"

#include <vector>

namespace agf::fuzz {

/** Runs one input; returns nullptr, or the promise the decoder broke. */
inline const char *RunLzoCase(const uint8_t *data, size_t size) {
    if (size < 4) {
        return nullptr;
    }
    const size_t expected = BinaryReader::LoadU32(data);
    const uint8_t *stream = data + 4;
    const size_t streamSize = size - 4;
    BinaryReader reader(stream, streamSize, "fuzz.lzo", 4);
    std::vector<uint8_t> output;
    bool decoded = false;
    size_t decodedUsed = 0;
    try {
        const size_t used = LzoDecode(reader, expected, output);
        decoded = true;
        decodedUsed = used;
        if (output.size() != expected) {
            return "output size equals the expected size";
        }
        if (used != reader.position() || used > streamSize || used < 3) {
            return "the input used is what the reader advanced, within the stream";
        }
        // The end marker is an M4 match of distance 0: its last two bytes hold the distance in
        // their upper 14 bits; the lowest two are the trailing-literal count, which the end
        // ignores (as liblzo2 does).
        if (stream[used - 1] != 0 || (stream[used - 2] & 0xFC) != 0) {
            return "the input used ends with the end marker";
        }
    } catch (const ImportError &) {
    }
    BinaryReader skipReader(stream, streamSize, "fuzz.lzo", 4);
    try {
        const size_t skipUsed = LzoSkip(skipReader, expected);
        if (!decoded || skipUsed != decodedUsed) {
            return "skipping a stream gives decoding's verdict and input used";
        }
    } catch (const ImportError &) {
        if (decoded) {
            return "skipping a stream gives decoding's verdict and input used";
        }
    }
    if (expected <= (size_t(1) << 20)) {
        // The raw entry point on the same stream: never beyond its buffers.
        std::vector<uint8_t> buffer(expected);
        const LzoResult result = LzoDecompress(stream, streamSize, buffer.data(), buffer.size());
        if (result.consumed > streamSize || result.produced > expected) {
            return "consumed and produced stay within the buffers";
        }
    }
    return nullptr;
}

} // namespace agf::fuzz
