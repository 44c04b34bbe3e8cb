/** @file FxmImporter.cpp
 *  The Assimp importer for FXM meshes: reads the file, parses, converts, then loads MOT
 *  animations (explicit files and the sibling <name>.mot) onto the joints.
 */
#include "AnimationBinding.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "FxmConverter.h"
#include "FxmParser.h"
#include "IdolFxImporterBase.h"
#include "IdolFxImporters.h"
#include "MotConverter.h"
#include "MotParser.h"

#include <assimp/BaseImporter.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cmath>

namespace agf::idolfx {

namespace {

const aiImporterDesc kFxmDescription = {"Idol FX FXM mesh (Nosferatu: The Wrath of Malachi)",
                                        "",
                                        "",
                                        "static and skinned (keypose) meshes; loads a sibling .mot",
                                        aiImporterFlags_SupportBinaryFlavour,
                                        0,
                                        0,
                                        0,
                                        0,
                                        "fxm"};

// Enough for the header, a first joint or the first submesh header.
constexpr size_t kSignatureBytes = 4096;

class FxmImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (GetExtension(file) != "fxm") {
            return false;
        }
        const std::vector<uint8_t> start = ReadFileStart(io, file, kSignatureBytes);
        return LooksLikeFxm(start.data(), start.size());
    }

    const aiImporterDesc *GetInfo() const override { return &kFxmDescription; }

    void SetupProperties(const Assimp::Importer *importer) override {
        mKeepNative = importer->GetPropertyBool(AI_CONFIG_IMPORT_FXM_KEEP_NATIVE, false);
        mMotTicksPerSecond = importer->GetPropertyFloat(
            AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, static_cast<float>(kDefaultMotTicksPerSecond));
        mAnimationRequest = MakeAnimationLoadRequest(importer, std::string(), {"mot"},
                                                     AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD);
    }

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override {
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
        // The parser re-checks the signature (version, flag, plausible counts): Assimp skips
        // CanRead when only one importer claims the extension.
        const FxmFile parsed = ParseFxm(bytes.data(), bytes.size(), FileNameOf(file));
        FxmConvertOptions options;
        options.fileName = file;
        options.convertToRightHanded = !mKeepNative;
        options.textureExists = TextureExistsNextTo(io, file);
        ConvertFxm(parsed, options, scene);

        AnimationLoadRequest request = mAnimationRequest;
        request.meshPath = file;
        if (!mKeepNative && mMotTicksPerSecond == static_cast<float>(kDefaultMotTicksPerSecond)) {
            LoadAnimationsOntoScene(io, request, scene);
        } else {
            LoadAnimationsWithOwnMotOptions(io, request, scene);
        }
    }

private:
    // The animation-binding table converts MOT keys to right-handed at 1000 ticks/s and cannot
    // see this importer's options, so with KEEP_NATIVE or another tick rate the MOT files are
    // loaded here, in the scene's space; other formats still go through the table.
    void LoadAnimationsWithOwnMotOptions(Assimp::IOSystem *io, const AnimationLoadRequest &request,
                                         aiScene *scene) const {
        if (!(mMotTicksPerSecond > 0.0f) || !std::isfinite(mMotTicksPerSecond)) {
            ThrowImportError(FileNameOf(request.meshPath), "options", 0,
                             "AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND must be positive");
        }
        AnimationLoadRequest others = request;
        others.explicitFiles.clear();
        others.autoLoadExtensions.clear();
        std::vector<uint8_t> bytes;
        for (const std::string &listed : request.explicitFiles) {
            const std::string nextToMesh = DirectoryOf(request.meshPath) + listed;
            const std::string path = io->Exists(nextToMesh) ? nextToMesh : listed;
            if (ReadFileIfExists(io, path, bytes) && LooksLikeMot(bytes.data(), bytes.size())) {
                AddMotAnimationToScene(ParseMot(bytes.data(), bytes.size(), FileNameOf(path)), path,
                                       mMotTicksPerSecond, scene);
            } else {
                others.explicitFiles.push_back(listed); // the table reports what is wrong
            }
        }
        if (!request.autoLoadExtensions.empty()) {
            const std::string stem = StripExtension(request.meshPath);
            for (const std::string &sibling : {stem + ".mot", stem + ".MOT"}) {
                if (!ReadFileIfExists(io, sibling, bytes)) {
                    continue;
                }
                try {
                    AddMotAnimationToScene(
                        ParseMot(bytes.data(), bytes.size(), FileNameOf(sibling)), sibling,
                        mMotTicksPerSecond, scene);
                } catch (const std::exception &error) {
                    ASSIMP_LOG_WARN("Animation file ", sibling,
                                    " next to the mesh not loaded: ", error.what());
                }
                break;
            }
        }
        LoadAnimationsOntoScene(io, others, scene);
    }

    bool mKeepNative = false;
    float mMotTicksPerSecond = static_cast<float>(kDefaultMotTicksPerSecond);
    AnimationLoadRequest mAnimationRequest;
};

} // namespace

} // namespace agf::idolfx

namespace agf {

Assimp::BaseImporter *CreateFxmImporter() {
    return new idolfx::FxmImporter();
}

} // namespace agf
