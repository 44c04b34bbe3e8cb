/** @file Lzo.cpp
 *  LZO1X instruction decoding. An instruction byte `t` means, depending on what came before:
 *  - t >= 64: M2 match, 3 to 8 bytes, distance up to 0x800, one more distance byte;
 *  - 32 <= t < 64: M3 match, distance up to 0x4000, length in t (extended by zero bytes),
 *    two distance bytes;
 *  - 16 <= t < 32: M4 match, distance 0x4000 to 0xBFFF; distance 0x4000 is the end marker;
 *  - t < 16 after a match with no trailing literals: a literal run of t + 3 bytes (extended);
 *  - t < 16 after a literal run: a 3-byte match at distance 0x801 and more;
 *  - t < 16 after a match with 1 to 3 trailing literals: a 2-byte match at a short distance.
 *  The low two bits of the last distance byte of a match give its trailing literal count. The
 *  first byte of a stream may be 17 + n: a leading run of n literals.
 */
#include "Lzo.h"

#include "HugePages.h"
#include "LzBlockCopy.h"

#include <cstring>

namespace agf {

namespace {

constexpr size_t kM2MaxOffset = 0x0800;
constexpr size_t kM4BaseOffset = 0x4000;
/** Outputs larger than this are checked against their stream before they are allocated. */
constexpr size_t kLzoCheckFirstAbove = 64 * 1024;

/** With `Write` false nothing is written: the stream is only followed, to check it. */
template <bool Write> class Decoder {
public:
    Decoder(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize)
        : mIn(in), mInEnd(in + inSize), mIp(in), mOut(out), mOutSize(outSize) {}

    LzoResult run() {
        LzoStatus status = decode();
        if (status == LzoStatus::Ok && mOp != mOutSize) {
            status = LzoStatus::OutputUnderrun;
        }
        return LzoResult{status, static_cast<size_t>(mIp - mIn), mOp};
    }

private:
    // What the previous instruction left behind decides what a small instruction byte means.
    enum class After { Match, ShortLiterals, LongLiterals };

    LzoStatus decode() {
        After after = After::Match;
        if (mIp == mInEnd) {
            return LzoStatus::InputOverrun;
        }
        if (*mIp > 17) {
            const size_t count = static_cast<size_t>(*mIp++ - 17);
            if (const LzoStatus status = copyLiterals(count); status != LzoStatus::Ok) {
                return status;
            }
            after = count < 4 ? After::ShortLiterals : After::LongLiterals;
        }
        for (;;) {
            if (mIp == mInEnd) {
                return LzoStatus::InputOverrun;
            }
            const unsigned t = *mIp++;
            size_t trailing = 0;
            LzoStatus status = LzoStatus::Ok;
            if (t >= 16) {
                bool end = false;
                status = match(t, trailing, end);
                if (end) {
                    return status;
                }
            } else if (after == After::Match) {
                status = literalRun(t);
                if (status != LzoStatus::Ok) {
                    return status;
                }
                after = After::LongLiterals;
                continue;
            } else {
                status = shortMatch(t, after == After::LongLiterals, trailing);
            }
            if (status == LzoStatus::Ok) {
                status = copyLiterals(trailing);
            }
            if (status != LzoStatus::Ok) {
                return status;
            }
            after = trailing == 0 ? After::Match : After::ShortLiterals;
        }
    }

    // A run length stored as zero bytes (255 each) and a final non-zero byte, added to `base`.
    bool extendedLength(size_t base, size_t &length) {
        size_t zeros = 0;
        while (mIp != mInEnd && *mIp == 0) {
            ++zeros;
            ++mIp;
        }
        if (mIp == mInEnd) {
            return false;
        }
        length = zeros * 255 + base + *mIp++;
        return true;
    }

    LzoStatus literalRun(unsigned t) {
        size_t length = t;
        if (t == 0 && !extendedLength(15, length)) {
            return LzoStatus::InputOverrun;
        }
        return copyLiterals(length + 3);
    }

    LzoStatus shortMatch(unsigned t, bool afterLongLiterals, size_t &trailing) {
        if (mIp == mInEnd) {
            return LzoStatus::InputOverrun;
        }
        const size_t distance = 1 + (t >> 2) + (static_cast<size_t>(*mIp++) << 2) +
                                (afterLongLiterals ? kM2MaxOffset : 0);
        trailing = t & 3;
        return copyMatch(distance, afterLongLiterals ? 3 : 2);
    }

    LzoStatus match(unsigned t, size_t &trailing, bool &end) {
        if (t >= 64) {
            if (mIp == mInEnd) {
                return LzoStatus::InputOverrun;
            }
            const size_t distance = 1 + ((t >> 2) & 7) + (static_cast<size_t>(*mIp++) << 3);
            trailing = t & 3;
            return copyMatch(distance, (t >> 5) + 1);
        }
        const bool m3 = t >= 32;
        size_t length = m3 ? (t & 31) : (t & 7);
        if (length == 0 && !extendedLength(m3 ? 31 : 7, length)) {
            return LzoStatus::InputOverrun;
        }
        if (mInEnd - mIp < 2) {
            return LzoStatus::InputOverrun;
        }
        const size_t packed = (mIp[0] >> 2) + (static_cast<size_t>(mIp[1]) << 6);
        trailing = mIp[0] & 3;
        mIp += 2;
        if (m3) {
            return copyMatch(packed + 1, length + 2);
        }
        const size_t distance = (static_cast<size_t>(t & 8) << 11) + packed;
        if (distance == 0) {
            end = true; // the end marker
            return LzoStatus::Ok;
        }
        return copyMatch(distance + kM4BaseOffset, length + 2);
    }

    LzoStatus copyLiterals(size_t count) {
        const size_t inputLeft = static_cast<size_t>(mInEnd - mIp);
        const size_t outputLeft = mOutSize - mOp;
        if (inputLeft < count) {
            return LzoStatus::InputOverrun;
        }
        if (outputLeft < count) {
            return LzoStatus::OutputOverrun;
        }
        if constexpr (Write) {
            if (count <= kLzBlockCopy && inputLeft >= kLzBlockCopy && outputLeft >= kLzBlockCopy) {
                std::memcpy(mOut + mOp, mIp, kLzBlockCopy);
            } else {
                std::memcpy(mOut + mOp, mIp, count);
            }
        }
        mIp += count;
        mOp += count;
        return LzoStatus::Ok;
    }

    LzoStatus copyMatch(size_t distance, size_t length) {
        if (distance > mOp) {
            return LzoStatus::LookBehindOverrun;
        }
        const size_t outputLeft = mOutSize - mOp;
        if (outputLeft < length) {
            return LzoStatus::OutputOverrun;
        }
        if constexpr (Write) {
            if (length <= kLzBlockCopy && outputLeft >= kLzBlockCopy &&
                distance >= kLzBlockMinimumDistance) {
                CopyShortMatch(mOut + mOp, distance);
            } else {
                copyBytes(mOut + mOp, distance, length);
            }
        }
        mOp += length;
        return LzoStatus::Ok;
    }

    static void copyBytes(uint8_t *destination, size_t distance, size_t length) {
        const uint8_t *source = destination - distance;
        if (distance >= length) {
            std::memcpy(destination, source, length);
        } else if (distance >= 8) {
            // Overlapping, but 8-byte pieces never overlap themselves.
            size_t k = 0;
            for (; k + 8 <= length; k += 8) {
                std::memcpy(destination + k, source + k, 8);
            }
            for (; k < length; ++k) {
                destination[k] = source[k];
            }
        } else {
            // A short period: the match repeats bytes it is writing (a run).
            for (size_t k = 0; k < length; ++k) {
                destination[k] = source[k];
            }
        }
    }

    const uint8_t *mIn;
    const uint8_t *mInEnd;
    const uint8_t *mIp;
    uint8_t *mOut;
    size_t mOutSize;
    size_t mOp = 0; ///< output bytes so far
};

} // namespace

const char *LzoStatusText(LzoStatus status) {
    switch (status) {
    case LzoStatus::Ok:
        return "ok";
    case LzoStatus::InputOverrun:
        return "the stream ends before its end marker";
    case LzoStatus::OutputOverrun:
        return "the stream decodes to more than the expected size";
    case LzoStatus::LookBehindOverrun:
        return "a match reaches before the start of the output";
    case LzoStatus::OutputUnderrun:
        return "the end marker comes before the expected size";
    }
    return "unknown LZO status";
}

LzoResult LzoDecompress(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize) {
    return Decoder<true>(in, inSize, out, outSize).run();
}

namespace {

void RequirePlausibleOutput(const BinaryReader &reader, size_t expected) {
    if (expected > LzoMaxOutput(reader.remaining())) {
        reader.fail("LZO output of " + std::to_string(expected) + " bytes is more than the " +
                    std::to_string(reader.remaining()) + " bytes left can decode to");
    }
}

/** Throws for a stream that stopped early or gave another size; otherwise moves the reader
 *  past it. */
size_t FinishStream(BinaryReader &reader, uint64_t start, size_t expected,
                    const LzoResult &result) {
    if (result.status != LzoStatus::Ok) {
        reader.failAt(start + result.consumed,
                      std::string("LZO stream starting at byte ") + std::to_string(start) + ": " +
                          LzoStatusText(result.status) + " (" + std::to_string(result.produced) +
                          " of " + std::to_string(expected) + " bytes decoded)");
    }
    reader.skip(result.consumed);
    return result.consumed;
}

} // namespace

size_t LzoDecode(BinaryReader &reader, size_t expected, std::vector<uint8_t> &output) {
    return LzoDecode(reader, expected, [&output, expected]() {
        ResizeLarge(output, expected);
        return output.data();
    });
}

size_t LzoDecode(BinaryReader &reader, size_t expected,
                 const std::function<uint8_t *()> &allocate) {
    const uint64_t start = reader.offset();
    RequirePlausibleOutput(reader, expected);
    const uint8_t *in = reader.data() + reader.position();
    LzoResult result;
    if (expected > kLzoCheckFirstAbove && expected / kLzoAllocateAtOnceRatio > reader.remaining()) {
        // A damaged count must not allocate more than the stream really gives: follow the
        // stream without output first (cheap next to the allocation it may save).
        result = Decoder<false>(in, reader.remaining(), nullptr, expected).run();
    }
    if (result.status == LzoStatus::Ok) {
        result = LzoDecompress(in, reader.remaining(), allocate(), expected);
    }
    return FinishStream(reader, start, expected, result);
}

size_t LzoSkip(BinaryReader &reader, size_t expected) {
    const uint64_t start = reader.offset();
    RequirePlausibleOutput(reader, expected);
    const uint8_t *in = reader.data() + reader.position();
    return FinishStream(reader, start, expected,
                        Decoder<false>(in, reader.remaining(), nullptr, expected).run());
}

} // namespace agf
