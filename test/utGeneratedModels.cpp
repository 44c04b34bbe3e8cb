// The committed test models must be exactly what the generators write today, so that a
// change to a generator cannot silently leave stale files behind.
#include "TestSupport.h"

#include "GeneratedModels.h"

#include <set>

TEST(GeneratedModels, CommittedCopiesMatchTheGenerators) {
    const auto models = agf::testgen::AllGeneratedModels();
    for (const auto &model : models) {
        const std::filesystem::path path = agf::test::TestModelsDir() / model.relativePath;
        ASSERT_TRUE(std::filesystem::exists(path))
            << model.relativePath << " is missing: run build/bin/agf_generate test_models";
        EXPECT_TRUE(agf::test::ReadBytes(path) == model.make())
            << model.relativePath << " differs from its generator: run "
            << "build/bin/agf_generate test_models and commit the result";
    }
}

TEST(GeneratedModels, PathsAreUniqueAndSmall) {
    std::set<std::string> paths;
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        EXPECT_TRUE(paths.insert(model.relativePath).second) << model.relativePath;
        EXPECT_LE(model.make().size(), 64u * 1024u) << model.relativePath << " is too large";
    }
}
