/** @file utPsaThreads.cpp
 *  PSA and PSAX imports split over threads (issue #18, AI_CONFIG_IMPORT_GAMEFORMATS_THREADS):
 *  every thread count gives the same scene, key by key and bit for bit, on files small enough
 *  to stay on the calling thread and on files large enough to be split; problems met in the
 *  part of a helper thread are reported as with one thread.
 */
#include "TestSupport.h"

#include "ActorX/PsaParser.h"
#include "PsaModels.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/scene.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace agf::test;
namespace psa = agf::testgen::psa;

constexpr unsigned kValidate = aiProcess_ValidateDataStructure;

// Bones x frames of the large PSA: each of up to 4 parts gets more than the least a thread is
// given, so the split really happens with 2, 3 and 4 threads.
constexpr unsigned kLargeBones = 8;
constexpr unsigned kLargeFrames = 20000;
static_assert(uint64_t(kLargeFrames) * 2 >= agf::actorx::kPsaMinimumKeysPerThread,
              "two bones of the large file must be enough keys for a thread of their own");

struct ThreadedImport {
    std::unique_ptr<Assimp::Importer> importer;
    const aiScene *scene = nullptr;
    std::string error;
};

ThreadedImport ImportWithThreads(const std::vector<uint8_t> &bytes, const char *extension,
                                 int threads) {
    ThreadedImport result;
    result.importer = MakeImporter();
    result.importer->SetPropertyInteger(AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, threads);
    // From memory, Assimp's IOSystem answers the .config sidecar's name with the file itself,
    // whose warnings would crowd out the ones checked here.
    result.importer->SetPropertyBool(AI_CONFIG_IMPORT_PSA_USE_CONFIG, false);
    result.scene =
        result.importer->ReadFileFromMemory(bytes.data(), bytes.size(), kValidate, extension);
    if (result.scene == nullptr) {
        result.error = result.importer->GetErrorString();
    }
    return result;
}

template <typename Key> bool SameBits(const Key &a, const Key &b) {
    return std::memcmp(&a.mTime, &b.mTime, sizeof a.mTime) == 0 &&
           std::memcmp(&a.mValue, &b.mValue, sizeof a.mValue) == 0;
}

template <typename Key>
void ExpectSameKeys(const Key *expected, unsigned expectedCount, const Key *actual,
                    unsigned actualCount, const std::string &where) {
    ASSERT_EQ(actualCount, expectedCount) << where;
    for (unsigned k = 0; k < expectedCount; ++k) {
        ASSERT_TRUE(SameBits(expected[k], actual[k])) << where << " key " << k;
    }
}

// Every animation, channel and key of `actual` has the bits of `expected`'s.
void ExpectSameAnimations(const aiScene &expected, const aiScene &actual) {
    ASSERT_EQ(actual.mNumAnimations, expected.mNumAnimations);
    for (unsigned a = 0; a < expected.mNumAnimations; ++a) {
        const aiAnimation &want = *expected.mAnimations[a];
        const aiAnimation &got = *actual.mAnimations[a];
        EXPECT_EQ(std::string(got.mName.C_Str()), want.mName.C_Str());
        EXPECT_EQ(got.mDuration, want.mDuration);
        EXPECT_EQ(got.mTicksPerSecond, want.mTicksPerSecond);
        ASSERT_EQ(got.mNumChannels, want.mNumChannels) << want.mName.C_Str();
        for (unsigned c = 0; c < want.mNumChannels; ++c) {
            const aiNodeAnim &w = *want.mChannels[c];
            const aiNodeAnim &g = *got.mChannels[c];
            const std::string where =
                std::string(want.mName.C_Str()) + " channel " + w.mNodeName.C_Str();
            EXPECT_EQ(std::string(g.mNodeName.C_Str()), w.mNodeName.C_Str());
            ExpectSameKeys(w.mPositionKeys, w.mNumPositionKeys, g.mPositionKeys, g.mNumPositionKeys,
                           where + " position");
            ExpectSameKeys(w.mRotationKeys, w.mNumRotationKeys, g.mRotationKeys, g.mNumRotationKeys,
                           where + " rotation");
            ExpectSameKeys(w.mScalingKeys, w.mNumScalingKeys, g.mScalingKeys, g.mNumScalingKeys,
                           where + " scaling");
        }
    }
}

// The rest poses of the nodes come from the first keys: compared too.
void ExpectSameNodes(const aiNode &expected, const aiNode &actual) {
    EXPECT_EQ(std::string(actual.mName.C_Str()), expected.mName.C_Str());
    EXPECT_EQ(std::memcmp(&actual.mTransformation, &expected.mTransformation,
                          sizeof expected.mTransformation),
              0)
        << expected.mName.C_Str();
    ASSERT_EQ(actual.mNumChildren, expected.mNumChildren) << expected.mName.C_Str();
    for (unsigned c = 0; c < expected.mNumChildren; ++c) {
        ExpectSameNodes(*expected.mChildren[c], *actual.mChildren[c]);
    }
}

