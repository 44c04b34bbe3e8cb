// LZO1X decoder (code/Common/Lzo.*) against liblzo2, used here as a test-only oracle: streams from
// liblzo2's compressors and from our own writer, the input each stream uses, and hostile
// streams (truncated, overrunning the output, reaching before the start, mutated at random),
// where our verdict must be liblzo2's.
#include "TestSupport.h"

#include "Common/Lzo.h"
#include "LzoWriter.h"

#include <lzo/lzo1x.h>

#include <random>

namespace {

using agf::BinaryReader;
using agf::ImportError;
using agf::LzoDecompress;
using agf::LzoResult;
using agf::LzoStatus;

// Vertex-array-like data: random bytes with repeats at short, medium and long distances, so
// that the compressors use every match kind.
std::vector<uint8_t> MixedData(size_t size, uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<uint8_t> data(size);
    for (size_t i = 0; i < size; ++i) {
        const uint32_t pick = random() % 8;
        if (pick == 0 && i >= 12) {
            data[i] = data[i - 12];
        } else if (pick == 1 && i >= 3000) {
            data[i] = data[i - 3000];
        } else if (pick == 2 && i >= 20000) {
            data[i] = data[i - 20000];
        } else if (pick == 3 && i >= 1) {
            data[i] = data[i - 1];
        } else {
            data[i] = static_cast<uint8_t>(random() % 16);
        }
    }
    return data;
}

std::vector<uint8_t> LibraryCompress(const std::vector<uint8_t> &data, bool best) {
    EXPECT_EQ(lzo_init(), LZO_E_OK);
    std::vector<uint8_t> work(LZO1X_999_MEM_COMPRESS);
    std::vector<uint8_t> out(data.size() + data.size() / 16 + 64 + 3);
    lzo_uint outSize = out.size();
    const int status =
        best ? lzo1x_999_compress(data.data(), data.size(), out.data(), &outSize, work.data())
             : lzo1x_1_compress(data.data(), data.size(), out.data(), &outSize, work.data());
    EXPECT_EQ(status, LZO_E_OK);
    out.resize(outSize);
    return out;
}

// liblzo2's verdict: a stream is good when it decodes to exactly `expected` bytes, whether or not
// input is left after its end marker.
bool OracleAccepts(const std::vector<uint8_t> &stream, size_t expected) {
    std::vector<uint8_t> out(expected + 1);
    lzo_uint outSize = expected;
    const int status =
        lzo1x_decompress_safe(stream.data(), stream.size(), out.data(), &outSize, nullptr);
    return (status == LZO_E_OK || status == LZO_E_INPUT_NOT_CONSUMED) && outSize == expected;
}

LzoResult Decode(const std::vector<uint8_t> &stream, std::vector<uint8_t> &out, size_t expected) {
    out.assign(expected, 0);
    return LzoDecompress(stream.data(), stream.size(), out.data(), out.size());
}

void ExpectDecodes(const std::vector<uint8_t> &stream, const std::vector<uint8_t> &data,
                   const std::string &what) {
    std::vector<uint8_t> withNext = stream;
    withNext.insert(withNext.end(), {0x11, 0xAB, 0xCD}); // the next field, not ours to read
    std::vector<uint8_t> out;
    const LzoResult result = Decode(withNext, out, data.size());
    ASSERT_EQ(result.status, LzoStatus::Ok) << what;
    EXPECT_EQ(result.consumed, stream.size()) << what;
    EXPECT_EQ(result.produced, data.size()) << what;
    EXPECT_EQ(out, data) << what;
}

} // namespace

TEST(P3dLzo, DecodesLiblzo2StreamsAndReportsTheInputUsed) {
    for (size_t size : {size_t(1), size_t(3), size_t(4), size_t(300), size_t(70000)}) {
        const std::vector<uint8_t> data = MixedData(size, static_cast<uint32_t>(size));
        ExpectDecodes(LibraryCompress(data, false), data, "lzo1x_1, " + std::to_string(size));
        ExpectDecodes(LibraryCompress(data, true), data, "lzo1x_999, " + std::to_string(size));
    }
}

