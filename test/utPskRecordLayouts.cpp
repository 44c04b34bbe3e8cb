// PSK records used where the file holds them (#18): the parser borrows the points, wedges,
// 32-bit faces, weights, normals and extra UVs from the file's bytes when a chunk's records have
// exactly the struct's layout at an aligned offset, and reads them into arrays of their own
// otherwise. Both must give the same scene, bit for bit: the generated grid (with unusable weights
// that the parser drops in place) is imported as written (every bulk payload 4-byte aligned,
// records of the structs' sizes: borrowed), with every payload moved two bytes off alignment, and
// with records wider than the layout (both: copied).
#include "utPskGrid.h"

#include <set>

namespace {

using namespace agf::test::psk;

constexpr size_t kChunkHeaderSize = 32;

void PutI32(std::vector<uint8_t> &bytes, size_t offset, int32_t value) {
    std::memcpy(&bytes.at(offset), &value, 4);
}

/** The grid with weights the parser must drop (a point, then a bone, out of range) and one
 *  without influence, spread over the parts the weights are filtered in. */
gen::PskContent GridWithUnusableWeights(bool withNormals) {
    gen::PskContent content = ThreadGrid(withNormals);
    const int32_t points = int32_t(content.points.size());
    for (const size_t at : {size_t(10), content.weights.size() / 2, content.weights.size() - 3}) {
        content.weights.insert(content.weights.begin() + std::ptrdiff_t(at),
                               {{0.5f, points + 1, 0}, {0.5f, 0, -1}, {0.0f, 1, 1}});
    }
    return content;
}

/** The file with an unknown chunk of two bytes after ACTRHEAD: every later payload starts two
 *  bytes past a multiple of four. */
std::vector<uint8_t> ShiftedOffAlignment(const std::vector<uint8_t> &bytes) {
    std::vector<uint8_t> padding(kChunkHeaderSize + 2, 0);
    std::memcpy(padding.data(), "PADDING", 7);
    PutI32(padding, 24, 1);
    PutI32(padding, 28, 2);
    std::vector<uint8_t> shifted(bytes.size() + padding.size());
    std::memcpy(shifted.data(), bytes.data(), kChunkHeaderSize);
    std::memcpy(shifted.data() + kChunkHeaderSize, padding.data(), padding.size());
    std::memcpy(shifted.data() + kChunkHeaderSize + padding.size(), bytes.data() + kChunkHeaderSize,
                bytes.size() - kChunkHeaderSize);
    return shifted;
}

/** The file with each record of the chunks in `ids` followed by four junk bytes (the header's
 *  DataSize grown to match), as a writer of a later layout might store them. */
std::vector<uint8_t> Widened(const std::vector<uint8_t> &bytes, const std::set<std::string> &ids) {
    std::vector<uint8_t> widened;
    for (const RawChunk &chunk : RawChunks(bytes)) {
        const auto header = bytes.begin() + std::ptrdiff_t(chunk.headerOffset);
        const size_t headerAt = widened.size();
        widened.insert(widened.end(), header, header + kChunkHeaderSize);
        const bool widen = ids.count(chunk.id) != 0;
        if (widen) {
            PutI32(widened, headerAt + 24, chunk.dataSize + 4);
        }
        for (int32_t r = 0; r < chunk.dataCount; ++r) {
            const auto record =
                bytes.begin() + std::ptrdiff_t(chunk.payloadOffset + size_t(r) * chunk.recordSize);
            widened.insert(widened.end(), record, record + std::ptrdiff_t(chunk.recordSize));
            if (widen) {
                widened.insert(widened.end(), 4, uint8_t(0xEE));
            }
        }
    }
    return widened;
}

TEST(PskRecordLayouts, BorrowedAndCopiedRecordsGiveTheSameScene) {
    const std::set<std::string> bulkChunks{"PNTS0000",   "VTXW0000", "FACE3200",
                                           "RAWWEIGHTS", "VTXNORMS", "EXTRAUVS0"};
    for (const bool withNormals : {false, true}) {
        SCOPED_TRACE(withNormals ? "VTXNORMS" : "smoothing groups");
        const gen::PskContent content = GridWithUnusableWeights(withNormals);
        const std::vector<uint8_t> bytes = gen::WritePsk(content);
        std::set<std::string> chunkIds;
        for (const RawChunk &chunk : RawChunks(bytes)) {
            chunkIds.insert(chunk.id);
            if (bulkChunks.count(chunk.id) != 0 && chunk.id != "FACE3200") {
                ASSERT_EQ(chunk.payloadOffset % 4, 0u) << chunk.id << " would not be borrowed";
            }
        }
        // Faces are borrowed at any offset (their struct is packed), but only as FACE3200.
        ASSERT_EQ(chunkIds.count("FACE3200"), 1u);
        auto reference = ImporterWithThreads(1);
        const aiScene *expected = ImportPsk(*reference, bytes);
        ASSERT_NE(expected, nullptr) << reference->GetErrorString();
        const std::vector<std::pair<std::string, std::vector<uint8_t>>> variants{
            {"as written, 2 threads", bytes},
            {"off alignment", ShiftedOffAlignment(bytes)},
            {"wider records", Widened(bytes, bulkChunks)},
        };
        for (const auto &[name, variant] : variants) {
            SCOPED_TRACE(name);
            for (const int threads : {1, 2}) {
                auto importer = ImporterWithThreads(threads);
                const aiScene *actual = ImportPsk(*importer, variant);
                ASSERT_NE(actual, nullptr) << importer->GetErrorString();
                ExpectSameMeshes(expected, actual, threads);
            }
        }
    }
}

/** The bad record of `bytes`, in `chunk`, must fail alike as written (borrowed), moved off
 *  alignment, and in records wider than the struct (copied): naming the record and `problem`. */
void ExpectFailsAlike(const std::vector<uint8_t> &bytes, const std::string &chunk, size_t record,
                      const std::string &problem) {
    for (const auto &variant : {bytes, ShiftedOffAlignment(bytes), Widened(bytes, {chunk})}) {
        auto importer = ImporterWithThreads(2);
        EXPECT_EQ(ImportPsk(*importer, variant), nullptr);
        const std::string error = importer->GetErrorString();
        EXPECT_NE(error.find(chunk + " record " + std::to_string(record)), std::string::npos)
            << error;
        EXPECT_NE(error.find(problem), std::string::npos) << error;
    }
}

TEST(PskRecordLayouts, ABadWedgeFailsAlikeInBorrowedAndCopiedRecords) {
    gen::PskContent content = ThreadGrid(false);
    const uint32_t points = uint32_t(content.points.size());
    content.wedges[120000].pointIndex = points + 4;
    ExpectFailsAlike(gen::WritePsk(content), "VTXW0000", 120000,
                     "wedge point index " + std::to_string(points + 4));
}

TEST(PskRecordLayouts, ABadFaceFailsAlikeInBorrowedAndCopiedRecords) {
    gen::PskContent content = ThreadGrid(false);
    const uint32_t wedges = uint32_t(content.wedges.size());
    content.faces[150000].wedges[2] = wedges + 9;
    ExpectFailsAlike(gen::WritePsk(content), "FACE3200", 150000,
                     "face wedge index " + std::to_string(wedges + 9));
}

} // namespace
