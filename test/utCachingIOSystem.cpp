/** @file utCachingIOSystem.cpp
 *  CachingIOSystem asks the IOSystem it wraps about each path once, never opens a file known
 *  to be missing, and leaves writes alone.
 */
#include "Common/CachingIOSystem.h"

#include "Common/AssimpVersion.h"

#include "ForwardingIOSystem.h"
#include "TestSupport.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/IOStream.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

namespace {

class CountingIOSystem : public agf::test::ForwardingIOSystem {
public:
    bool Exists(const char *file) const override {
        ++exists[file];
        return ForwardingIOSystem::Exists(file);
    }
    Assimp::IOStream *Open(const char *file, const char *mode) override {
        ++opens[file];
        return ForwardingIOSystem::Open(file, mode);
    }
    mutable std::map<std::string, int> exists;
    std::map<std::string, int> opens;
};

TEST(CachingIOSystem, AsksAboutEachPathOnce) {
    const std::filesystem::path dir = agf::test::ScratchDir("caching_io");
    const std::string present = (dir / "present.txt").string();
    const std::string missing = (dir / "missing.txt").string();
    agf::test::WriteBytes(present, {'h', 'i'});
    CountingIOSystem counting;
    agf::CachingIOSystem files(counting);
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(files.Exists(present.c_str()));
        EXPECT_FALSE(files.Exists(missing.c_str()));
        EXPECT_EQ(files.Open(missing.c_str(), "rb"), nullptr);
        Assimp::IOStream *stream = files.Open(present.c_str(), "rb");
        ASSERT_NE(stream, nullptr);
        EXPECT_EQ(stream->FileSize(), 2u);
        files.Close(stream);
    }
    EXPECT_EQ(counting.exists[present], 1);
    EXPECT_EQ(counting.exists[missing], 1);
    // Where the loaded Assimp may report a missing file present, Exists also opens a file
    // reported present, once (the missing one too, when Assimp says it is there).
    const int confirmation = agf::AssimpNeeds(agf::AssimpRepair::DefaultIoExists) ? 1 : 0;
    EXPECT_LE(counting.opens[missing], confirmation) << "known missing: never opened for reading";
    EXPECT_EQ(counting.opens[present], 3 + confirmation)
        << "every read of a present file is a fresh stream";
}

TEST(CachingIOSystem, AFileReportedPresentMustOpenWhereAssimpMayReportMissingFilesPresent) {
    // Assimp 5.4's DefaultIOSystem::Exists tests an uninitialised stat buffer: this system
    // answers as it does when the buffer happens to describe a regular file.
    class SaysEveryFileExists : public agf::test::ForwardingIOSystem {
    public:
        bool Exists(const char *) const override { return true; }
    };
    const std::filesystem::path dir = agf::test::ScratchDir("caching_io_lying_exists");
    const std::string present = (dir / "present.txt").string();
    const std::string missing = (dir / "missing.txt").string();
    agf::test::WriteBytes(present, {'h', 'i'});
    SaysEveryFileExists lying;
    agf::CachingIOSystem files(lying);
    EXPECT_TRUE(files.Exists(present.c_str()));
    EXPECT_EQ(files.Exists(missing.c_str()), !agf::AssimpNeeds(agf::AssimpRepair::DefaultIoExists));
    for (const agf::AssimpVersion version :
         {agf::AssimpVersion{5, 2, 4}, agf::AssimpVersion{6, 0, 5}}) {
        EXPECT_FALSE(agf::AssimpNeeds(agf::AssimpRepair::DefaultIoExists, version))
            << version.text();
    }
    EXPECT_TRUE(agf::AssimpNeeds(agf::AssimpRepair::DefaultIoExists, agf::AssimpVersion{5, 4, 3}));
}

TEST(CachingIOSystem, AFailedReadMarksTheFileMissingAndWritesAreForwarded) {
    const std::filesystem::path dir = agf::test::ScratchDir("caching_io_write");
    const std::string path = (dir / "late.txt").string();
    CountingIOSystem counting;
    agf::CachingIOSystem files(counting);
    EXPECT_EQ(files.Open(path.c_str(), "rb"), nullptr);
    EXPECT_FALSE(files.Exists(path.c_str()));
    EXPECT_EQ(counting.exists[path], 0) << "the failed read answered it";
    // A write is forwarded and forgets what was known of the path.
    Assimp::IOStream *out = files.Open(path.c_str(), "wb");
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(out->Write("x", 1, 1), 1u);
    files.Close(out);
    EXPECT_TRUE(files.Exists(path.c_str()));
    EXPECT_EQ(counting.exists[path], 1);
}

} // namespace