TEST(P3dLzo, OurWriterRoundTripsAndLiblzo2AgreesOnItsStreams) {
    for (size_t size : {size_t(2), size_t(17), size_t(239), size_t(5000), size_t(100000)}) {
        const std::vector<uint8_t> data = MixedData(size, static_cast<uint32_t>(size) + 7);
        for (const bool m2 : {true, false}) {
            agf::testgen::LzoWriterOptions options;
            options.useM2 = m2;
            const std::vector<uint8_t> stream = agf::testgen::LzoCompress(data, options);
            ExpectDecodes(stream, data, "ours, " + std::to_string(size));
            std::vector<uint8_t> out(data.size());
            lzo_uint outSize = out.size();
            ASSERT_EQ(
                lzo1x_decompress_safe(stream.data(), stream.size(), out.data(), &outSize, nullptr),
                LZO_E_OK);
            EXPECT_EQ(out, data);
        }
    }
}

// Short matches and literal runs are copied as 16-byte blocks, a match closer than 16 bytes in
// two 8-byte pieces, and the last 16 bytes of the output byte by byte: data repeating with every
// period from 1 to 40 (a vertex array's 12 bytes among them), broken by literal runs of every
// length from 1 to 20, so that the compressors emit matches at each of those distances, ending
// at every offset from the end of the output.
TEST(P3dLzo, ShortMatchesAndRunsAtEveryNearDistanceDecodeAsTheOracleDoes) {
    std::mt19937 random(40);
    for (size_t period = 1; period <= 40; ++period) {
        std::vector<uint8_t> data;
        for (size_t run = 1; data.size() < 3000; run = run % 20 + 1) {
            const size_t repeats = period * (1 + random() % 3) + random() % period;
            for (size_t k = 0; k < repeats; ++k) {
                data.push_back(data.size() >= period ? data[data.size() - period]
                                                     : static_cast<uint8_t>(random()));
            }
            for (size_t k = 0; k < run; ++k) {
                data.push_back(static_cast<uint8_t>(random()));
            }
        }
        for (size_t end = data.size() - 20; end <= data.size(); ++end) {
            const std::vector<uint8_t> part(data.begin(),
                                            data.begin() + static_cast<std::ptrdiff_t>(end));
            const std::string what =
                "period " + std::to_string(period) + ", " + std::to_string(end) + " bytes";
            ExpectDecodes(LibraryCompress(part, false), part, "lzo1x_1, " + what);
            ExpectDecodes(LibraryCompress(part, true), part, "lzo1x_999, " + what);
        }
    }
}

TEST(P3dLzo, EveryTruncationFailsAsTheOracleSays) {
    const std::vector<uint8_t> data = MixedData(3000, 11);
    const std::vector<uint8_t> stream = LibraryCompress(data, true);
    for (size_t cut = 0; cut < stream.size(); ++cut) {
        const std::vector<uint8_t> truncated(stream.begin(),
                                             stream.begin() + static_cast<std::ptrdiff_t>(cut));
        std::vector<uint8_t> out;
        const LzoResult result = Decode(truncated, out, data.size());
        EXPECT_EQ(result.status, LzoStatus::InputOverrun) << cut;
        EXPECT_LE(result.consumed, cut);
        EXPECT_FALSE(OracleAccepts(truncated, data.size())) << cut;
    }
}

TEST(P3dLzo, WrongExpectedSizesFail) {
    const std::vector<uint8_t> data = MixedData(2000, 5);
    const std::vector<uint8_t> stream = LibraryCompress(data, false);
    std::vector<uint8_t> out;
    EXPECT_EQ(Decode(stream, out, data.size() - 1).status, LzoStatus::OutputOverrun);
    EXPECT_EQ(Decode(stream, out, data.size() + 1).status, LzoStatus::OutputUnderrun);
    EXPECT_FALSE(OracleAccepts(stream, data.size() - 1));
    EXPECT_FALSE(OracleAccepts(stream, data.size() + 1));
}

