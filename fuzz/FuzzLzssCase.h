/** @file FuzzLzssCase.h
 *  One input of the LZSS fuzz target (fuzz/FuzzLzss.cpp), shared with the test that replays the
 *  committed reproducers (test/utFuzzRegressions.cpp).
 *
 *  Input: byte 0 selects the entry point (even: LzssDecode, odd: LzssDecodeWholeFile); for
 *  LzssDecode the next 4 bytes are the expected output size (little-endian, not capped: the
 *  decoder must refuse a size the input cannot produce before allocating it); the rest is the
 *  stream. Beyond the sanitizers, the decoder's promises are checked: exact output size, input
 *  used within the stream and ending with the output's checksum, whole-file output within
 *  LzssMaxOutput; LzssSkip on the same stream uses the same input, and fails where decoding does
 *  except at the checksum, which it cannot verify. Only agf::ImportError may leave the decoder;
 *  anything else propagates.
 */
#pragma once

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"
#include "Common/Lzss.h"

#include <string>
#include <vector>

namespace agf::fuzz {

/** Runs one input; returns nullptr, or the promise the decoder broke. */
inline const char *RunLzssCase(const uint8_t *data, size_t size) {
    if (size == 0) {
        return nullptr;
    }
    const bool wholeFile = (data[0] & 1u) != 0;
    ++data;
    --size;
    if (wholeFile) {
        std::string note;
        try {
            const std::vector<uint8_t> output = LzssDecodeWholeFile(data, size, "fuzz.p3d", note);
            if (output.size() > LzssMaxOutput(size)) {
                return "whole-file output within LzssMaxOutput(input size)";
            }
        } catch (const ImportError &) {
        }
        return nullptr;
    }
    if (size < 4) {
        return nullptr;
    }
    const size_t expected = BinaryReader::LoadU32(data);
    BinaryReader reader(data + 4, size - 4, "fuzz.lzss", 4);
    std::vector<uint8_t> output;
    size_t used = 0;
    std::string decodeError;
    try {
        used = LzssDecode(reader, expected, output);
        if (output.size() != expected) {
            return "output size equals the expected size";
        }
        if (used != reader.position() || used > size - 4 || used < 4) {
            return "the input used is what the reader advanced, within the stream";
        }
        if (BinaryReader::LoadU32(data + 4 + used - 4) !=
            LzssChecksum(output.data(), output.size())) {
            return "the stream ends with the checksum of the output";
        }
    } catch (const ImportError &error) {
        decodeError = error.what();
    }
    BinaryReader skipReader(data + 4, size - 4, "fuzz.lzss", 4);
    bool skipped = false;
    size_t skipUsed = 0;
    try {
        skipUsed = LzssSkip(skipReader, expected);
        skipped = true;
    } catch (const ImportError &) {
    }
    if (decodeError.empty()) {
        if (!skipped || skipUsed != used) {
            return "skipping a stream uses the input decoding it uses";
        }
    } else if (skipped != (decodeError.find("checksum mismatch") != std::string::npos)) {
        return "skipping fails where decoding fails, the checksum aside";
    }
    return nullptr;
}

} // namespace agf::fuzz
