// Idol FX scenes through Assimp's glb2 exporter and our fixed binary FBX exporter, read back by
// a plain Assimp importer; and `assimp export` on every generated kind and on the sample.
#include "utIdolFxSupport.h"

#include <assimp/Exporter.hpp>

#include <set>

namespace {

using namespace agf::test::idolfx;

const aiScene *ExportAndImport(const aiScene *scene, const char *format, const char *extension,
                               Assimp::Importer &reader, const std::string &scratch) {
    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter);
    const std::filesystem::path dir = agf::test::ScratchDir(scratch);
    const std::string path = (dir / (std::string("model.") + extension)).string();
    EXPECT_EQ(exporter.Export(scene, format, path), aiReturn_SUCCESS) << exporter.GetErrorString();
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure);
    EXPECT_NE(back, nullptr) << reader.GetErrorString();
    return back;
}

std::set<std::string> BoneNames(const aiScene *scene) {
    std::set<std::string> names;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
            names.insert(scene->mMeshes[m]->mBones[b]->mName.C_Str());
        }
    }
    return names;
}

// Position -> bone -> weight over every mesh.
std::map<std::tuple<int, int, int>, std::map<std::string, float>>
WeightsByPosition(const aiScene *scene) {
    std::map<std::tuple<int, int, int>, std::map<std::string, float>> result;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh *mesh = scene->mMeshes[m];
        const auto weights = WeightsByVertex(mesh);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D &p = mesh->mVertices[v];
            const auto key =
                std::make_tuple(int(std::lround(p.x * 1000)), int(std::lround(p.y * 1000)),
                                int(std::lround(p.z * 1000)));
            result[key] = weights[v];
        }
    }
    return result;
}

const aiNodeAnim *ChannelOf(const aiAnimation *animation, const std::string &node) {
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        if (node == animation->mChannels[c]->mNodeName.C_Str()) {
            return animation->mChannels[c];
        }
    }
    return nullptr;
}

// The position key nearest `seconds`, when one lies within 10 ms of it.
const aiVectorKey *PositionKeyAt(const aiAnimation *animation, const aiNodeAnim *channel,
                                 double seconds) {
    const double tps = animation->mTicksPerSecond > 0 ? animation->mTicksPerSecond : 1.0;
    for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
        if (std::fabs(channel->mPositionKeys[k].mTime / tps - seconds) < 0.01) {
            return &channel->mPositionKeys[k];
        }
    }
    return nullptr;
}

// The skinned FXM with its sibling MOT: skin, weights and the animation on the skin's joints.
void ExpectSkinnedAndAnimated(const aiScene *original, const aiScene *back) {
    EXPECT_EQ(BoneNames(back), BoneNames(original));
    const auto before = WeightsByPosition(original);
    const auto after = WeightsByPosition(back);
    ASSERT_EQ(after.size(), before.size());
    for (const auto &[position, weights] : before) {
        ASSERT_EQ(after.count(position), 1u);
        for (const auto &[bone, weight] : weights) {
            EXPECT_NEAR(after.at(position).at(bone), weight, 1e-4f) << bone;
        }
    }
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation *animation = back->mAnimations[0];
    const std::set<std::string> bones = BoneNames(back);
    unsigned onBones = 0;
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        onBones += bones.count(animation->mChannels[c]->mNodeName.C_Str());
    }
    EXPECT_EQ(onBones, 4u);
    const gen::MotSpec spec = gen::ChainMotSpec(4);
    const aiNodeAnim *root = ChannelOf(animation, spec.tracks[0].name);
    ASSERT_NE(root, nullptr);
    for (const gen::MotVectorKeySpec &key : spec.tracks[0].positions) {
        const aiVectorKey *actual = PositionKeyAt(animation, root, key.time);
        ASSERT_NE(actual, nullptr) << key.time;
        EXPECT_TRUE(Near(actual->mValue, Converted(key.value), 1e-3f)) << key.time;
    }
}

