/** @file FxmImporter.cpp
 *  The Assimp importer for FXM meshes: reads the file, parses, converts, then loads MOT
 *  animations (explicit files and the sibling <name>.mot) onto the joints.
 */
#include "Common/AnimationBinding.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/ImporterBase.h"
#include "Common/Options.h"
#include "FxmConverter.h"
#include "FxmParser.h"
#include "IdolFxImporterBase.h"
#include "IdolFxImporters.h"

#include <assimp/BaseImporter.h>
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

class FxmImporter : public ImporterBase {
public:
    explicit FxmImporter(const AnimationLoaderTable &animationLoaders)
        : mAnimationLoaders(animationLoaders) {}

    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (GetExtension(file) != "fxm") {
            return false;
        }
        const std::vector<uint8_t> start = ReadFileStart(io, file, kSignatureBytes);
        return LooksLikeFxm(start.data(), start.size());
    }

    const aiImporterDesc *GetInfo() const override { return &kFxmDescription; }

    void setupOptions(const Assimp::Importer *importer) override {
        mKeepNative = BoolOption(importer, AI_CONFIG_IMPORT_FXM_KEEP_NATIVE);
        mMotTicksPerSecond = FloatOption(importer, AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND);
        mAnimationRequest =
            MakeAnimationLoadRequest(importer, {"mot"}, AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override {
        // Checked here too: a bad rate must fail the import, not just skip the sibling MOT.
        RequirePositiveFinite(FileNameOf(file), AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND,
                              mMotTicksPerSecond);
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
        // The parser re-checks the signature (version, flag, plausible counts): Assimp skips
        // CanRead when only one importer claims the extension.
        const FxmFile parsed = ParseFxm(bytes.data(), bytes.size(), FileNameOf(file), warnings);
        FxmConvertOptions options;
        options.fileName = file;
        options.convertToRightHanded = !mKeepNative;
        options.textureExists = TextureExistsNextTo(io, file);
        ConvertFxm(parsed, options, scene, warnings);

        AnimationLoadRequest request = mAnimationRequest;
        // The motions drive this skeleton, in the space it was built in.
        request.context.targetRightHanded = options.convertToRightHanded;
        LoadAnimationsOfImport(request, file, io, warnings, mAnimationLoaders, scene);
    }

private:
    const AnimationLoaderTable &mAnimationLoaders;
    bool mKeepNative = false;
    float mMotTicksPerSecond = 0.0f;
    AnimationLoadRequest mAnimationRequest;
};

} // namespace

} // namespace agf::idolfx

namespace agf {

Assimp::BaseImporter *CreateFxmImporter(const AnimationLoaderTable &animationLoaders) {
    return new idolfx::FxmImporter(animationLoaders);
}

} // namespace agf
