// The axes our FBX files declare: a whole right-handed axis system for the axes the file's data
// is in.
#include "TestSupport.h"

#include "Export/FbxAxes.h"
#include "PskModels.h"

#include <assimp/Exporter.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <set>

namespace {

namespace gen = agf::testgen::psk;

int32_t IntKey(const aiScene *scene, const char *key) {
    int32_t value = -100;
    if (scene->mMetaData == nullptr || !scene->mMetaData->Get(key, value)) {
        ADD_FAILURE() << "no int32 " << key;
    }
    return value;
}

/** The skinned box (a Z-up PSK) through our FBX writer and back through Assimp's FBX reader. */
struct FbxRoundTrip {
    std::unique_ptr<Assimp::Importer> first = agf::test::MakeImporter();
    Assimp::Importer second;
    const aiScene *back = nullptr;

    explicit FbxRoundTrip(bool turnRootToYUp) {
        first->SetPropertyBool(AI_CONFIG_IMPORT_PSK_YUP, turnRootToYUp);
        const std::vector<uint8_t> psk = gen::WritePsk(gen::SkinnedBox());
        const aiScene *scene = first->ReadFileFromMemory(psk.data(), psk.size(),
                                                         aiProcess_ValidateDataStructure, "psk");
        EXPECT_NE(scene, nullptr) << first->GetErrorString();
        if (scene == nullptr) {
            return;
        }
        Assimp::Exporter exporter;
        agf::RegisterExporters(exporter);
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "fbx");
        EXPECT_NE(blob, nullptr) << exporter.GetErrorString();
        if (blob == nullptr) {
            return;
        }
        back = second.ReadFileFromMemory(blob->data, blob->size, aiProcess_ValidateDataStructure,
                                         "fbx");
        EXPECT_NE(back, nullptr) << second.GetErrorString();
    }
};

void ExpectValidAxisSystem(const aiScene *scene) {
    const std::set<int32_t> axes{IntKey(scene, "UpAxis"), IntKey(scene, "FrontAxis"),
                                 IntKey(scene, "CoordAxis")};
    EXPECT_EQ(axes, (std::set<int32_t>{0, 1, 2})) << "up, front and coord on three axes";
    // A reader that applies the axes (Assimp 6.0) must get an invertible root from them.
    EXPECT_GT(std::abs(scene->mRootNode->mTransformation.Determinant()), 1e-9f);
}

TEST(FbxAxes, AZUpFileDeclaresZUpWithFrontMinusYWhetherItsRootWasTurnedOrNot) {
    // Assimp's writer leaves out the root's own transform: the data in the file is the PSK's,
    // Z-up, either way.
    for (const bool turned : {true, false}) {
        SCOPED_TRACE(turned);
        const FbxRoundTrip trip(turned);
        ASSERT_NE(trip.back, nullptr);
        ExpectValidAxisSystem(trip.back);
        EXPECT_EQ(IntKey(trip.back, "UpAxis"), 2);
        EXPECT_EQ(IntKey(trip.back, "UpAxisSign"), 1);
        EXPECT_EQ(IntKey(trip.back, "FrontAxis"), 1);
        EXPECT_EQ(IntKey(trip.back, "FrontAxisSign"), -1);
        EXPECT_EQ(IntKey(trip.back, "CoordAxis"), 0);
        EXPECT_EQ(IntKey(trip.back, "CoordAxisSign"), 1);
    }
}

TEST(FbxAxes, ScenesOfOtherImportersAreLeftAsTheyAre) {
    aiScene scene;
    scene.mMetaData = aiMetadata::Alloc(1);
    scene.mMetaData->Set(0, "UpAxis", int32_t(2));
    agf::DeclareFbxAxes(scene);
    EXPECT_EQ(scene.mMetaData->mNumProperties, 1u);
    EXPECT_EQ(IntKey(&scene, "UpAxis"), 2);
}

} // namespace