const aiScene *ImportChain4WithMotion(Assimp::Importer &importer) {
    const std::filesystem::path fxm = agf::test::TestModelsDir() / "idolfx" / "keypose_chain4.fxm";
    const aiScene *scene = importer.ReadFile(fxm.string(), aiProcess_ValidateDataStructure);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    return scene;
}

TEST(IdolFxRoundTrip, SkinnedFxmWithMotionThroughGlb2) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportChain4WithMotion(*importer);
    ASSERT_NE(scene, nullptr);
    Assimp::Importer reader;
    const aiScene *back = ExportAndImport(scene, "glb2", "glb", reader, "idolfx_glb_skinned");
    ASSERT_NE(back, nullptr);
    ExpectSkinnedAndAnimated(scene, back);
}

TEST(IdolFxRoundTrip, SkinnedFxmWithMotionThroughBinaryFbx) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportChain4WithMotion(*importer);
    ASSERT_NE(scene, nullptr);
    Assimp::Importer reader;
    const aiScene *back = ExportAndImport(scene, "fbx", "fbx", reader, "idolfx_fbx_skinned");
    ASSERT_NE(back, nullptr);
    ExpectSkinnedAndAnimated(scene, back);
}

// The morph frames survive as anim meshes; Assimp 5.2.5's exporters do not write the morph
// weight animation (aiMeshMorphAnim), so the frame order and rate are lost on the way.
/** The target of `mesh` that came back as `target`: the one with its name, or with the name
 *  Assimp's FBX reader gives it (FbxReaderTargetName; 5.4.3's reader also reorders a mesh's
 *  targets), else the one at the same index. */
const aiAnimMesh *TwinTarget(const aiMesh &mesh, const aiAnimMesh &target, unsigned index) {
    for (const std::string &name : {std::string(target.mName.C_Str()),
                                    agf::test::FbxReaderTargetName(target.mName.C_Str())}) {
        for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
            if (name == mesh.mAnimMeshes[t]->mName.C_Str()) {
                return mesh.mAnimMeshes[t];
            }
        }
    }
    return index < mesh.mNumAnimMeshes ? mesh.mAnimMeshes[index] : nullptr;
}

void ExpectMorphFrames(const aiScene *original, const aiScene *back) {
    ASSERT_EQ(back->mNumMeshes, original->mNumMeshes);
    for (unsigned m = 0; m < original->mNumMeshes; ++m) {
        const aiMesh *mesh = original->mMeshes[m];
        // Meshes may come back in another order, and FBX un-welds vertices: match meshes by
        // face count and first vertex, and vertices by position (copies of one position share
        // their frame positions).
        const aiMesh *twin = nullptr;
        for (unsigned n = 0; n < back->mNumMeshes; ++n) {
            const aiMesh *candidate = back->mMeshes[n];
            if (candidate->mNumFaces == mesh->mNumFaces &&
                FindVertex(candidate, mesh->mVertices[0], 1e-4f) >= 0) {
                twin = candidate;
            }
        }
        ASSERT_NE(twin, nullptr) << "mesh " << m;
        ASSERT_EQ(twin->mNumAnimMeshes, mesh->mNumAnimMeshes);
        for (unsigned f = 0; f < mesh->mNumAnimMeshes; ++f) {
            const aiAnimMesh *frame = TwinTarget(*twin, *mesh->mAnimMeshes[f], f);
            ASSERT_NE(frame, nullptr) << "frame " << f + 1;
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const int w = FindVertex(twin, mesh->mVertices[v]);
                ASSERT_GE(w, 0);
                EXPECT_TRUE(Near(frame->mVertices[w], mesh->mAnimMeshes[f]->mVertices[v], 1e-4f))
                    << "frame " << f + 1 << " vertex " << v;
            }
        }
    }
}