void ExpectSameForEveryThreadCount(const std::vector<uint8_t> &bytes, const char *extension) {
    const ThreadedImport single = ImportWithThreads(bytes, extension, 1);
    ASSERT_NE(single.scene, nullptr) << single.error;
    const ImportWarnings singleWarnings(*single.importer, extension);
    for (int threads : {2, 3, 4}) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        const ThreadedImport split = ImportWithThreads(bytes, extension, threads);
        ASSERT_NE(split.scene, nullptr) << split.error;
        ExpectSameAnimations(*single.scene, *split.scene);
        ExpectSameNodes(*single.scene->mRootNode, *split.scene->mRootNode);
        EXPECT_EQ(ImportWarnings(*split.importer, extension).text(), singleWarnings.text());
    }
}

TEST(PsaThreads, SmallPsaIsTheSameForEveryThreadCount) {
    ExpectSameForEveryThreadCount(psa::MakePsa(psa::PsaOptions()), "psa");
}

TEST(PsaThreads, LargePsaIsTheSameForEveryThreadCount) {
    ExpectSameForEveryThreadCount(psa::MakeLargePsa(kLargeBones, kLargeFrames), "psa");
}

TEST(PsaThreads, LargePsaWithoutScaleKeysIsTheSameForEveryThreadCount) {
    std::vector<uint8_t> bytes = psa::MakeLargePsa(kLargeBones, kLargeFrames);
    // The SCALEKEYS chunk is last: cut it off (32-byte header, 16-byte records).
    bytes.resize(bytes.size() - 32 - size_t(kLargeBones) * kLargeFrames * 16);
    ExpectSameForEveryThreadCount(bytes, "psa");
}

TEST(PsaThreads, SparsePsaxIsTheSameForEveryThreadCount) {
    ExpectSameForEveryThreadCount(psa::MakePsax(psa::PsaxOptions()), "psax");
    ExpectSameForEveryThreadCount(psa::MakeLargePsax(64, 4000), "psax");
}

// Non-finite values in the keys of the last bone (the last thread's part) are counted there and
// reported in the one warning, with the same count, whatever the split.
TEST(PsaThreads, NonFiniteKeysInAHelperThreadsPartAreReportedOnce) {
    std::vector<uint8_t> bytes = psa::MakeLargePsa(kLargeBones, kLargeFrames);
    const size_t keysStart = 32 + 32 + kLargeBones * 120 + 32 + 168 + 32;
    const float infinity = std::numeric_limits<float>::infinity();
    const unsigned damagedFrames[] = {0, 7, kLargeFrames - 1};
    for (unsigned frame : damagedFrames) {
        const size_t record = keysStart + (size_t(frame) * kLargeBones + kLargeBones - 1) * 32;
        std::memcpy(&bytes[record + 4], &infinity, 4); // position y
    }
    for (int threads : {1, 2, 4}) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        const ThreadedImport result = ImportWithThreads(bytes, "psa", threads);
        ASSERT_NE(result.scene, nullptr) << result.error;
        const ImportWarnings warnings(*result.importer, "psa");
        const std::vector<agf::Warning> invalid =
            warnings.of(agf::WarningKind::InvalidValue, "ANIMKEYS");
        ASSERT_EQ(invalid.size(), 1u) << warnings.text();
        EXPECT_EQ(invalid[0].count, 1u);
        EXPECT_EQ(invalid[0].message,
                  "3 keys hold non-finite values; replaced by zero position / unit scale");
    }
    ExpectSameForEveryThreadCount(bytes, "psa");
}

// Damaged records are found by the parser, before any split: the import fails with the file,
// structure and byte offset of the damage, the same for every thread count.
TEST(PsaThreads, DamagedLargeFilesFailTheSameForEveryThreadCount) {
    const std::vector<uint8_t> whole = psa::MakeLargePsa(kLargeBones, kLargeFrames);
    std::vector<uint8_t> cut(whole.begin(), whole.begin() + whole.size() / 2);
    std::vector<uint8_t> wrongStride = whole;
    const size_t keysHeader = 32 + 32 + kLargeBones * 120 + 32 + 168;
    wrongStride[keysHeader + 24] = 31; // ANIMKEYS DataSize below the 32 bytes of a record
    for (const std::vector<uint8_t> *bytes : {&cut, &wrongStride}) {
        const ThreadedImport single = ImportWithThreads(*bytes, "psa", 1);
        if (single.scene == nullptr) {
            EXPECT_NE(single.error.find("ANIMKEYS at byte"), std::string::npos) << single.error;
        }
        for (int threads : {2, 4}) {
            const ThreadedImport split = ImportWithThreads(*bytes, "psa", threads);
            EXPECT_EQ(split.scene == nullptr, single.scene == nullptr);
            EXPECT_EQ(split.error, single.error);
            if (single.scene != nullptr && split.scene != nullptr) {
                ExpectSameAnimations(*single.scene, *split.scene);
            }
        }
    }
}

} // namespace
