// BI-LZSS decoder (code/Common/Lzss.*): round trips through our own compressor (in the test-model
// generators), the space pre-fill rule, and bad streams.
#include "TestSupport.h"

#include "Common/Lzss.h"
#include "P3dWriters.h"

#include <cstring>
#include <random>

namespace {

using agf::BinaryReader;
using agf::ImportError;
using agf::LzssChecksum;
using agf::LzssDecode;

// Data with both literals and repeats, like vertex arrays: a random walk of floats.
std::vector<uint8_t> MixedData(size_t size, uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<uint8_t> data(size);
    for (size_t i = 0; i < size; ++i) {
        data[i] = (random() % 4 == 0 && i >= 16) ? data[i - 16] : static_cast<uint8_t>(random());
    }
    return data;
}

std::string DecodeError(const std::vector<uint8_t> &stream, size_t expected) {
    BinaryReader reader(stream.data(), stream.size(), "test.p3d");
    reader.setStructure("array");
    std::vector<uint8_t> out;
    try {
        LzssDecode(reader, expected, out);
    } catch (const ImportError &error) {
        return error.what();
    }
    return std::string();
}

void AppendChecksum(std::vector<uint8_t> &stream, const std::vector<uint8_t> &data) {
    const uint32_t sum = LzssChecksum(data.data(), data.size());
    for (int shift = 0; shift < 32; shift += 8) {
        stream.push_back(static_cast<uint8_t>(sum >> shift));
    }
}

} // namespace

TEST(P3dLzss, RoundTripsOurCompressorAndReportsTheInputUsed) {
    for (size_t size : {size_t(1024), size_t(4097), size_t(50000)}) {
        const std::vector<uint8_t> data = MixedData(size, static_cast<uint32_t>(size));
        std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
        const size_t streamSize = stream.size();
        // Bytes after the stream belong to the next field: the decoder must stop before them.
        stream.insert(stream.end(), {0xAB, 0xCD, 0xEF});
        BinaryReader reader(stream.data(), stream.size(), "test.p3d");
        std::vector<uint8_t> out;
        const size_t used = LzssDecode(reader, data.size(), out);
        EXPECT_EQ(used, streamSize) << size;
        EXPECT_EQ(reader.position(), streamSize) << size;
        EXPECT_EQ(out, data) << size;
        EXPECT_LT(streamSize, data.size() + data.size() / 8 + 8) << size;
    }
}

TEST(P3dLzss, OverlappingRunsAndTheExpansionBound) {
    const std::vector<uint8_t> data(144 * 1000, 'A');
    const std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
    BinaryReader reader(stream.data(), stream.size(), "test.p3d");
    std::vector<uint8_t> out;
    EXPECT_EQ(LzssDecode(reader, data.size(), out), stream.size());
    EXPECT_EQ(out, data);
    // The best case reaches close to, and never beyond, the bound used to reject sizes.
    EXPECT_LE(data.size(), agf::LzssMaxOutput(stream.size()));
    EXPECT_GT(data.size(), agf::LzssMaxOutput(stream.size()) * 9 / 10);
}

TEST(P3dLzss, ReferencesBeforeTheStartReadTheSpacePrefill) {
    // Flags 0b10: a reference (distance 5, length 3) before any output, then a literal 'x'.
    const std::vector<uint8_t> expected = {' ', ' ', ' ', 'x'};
    std::vector<uint8_t> stream = {0x02, 0x05, 0x00, 'x'};
    AppendChecksum(stream, expected);
    BinaryReader reader(stream.data(), stream.size(), "test.p3d");
    std::vector<uint8_t> out;
    EXPECT_EQ(LzssDecode(reader, expected.size(), out), stream.size());
    EXPECT_EQ(out, expected);
}

