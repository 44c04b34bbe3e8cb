/** @file LzoWriter.cpp */
#include "LzoWriter.h"

#include <algorithm>
#include <cstring>

namespace agf::testgen {

namespace {

constexpr size_t kMinMatch = 3;
constexpr size_t kM2MaxDistance = 0x0800;
constexpr size_t kM3MaxDistance = 0x4000;
constexpr size_t kHashBits = 14;

class Compressor {
public:
    Compressor(const std::vector<uint8_t> &data, const LzoWriterOptions &options)
        : mData(data), mOptions(options), mHeads(size_t(1) << kHashBits, SIZE_MAX) {}

    std::vector<uint8_t> run() {
        size_t pos = 0;
        size_t literalStart = 0;
        while (pos + kMinMatch <= mData.size()) {
            size_t distance = 0;
            const size_t length = findMatch(pos, distance);
            if (length < kMinMatch) {
                insert(pos);
                ++pos;
                continue;
            }
            literals(literalStart, pos);
            emitMatch(distance, length);
            for (size_t k = 0; k < length; ++k) {
                insert(pos + k);
            }
            pos += length;
            literalStart = pos;
        }
        literals(literalStart, mData.size());
        mOut.insert(mOut.end(), {0x11, 0x00, 0x00});
        return std::move(mOut);
    }

private:
    size_t hashAt(size_t pos) const {
        const uint32_t v = mData[pos] | (mData[pos + 1] << 8) | (mData[pos + 2] << 16);
        return (v * 2654435761u) >> (32 - kHashBits);
    }

    void insert(size_t pos) {
        if (pos + kMinMatch <= mData.size()) {
            mHeads[hashAt(pos)] = pos;
        }
    }

    size_t findMatch(size_t pos, size_t &distance) const {
        const size_t candidate = mHeads[hashAt(pos)];
        if (candidate == SIZE_MAX || pos - candidate > maxDistance()) {
            return 0;
        }
        size_t length = 0;
        while (pos + length < mData.size() && mData[candidate + length] == mData[pos + length]) {
            ++length;
        }
        distance = pos - candidate;
        return length;
    }

    size_t maxDistance() const {
        const size_t limit = mOptions.useM4 ? size_t(0xBFFF) : kM3MaxDistance;
        return std::min(limit, mOptions.maxDistance);
    }

    // A length beyond what the instruction holds: zero bytes of 255 each, then the rest.
    void extendedLength(size_t rest) {
        while (rest > 255) {
            mOut.push_back(0);
            rest -= 255;
        }
        mOut.push_back(static_cast<uint8_t>(rest));
    }

    void literals(size_t from, size_t to) {
        const size_t count = to - from;
        if (count == 0) {
            return;
        }
        if (mOut.empty() && count <= 238) {
            mOut.push_back(static_cast<uint8_t>(17 + count));
        } else if (count <= 3) {
            // After a match: the count lives in the low bits of its last distance byte.
            mOut[mPatch] = static_cast<uint8_t>(mOut[mPatch] | count);
        } else if (count <= 18) {
            mOut.push_back(static_cast<uint8_t>(count - 3));
        } else {
            mOut.push_back(0);
            extendedLength(count - 18);
        }
        mOut.insert(mOut.end(), mData.begin() + static_cast<std::ptrdiff_t>(from),
                    mData.begin() + static_cast<std::ptrdiff_t>(to));
    }

    void emitMatch(size_t distance, size_t length) {
        if (mOptions.useM2 && distance <= kM2MaxDistance && length <= 8) {
            const size_t d = distance - 1;
            mPatch = mOut.size();
            mOut.push_back(static_cast<uint8_t>(((length - 1) << 5) | ((d & 7) << 2)));
            mOut.push_back(static_cast<uint8_t>(d >> 3));
            return;
        }
        const bool m3 = distance <= kM3MaxDistance;
        const size_t d = m3 ? distance - 1 : distance - kM3MaxDistance;
        const size_t inlineMax = m3 ? 31 : 7;
        const uint8_t base = m3 ? 32 : static_cast<uint8_t>(16 | ((d >> 11) & 8));
        const size_t code = length - 2;
        if (code <= inlineMax) {
            mOut.push_back(static_cast<uint8_t>(base | code));
        } else {
            mOut.push_back(base);
            extendedLength(code - inlineMax);
        }
        mPatch = mOut.size();
        mOut.push_back(static_cast<uint8_t>((d & 63) << 2));
        mOut.push_back(static_cast<uint8_t>((d >> 6) & 0xFF));
    }

    const std::vector<uint8_t> &mData;
    LzoWriterOptions mOptions;
    std::vector<size_t> mHeads;
    std::vector<uint8_t> mOut;
    size_t mPatch = 0;
};

} // namespace

std::vector<uint8_t> LzoCompress(const std::vector<uint8_t> &data,
                                 const LzoWriterOptions &options) {
    return Compressor(data, options).run();
}

} // namespace agf::testgen
