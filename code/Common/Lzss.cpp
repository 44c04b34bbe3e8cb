/** @file Lzss.cpp */
#include "Lzss.h"

#include "HugePages.h"
#include "LzBlockCopy.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace agf {

namespace {

constexpr uint8_t kWindowFill = 0x20;
constexpr size_t kMinMatch = 3;

enum class Stop { Done, InputEnded, ZeroDistance, PastExpected };

struct DecodeState {
    Stop stop = Stop::Done;
    size_t inPos = 0;
    size_t outPos = 0;
    size_t itemStart = 0;   ///< input position of the item that stopped the decoder
    size_t itemLength = 0;  ///< length of the reference that stopped it
    size_t beforeStart = 0; ///< bytes taken from the space pre-fill

    /** Records where and why the decoder stopped early. */
    void stoppedAt(Stop why, size_t item, size_t length, size_t in, size_t out) {
        stop = why;
        itemStart = item;
        itemLength = length;
        inPos = in;
        outPos = out;
    }
};

// Decodes until `limit` bytes are out or the input ends. With `output` null only the lengths
// are followed (to size a buffer). Input ending exactly at an item boundary reports InputEnded
// with itemStart == inSize; a reference cut in half reports itemStart < inSize.
DecodeState Decode(const uint8_t *in, size_t inSize, uint8_t *output, size_t limit) {
    DecodeState state;
    size_t ip = 0;
    size_t op = 0;
    while (op < limit) {
        if (ip >= inSize) {
            state.stoppedAt(Stop::InputEnded, ip, 0, ip, op);
            return state;
        }
        unsigned flags = in[ip++];
        // Eight literals (float data is mostly literals) are one copy when all of them fit.
        if (flags == 0xFFu && inSize - ip >= 8 && limit - op >= 8) {
            if (output != nullptr) {
                std::memcpy(output + op, in + ip, 8);
            }
            ip += 8;
            op += 8;
            continue;
        }
        for (int bit = 0; bit < 8 && op < limit; ++bit, flags >>= 1) {
            if (flags & 1u) {
                if (ip >= inSize) {
                    state.stoppedAt(Stop::InputEnded, ip, 0, ip, op);
                    return state;
                }
                if (output != nullptr) {
                    output[op] = in[ip];
                }
                ++ip;
                ++op;
                continue;
            }
            if (inSize - ip < 2) {
                // Input ends where a two-byte reference should be; one lone byte left means
                // the reference is cut in half.
                state.stoppedAt(Stop::InputEnded, ip, inSize - ip, ip, op);
                return state;
            }
            const size_t itemStart = ip;
            const unsigned b0 = in[ip];
            const unsigned b1 = in[ip + 1];
            ip += 2;
            const size_t distance = b0 | ((b1 & 0xF0u) << 4);
            size_t length = (b1 & 0x0Fu) + kMinMatch;
            if (distance == 0) {
                state.stoppedAt(Stop::ZeroDistance, itemStart, 0, ip, op);
                return state;
            }
            if (length > limit - op) {
                state.stoppedAt(Stop::PastExpected, itemStart, length, ip, op);
                return state;
            }
            if (distance > op) {
                // The window starts out full of spaces (spec 3.1).
                const size_t fill = std::min(length, distance - op);
                if (output != nullptr) {
                    std::memset(output + op, kWindowFill, fill);
                }
                state.beforeStart += fill;
                op += fill;
                length -= fill;
            }
            if (output != nullptr) {
                uint8_t *destination = output + op;
                const uint8_t *source = destination - distance;
                // Blocks only from kLzBlockCopy bytes back (LzBlockCopy.h). `distance <= op`:
                // after a reach before the start the rest of the match may be empty, and its
                // source outside the output.
                if (length <= kLzBlockCopy && limit - op >= kLzBlockCopy &&
                    distance >= kLzBlockCopy && distance <= op) {
                    CopyShortMatch(destination, distance);
                } else if (distance >= length) {
                    std::memcpy(destination, source, length);
                } else {
                    // Overlapping copy: each byte may be one just written (run-length).
                    for (size_t k = 0; k < length; ++k) {
                        destination[k] = source[k];
                    }
                }
            }
            op += length;
        }
    }
    state.inPos = ip;
    state.outPos = op;
    return state;
}

} // namespace

uint32_t LzssChecksum(const uint8_t *data, size_t size) {
    // Eight bytes at a time, even and odd bytes added into four 16-bit lanes: byte by byte
    // (4 instructions a byte at -O2, which does not vectorise) the sum was 9% of the
    // instructions of a large ODOL import. A lane gains at most 2 x 255 a word, so the lanes
    // are added into the sum every 128 words (at most 65,280 each), before any can carry into
    // the next; the result is the byte sum modulo 2^32 as before.
    constexpr uint64_t kEvenBytes = 0x00FF00FF00FF00FFull;
    constexpr size_t kWordsPerFold = 128;
    uint32_t sum = 0;
    size_t i = 0;
    while (size - i >= 8) {
        const size_t words = std::min((size - i) / 8, kWordsPerFold);
        uint64_t lanes = 0;
        for (size_t w = 0; w < words; ++w, i += 8) {
            uint64_t word;
            std::memcpy(&word, data + i, sizeof word);
            lanes += (word & kEvenBytes) + ((word >> 8) & kEvenBytes);
        }
        sum += static_cast<uint32_t>((lanes & 0xFFFF) + ((lanes >> 16) & 0xFFFF) +
                                     ((lanes >> 32) & 0xFFFF) + (lanes >> 48));
    }
    for (; i < size; ++i) {
        sum += data[i];
    }
    return sum;
}