TEST(IdolFxRoundTrip, AnbMorphFramesThroughGlb2AndFbx) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteAnb(gen::TwoSubmeshAnbSpec()), "anb");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    Assimp::Importer glbReader;
    const aiScene *glb = ExportAndImport(scene, "glb2", "glb", glbReader, "idolfx_glb_anb");
    ASSERT_NE(glb, nullptr);
    ExpectMorphFrames(scene, glb);
    // The frames' timing survives through the root channel: 3 frames at 24 per second.
    ASSERT_EQ(glb->mNumAnimations, 1u);
    EXPECT_NEAR(glb->mAnimations[0]->mDuration / glb->mAnimations[0]->mTicksPerSecond, 3.0 / 24,
                1e-3);
    Assimp::Importer fbxReader;
    const aiScene *fbx = ExportAndImport(scene, "fbx", "fbx", fbxReader, "idolfx_fbx_anb");
    ASSERT_NE(fbx, nullptr);
    ExpectMorphFrames(scene, fbx);
}

TEST(IdolFxRoundTrip, StaticSubmeshesAndSecondUvSetThroughGlb2) {
    auto importer = agf::test::MakeImporter();
    const aiScene *scene = ImportBytes(*importer, gen::WriteFxm(gen::StaticFxmSpec(3, 2)), "fxm");
    ASSERT_NE(scene, nullptr) << importer->GetErrorString();
    Assimp::Importer reader;
    const aiScene *back = ExportAndImport(scene, "glb2", "glb", reader, "idolfx_glb_static");
    ASSERT_NE(back, nullptr);
    ASSERT_EQ(back->mNumMeshes, 3u);
    unsigned withSecondUv = 0;
    for (unsigned m = 0; m < back->mNumMeshes; ++m) {
        EXPECT_EQ(back->mMeshes[m]->mNumFaces, 12u);
        withSecondUv += back->mMeshes[m]->HasTextureCoords(1) ? 1 : 0;
    }
    EXPECT_EQ(withSecondUv, 1u);
}

// ------------------------------------------------------------------------------------------------
// The assimp command

int RunCli(const std::filesystem::path &dir, const std::string &args) {
    return agf::test::RunCli(dir, args).exitCode;
}

TEST(IdolFxCli, ExportWorksOnEveryGeneratedKindAndTheSample) {
    const std::filesystem::path dir = agf::test::ScratchDir("idolfx_cli_export");
    std::vector<std::filesystem::path> inputs;
    for (const auto &entry :
         std::filesystem::directory_iterator(agf::test::TestModelsDir() / "idolfx")) {
        inputs.push_back(entry.path());
    }
    const std::filesystem::path sample = agf::test::SamplePath("fxm/chest2_top__assimp.fxm");
    if (!sample.empty()) {
        inputs.push_back(sample);
    }
    ASSERT_GE(inputs.size(), 8u);
    for (const auto &input : inputs) {
        for (const char *extension : {"glb", "fbx"}) {
            const std::filesystem::path output =
                dir / (input.filename().string() + "." + extension);
            EXPECT_EQ(RunCli(dir, "export " + agf::test::ShellQuote(input.string()) + " " +
                                      agf::test::ShellQuote(output.string())),
                      0)
                << input << " -> " << extension;
            EXPECT_GT(std::filesystem::file_size(output), 0u) << output;
            if (input.extension() == ".mot") {
                continue; // skeleton only: Assimp's glTF/FBX readers want a mesh
            }
            Assimp::Importer reader;
            EXPECT_NE(reader.ReadFile(output.string(), aiProcess_ValidateDataStructure), nullptr)
                << output << ": " << reader.GetErrorString();
        }
    }
}

TEST(IdolFxCli, AnimOptionAcceptsMot) {
    const std::filesystem::path dir = agf::test::ScratchDir("idolfx_cli_anim");
    agf::test::WriteBytes(dir / "ghoul.fxm", gen::WriteFxm(gen::KeyposeFxmSpec(4)));
    agf::test::WriteBytes(dir / "moves" / "walk.mot", gen::WriteMot(gen::ChainMotSpec(4)));
    ASSERT_EQ(RunCli(dir, "export ghoul.fxm ghoul.glb --anim moves/walk.mot"), 0);
    Assimp::Importer reader;
    const aiScene *back =
        reader.ReadFile((dir / "ghoul.glb").string(), aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, 1u);
    EXPECT_EQ(back->mAnimations[0]->mNumChannels, 4u);
}

} // namespace