TEST(P3dLzo, MatchesBeforeTheStartFail) {
    // One literal 'A', then an M2 match of 3 bytes at distance 2: one byte before the start.
    const std::vector<uint8_t> stream = {0x12, 'A', 0x44, 0x00, 0x11, 0x00, 0x00};
    std::vector<uint8_t> out;
    const LzoResult result = Decode(stream, out, 4);
    EXPECT_EQ(result.status, LzoStatus::LookBehindOverrun);
    EXPECT_FALSE(OracleAccepts(stream, 4));
    // The same at distance 1 repeats 'A' (an overlapping copy) and is fine.
    const std::vector<uint8_t> good = {0x12, 'A', 0x40, 0x00, 0x11, 0x00, 0x00};
    ASSERT_EQ(Decode(good, out, 4).status, LzoStatus::Ok);
    EXPECT_EQ(out, (std::vector<uint8_t>{'A', 'A', 'A', 'A'}));
    EXPECT_TRUE(OracleAccepts(good, 4));
}

TEST(P3dLzo, MutatedStreamsGetTheOraclesVerdict) {
    const std::vector<uint8_t> data = MixedData(4000, 3);
    const std::vector<std::vector<uint8_t>> streams = {
        LibraryCompress(data, false), LibraryCompress(data, true), agf::testgen::LzoCompress(data)};
    std::mt19937 random(2026);
    size_t accepted = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::vector<uint8_t> stream = streams[static_cast<size_t>(trial) % streams.size()];
        const int flips = 1 + static_cast<int>(random() % 3);
        for (int k = 0; k < flips; ++k) {
            stream[random() % stream.size()] = static_cast<uint8_t>(random());
        }
        std::vector<uint8_t> out;
        const LzoResult result = Decode(stream, out, data.size());
        const bool ours = result.status == LzoStatus::Ok;
        ASSERT_EQ(ours, OracleAccepts(stream, data.size())) << "trial " << trial;
        EXPECT_LE(result.consumed, stream.size());
        EXPECT_LE(result.produced, data.size());
        if (ours) {
            ++accepted;
            std::vector<uint8_t> oracleOut(data.size());
            lzo_uint outSize = oracleOut.size();
            lzo1x_decompress_safe(stream.data(), stream.size(), oracleOut.data(), &outSize,
                                  nullptr);
            EXPECT_EQ(out, oracleOut) << "trial " << trial;
        }
    }
    // Some mutations only change literal bytes: both decoders accept those.
    EXPECT_GT(accepted, 0u);
}

TEST(P3dLzo, ReaderWrapperRefusesImpossibleSizesAndNamesTheOffset) {
    const std::vector<uint8_t> data = MixedData(5000, 9);
    std::vector<uint8_t> stream = {0xEE, 0xEE}; // the bytes before the array
    const std::vector<uint8_t> packed = agf::testgen::LzoCompress(data);
    stream.insert(stream.end(), packed.begin(), packed.end());
    BinaryReader reader(stream.data(), stream.size(), "test.p3d");
    reader.setStructure("positions");
    reader.skip(2);
    std::vector<uint8_t> out;
    EXPECT_EQ(agf::LzoDecode(reader, data.size(), out), packed.size());
    EXPECT_TRUE(reader.atEnd());
    EXPECT_EQ(out, data);

    BinaryReader huge(stream.data(), stream.size(), "test.p3d");
    huge.skip(2);
    EXPECT_THROW(agf::LzoDecode(huge, size_t(1) << 40, out), ImportError);

    BinaryReader cut(stream.data(), stream.size() - 1, "test.p3d");
    cut.setStructure("positions");
    cut.skip(2);
    try {
        agf::LzoDecode(cut, data.size(), out);
        FAIL() << "a truncated stream was accepted";
    } catch (const ImportError &error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("positions"), std::string::npos) << message;
        EXPECT_NE(message.find("starting at byte 2"), std::string::npos) << message;
        EXPECT_NE(message.find("end marker"), std::string::npos) << message;
    }
}

