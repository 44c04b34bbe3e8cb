// `assimp batch` gives each import its share of the cores (tools/assimp/JobThreads.*, #18):
// jobs already run side by side, and helper threads on top of them cost more than they gain.
#include "JobThreads.h"

#include <assimp_gameformats/ImportOptions.h>

#include <gtest/gtest.h>

using agf::cli::ImportThreadsPerJob;
using agf::cli::PropertySetting;
using agf::cli::ShareCoresBetweenJobs;

TEST(BatchJobThreads, EachJobGetsItsShareOfTheCoresAtLeastOneAtMostTheImportDefault) {
    EXPECT_EQ(ImportThreadsPerJob(2, 2), 1u);
    EXPECT_EQ(ImportThreadsPerJob(2, 8), 1u); // more jobs than cores
    EXPECT_EQ(ImportThreadsPerJob(8, 2), 4u);
    EXPECT_EQ(ImportThreadsPerJob(12, 4), 3u);
    EXPECT_EQ(ImportThreadsPerJob(7, 2), 3u); // rounded down: never more threads than cores
    EXPECT_EQ(ImportThreadsPerJob(64, 2), unsigned{AI_GAMEFORMATS_DEFAULT_MAX_THREADS});
    EXPECT_EQ(ImportThreadsPerJob(4, 0), 4u); // no job count: the whole machine
}

TEST(BatchJobThreads, SetOnlyWhenJobsShareTheMachineAndTheUserChoseNothing) {
    std::vector<PropertySetting> properties = {{AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, "1"}};
    ShareCoresBetweenJobs(properties, 8, 1); // one job: the import's own default
    EXPECT_EQ(properties.size(), 1u);

    ShareCoresBetweenJobs(properties, 8, 4);
    ASSERT_EQ(properties.size(), 2u);
    EXPECT_EQ(properties[1].key, AI_CONFIG_IMPORT_GAMEFORMATS_THREADS);
    EXPECT_EQ(properties[1].value, "2");

    std::vector<PropertySetting> chosen = {{AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, "3"}};
    ShareCoresBetweenJobs(chosen, 2, 2);
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen[0].value, "3");
}