uint32_t LzssSignedChecksum(const uint8_t *data, size_t size) {
    uint32_t sum = 0;
    for (size_t i = 0; i < size; ++i) {
        sum += static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(data[i])));
    }
    return sum;
}

namespace {

void RequirePlausibleOutput(const BinaryReader &reader, size_t expected) {
    const size_t available = reader.remaining();
    if (expected > LzssMaxOutput(available)) {
        reader.fail("LZSS output of " + std::to_string(expected) + " bytes cannot come from the " +
                    std::to_string(available) + " bytes left (at most " +
                    std::to_string(LzssMaxOutput(available)) + ")");
    }
}

/** Throws for a stream that did not give `expected` bytes; otherwise moves the reader past the
 *  stream and returns where its checksum is. */
uint64_t FinishStream(BinaryReader &reader, uint64_t start, size_t expected,
                      const DecodeState &state) {
    switch (state.stop) {
    case Stop::Done:
        break;
    case Stop::InputEnded:
        reader.failAt(start + state.itemStart, "LZSS stream ends after " +
                                                   std::to_string(state.outPos) + " of " +
                                                   std::to_string(expected) + " output bytes");
    case Stop::ZeroDistance:
        reader.failAt(start + state.itemStart,
                      "LZSS back-reference with distance 0 at output byte " +
                          std::to_string(state.outPos));
    case Stop::PastExpected:
        reader.failAt(start + state.itemStart,
                      "LZSS back-reference of " + std::to_string(state.itemLength) +
                          " bytes at output byte " + std::to_string(state.outPos) +
                          " runs past the expected " + std::to_string(expected) + " bytes");
    }
    reader.skip(state.inPos);
    const uint64_t checksumOffset = reader.offset();
    if (reader.remaining() < 4) {
        reader.fail("LZSS checksum missing after " + std::to_string(state.inPos) +
                    " bytes of compressed data");
    }
    return checksumOffset;
}

} // namespace

size_t LzssDecode(BinaryReader &reader, size_t expected, std::vector<uint8_t> &output,
                  LzssChecksumRule rule) {
    RequirePlausibleOutput(reader, expected);
    ResizeLarge(output, expected);
    return LzssDecode(reader, expected, output.data(), rule);
}

size_t LzssDecode(BinaryReader &reader, size_t expected, uint8_t *output, LzssChecksumRule rule) {
    const uint64_t start = reader.offset();
    RequirePlausibleOutput(reader, expected);
    const uint8_t *input = reader.data() + reader.position();
    const DecodeState state = Decode(input, reader.remaining(), output, expected);
    const uint64_t checksumOffset = FinishStream(reader, start, expected, state);
    const uint32_t stored = reader.u32();
    const uint32_t computed = LzssChecksum(output, expected);
    const bool signedMatches = rule == LzssChecksumRule::SignedOrUnsigned &&
                               LzssSignedChecksum(output, expected) == stored;
    if (stored != computed && !signedMatches) {
        std::string problem = "LZSS checksum mismatch: stored " + std::to_string(stored) +
                              ", data sums to " + std::to_string(computed);
        if (state.beforeStart != 0) {
            problem += " (the stream referenced " + std::to_string(state.beforeStart) +
                       " bytes before the start of the output)";
        }
        reader.failAt(checksumOffset, problem);
    }
    return state.inPos + 4;
}

size_t LzssSkip(BinaryReader &reader, size_t expected) {
    const uint64_t start = reader.offset();
    RequirePlausibleOutput(reader, expected);
    const uint8_t *input = reader.data() + reader.position();
    const DecodeState state = Decode(input, reader.remaining(), nullptr, expected);
    FinishStream(reader, start, expected, state);
    reader.skip(4);
    return state.inPos + 4;
}

std::vector<uint8_t> LzssDecodeWholeFile(const uint8_t *data, size_t size,
                                         const std::string &fileName, std::string &note) {
    note.clear();
    const size_t cap = static_cast<size_t>(
        std::min<uint64_t>(LzssMaxOutput(size), std::numeric_limits<size_t>::max() / 2));
    auto decodeUnsized = [&](size_t inputSize, std::vector<uint8_t> &out) -> DecodeState {
        const DecodeState sizing = Decode(data, inputSize, nullptr, cap);
        out.assign(sizing.outPos, 0);
        Decode(data, inputSize, out.data(), sizing.outPos);
        return sizing;
    };
    std::vector<uint8_t> output;
    if (size >= 4) {
        const DecodeState state = decodeUnsized(size - 4, output);
        const uint32_t stored = BinaryReader::LoadU32(data + size - 4);
        if (state.itemLength == 0 && state.inPos == size - 4 &&
            LzssChecksum(output.data(), output.size()) == stored) {
            return output;
        }
    }
    const DecodeState state = decodeUnsized(size, output);
    if (state.stop == Stop::ZeroDistance) {
        ThrowImportError(fileName, "packed file", state.itemStart,
                         "LZSS back-reference with distance 0");
    }
    note = "no checksum found after the packed data (its position is unverified)";
    if (state.itemLength != 0) {
        note += "; the last reference is cut off";
    }
    return output;
}

} // namespace agf