// LzoSkip, for arrays the importer does not use: follows the stream as decoding does (the same
// input used, the same verdict on truncated, mutated and wrongly sized streams).
TEST(P3dLzo, SkippingGivesDecodingsVerdictAndInputUsed) {
    const auto verdict = [](const std::vector<uint8_t> &stream, size_t expected, bool skip) {
        BinaryReader reader(stream.data(), stream.size(), "test.p3d");
        std::vector<uint8_t> out;
        try {
            const size_t used =
                skip ? agf::LzoSkip(reader, expected) : agf::LzoDecode(reader, expected, out);
            return "used " + std::to_string(used) + " at " + std::to_string(reader.position());
        } catch (const ImportError &error) {
            return std::string(error.what());
        }
    };
    const std::vector<uint8_t> data = MixedData(90000, 21);
    std::vector<uint8_t> stream = agf::testgen::LzoCompress(data);
    stream.insert(stream.end(), {0x11, 0xAB, 0xCD});
    EXPECT_EQ(verdict(stream, data.size(), true), "used " + std::to_string(stream.size() - 3) +
                                                      " at " + std::to_string(stream.size() - 3));
    std::mt19937 random(7);
    for (int trial = 0; trial < 300; ++trial) {
        std::vector<uint8_t> variant = stream;
        if (trial % 3 == 0) {
            variant.resize(random() % stream.size());
        } else {
            variant[random() % variant.size()] = static_cast<uint8_t>(random());
        }
        const size_t expected = trial % 7 == 0 ? data.size() - 1 : data.size();
        ASSERT_EQ(verdict(variant, expected, true), verdict(variant, expected, false))
            << "trial " << trial;
    }
    BinaryReader huge(stream.data(), stream.size(), "test.p3d");
    EXPECT_THROW(agf::LzoSkip(huge, size_t(1) << 40), ImportError);
}

// An output of at most kLzoAllocateAtOnceRatio times the input left is allocated before its
// stream is followed: a damaged stream then fails after the allocation, once. Above the ratio
// (and above 64 KiB) the stream is followed first and a wrong size allocates nothing.
TEST(P3dLzo, AllocatesAtOnceOnlyWithinTheRatioOfTheInputLeft) {
    std::vector<uint8_t> data(400000);
    for (size_t i = 0; i < data.size(); ++i) {
        data[i] = static_cast<uint8_t>((i * 7) % 251);
    }
    const std::vector<uint8_t> stream = agf::testgen::LzoCompress(data);
    ASSERT_GT(data.size() + 1, stream.size() * agf::kLzoAllocateAtOnceRatio)
        << "the test needs a stream compressed better than the ratio";
    const auto allocations = [&](size_t expected, size_t trailingBytes) {
        std::vector<uint8_t> input = stream;
        input.resize(input.size() + trailingBytes, 0);
        BinaryReader reader(input.data(), input.size(), "test.p3d");
        std::vector<uint8_t> out;
        int calls = 0;
        try {
            agf::LzoDecode(reader, expected, [&]() {
                ++calls;
                out.resize(expected);
                return out.data();
            });
        } catch (const ImportError &) {
            return -calls - 1; // failed after `calls` allocations
        }
        return calls;
    };
    // The true size decodes whatever the ratio; one size too many fails, allocating first only
    // when the input left (the stream and what follows it) is large enough to justify it.
    EXPECT_EQ(allocations(data.size(), 0), 1);
    EXPECT_EQ(allocations(data.size() + 1, 0), -1);
    EXPECT_EQ(allocations(data.size() + 1, data.size() / agf::kLzoAllocateAtOnceRatio), -2);
}