// A flag byte of eight literals is copied at once only when all eight are there and wanted:
// the output may end inside the group (the next field follows at once) and the input may end
// inside it (a truncated stream), exactly as with one literal at a time.
TEST(P3dLzss, EightLiteralsAtOnceKeepTheGroupBoundaries) {
    const std::vector<uint8_t> sixteen = {'0', '1', '2', '3', '4', '5', '6', '7',
                                          '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    std::vector<uint8_t> whole = {0xFF};
    whole.insert(whole.end(), sixteen.begin(), sixteen.begin() + 8);
    whole.push_back(0xFF);
    whole.insert(whole.end(), sixteen.begin() + 8, sixteen.end());
    AppendChecksum(whole, sixteen);
    BinaryReader reader(whole.data(), whole.size(), "test.p3d");
    std::vector<uint8_t> out;
    EXPECT_EQ(LzssDecode(reader, sixteen.size(), out), whole.size());
    EXPECT_EQ(out, sixteen);

    // Five bytes wanted of a group of eight literals: the checksum follows the fifth.
    const std::vector<uint8_t> five(sixteen.begin(), sixteen.begin() + 5);
    std::vector<uint8_t> shortOutput = {0xFF};
    shortOutput.insert(shortOutput.end(), five.begin(), five.end());
    AppendChecksum(shortOutput, five);
    BinaryReader shortReader(shortOutput.data(), shortOutput.size(), "test.p3d");
    EXPECT_EQ(LzssDecode(shortReader, five.size(), out), shortOutput.size());
    EXPECT_EQ(out, five);

    // The input ends after five of the group's eight literals.
    std::vector<uint8_t> truncated = {0xFF};
    truncated.insert(truncated.end(), five.begin(), five.end());
    EXPECT_NE(DecodeError(truncated, 8).find("LZSS stream ends after 5 of 8 output bytes"),
              std::string::npos)
        << DecodeError(truncated, 8);
}

TEST(P3dLzss, BadChecksumIsAClearError) {
    const std::vector<uint8_t> data = MixedData(2000, 7);
    std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
    stream[stream.size() - 4] ^= 0x01;
    const std::string error = DecodeError(stream, data.size());
    EXPECT_NE(error.find("test.p3d"), std::string::npos) << error;
    EXPECT_NE(error.find("checksum mismatch"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte " + std::to_string(stream.size() - 4)), std::string::npos)
        << error;
}

TEST(P3dLzss, BackReferenceBeforeTheStartIsNamedWhenTheChecksumFails) {
    // "abc" then a reference 10 bytes back at output 3: meant as "abcabc", it reads spaces.
    const std::vector<uint8_t> intended = {'a', 'b', 'c', 'a', 'b', 'c'};
    std::vector<uint8_t> stream = {0x07, 'a', 'b', 'c', 0x0A, 0x00};
    AppendChecksum(stream, intended);
    const std::string error = DecodeError(stream, intended.size());
    EXPECT_NE(error.find("checksum mismatch"), std::string::npos) << error;
    EXPECT_NE(error.find("referenced 3 bytes before the start of the output"), std::string::npos)
        << error;
}

TEST(P3dLzss, OutputLongerThanExpectedIsAClearError) {
    // 'a' then a reference of 18 bytes: 19 bytes where 10 are expected.
    std::vector<uint8_t> stream = {0x01, 'a', 0x01, 0x0F};
    AppendChecksum(stream, std::vector<uint8_t>(10, 'a'));
    const std::string error = DecodeError(stream, 10);
    EXPECT_NE(error.find("runs past the expected 10 bytes"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte 2"), std::string::npos) << error;
}

TEST(P3dLzss, TruncatedZeroDistanceAndImpossibleSizesAreClearErrors) {
    const std::vector<uint8_t> data = MixedData(3000, 3);
    std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
    stream.resize(stream.size() / 2);
    EXPECT_NE(DecodeError(stream, data.size()).find("LZSS stream ends after"), std::string::npos);

    std::vector<uint8_t> zero = {0x01, 'a', 0x00, 0x00};
    AppendChecksum(zero, {'a', 'a', 'a', 'a'});
    EXPECT_NE(DecodeError(zero, 4).find("distance 0"), std::string::npos);

    // A size no stream of this length can produce is refused before anything is allocated.
    const std::vector<uint8_t> tiny = {0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0};
    EXPECT_NE(DecodeError(tiny, size_t(1) << 40).find("cannot come from"), std::string::npos);

    const std::vector<uint8_t> noChecksum = {0x07, 'a', 'b', 'c', 0x01};
    EXPECT_NE(DecodeError(noChecksum, 3).find("checksum missing"), std::string::npos);
}

TEST(P3dLzss, WholeFileDecodingFindsTheTrailingChecksum) {
    const std::vector<uint8_t> data = MixedData(5000, 11);
    const std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
    std::string note;
    EXPECT_EQ(agf::LzssDecodeWholeFile(stream.data(), stream.size(), "f.p3d", note), data);
    EXPECT_TRUE(note.empty()) << note;

    const std::vector<uint8_t> bare(stream.begin(), stream.end() - 4);
    EXPECT_EQ(agf::LzssDecodeWholeFile(bare.data(), bare.size(), "f.p3d", note), data);
    EXPECT_NE(note.find("no checksum"), std::string::npos);
}

// LzssChecksum adds eight bytes at a time in 16-bit lanes: every length around its word and
// fold boundaries, and all-0xFF data (the largest lane sums), must give the byte-by-byte sum.
TEST(P3dLzss, ChecksumIsTheByteSumModulo2To32) {
    const std::vector<uint8_t> mixed = MixedData(4 * 1024 + 17, 7);
    const std::vector<uint8_t> ones(4 * 1024 + 17, 0xFF);
    for (const std::vector<uint8_t> *data : {&mixed, &ones}) {
        for (size_t size : {size_t(0), size_t(1), size_t(7), size_t(8), size_t(9), size_t(1023),
                            size_t(1024), size_t(1025), size_t(2048 + 3), data->size()}) {
            uint32_t expected = 0;
            for (size_t i = 0; i < size; ++i) {
                expected += (*data)[i];
            }
            EXPECT_EQ(expected, LzssChecksum(data->data(), size)) << "size " << size;
        }
    }
}

// LzssSkip, for arrays the importer does not use: the same input used and the same structural
// errors as decoding, without the bytes; the checksum is only required to be there.
TEST(P3dLzss, SkippingUsesTheSameInputAndFailsAlikeButLeavesTheChecksum) {
    const auto skipError = [](const std::vector<uint8_t> &stream, size_t expected) {
        BinaryReader reader(stream.data(), stream.size(), "test.p3d");
        try {
            agf::LzssSkip(reader, expected);
        } catch (const ImportError &error) {
            return std::string(error.what());
        }
        return std::string();
    };
    for (size_t size : {size_t(1024), size_t(50000)}) {
        const std::vector<uint8_t> data = MixedData(size, static_cast<uint32_t>(size) + 1);
        std::vector<uint8_t> stream = agf::testgen::p3d::LzssCompress(data);
        const size_t streamSize = stream.size();
        stream.insert(stream.end(), {0xAB, 0xCD, 0xEF});
        BinaryReader reader(stream.data(), stream.size(), "test.p3d");
        EXPECT_EQ(agf::LzssSkip(reader, data.size()), streamSize) << size;
        EXPECT_EQ(reader.position(), streamSize) << size;
        // A wrong checksum cannot be seen without the bytes.
        stream[streamSize - 4] ^= 0x01;
        EXPECT_EQ(skipError(stream, data.size()), "") << size;
        EXPECT_NE(DecodeError(stream, data.size()).find("checksum mismatch"), std::string::npos);
        stream.resize(streamSize / 2);
        EXPECT_NE(skipError(stream, data.size()).find("LZSS stream ends after"), std::string::npos);
    }
    std::vector<uint8_t> longer = {0x01, 'a', 0x01, 0x0F};
    AppendChecksum(longer, std::vector<uint8_t>(10, 'a'));
    EXPECT_NE(skipError(longer, 10).find("runs past the expected 10 bytes"), std::string::npos);
    std::vector<uint8_t> zero = {0x01, 'a', 0x00, 0x00};
    AppendChecksum(zero, {'a', 'a', 'a', 'a'});
    EXPECT_NE(skipError(zero, 4).find("distance 0"), std::string::npos);
    EXPECT_NE(skipError({0x07, 'a', 'b', 'c', 0x01}, 3).find("checksum missing"),
              std::string::npos);
    EXPECT_NE(skipError({0xFF, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0}, size_t(1) << 40)
                  .find("cannot come from"),
              std::string::npos);
}
