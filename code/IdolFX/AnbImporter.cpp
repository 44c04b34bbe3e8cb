/** @file AnbImporter.cpp
 *  The Assimp importer for ANB vertex-morph animations.
 */
#include "AnbConverter.h"
#include "AnbParser.h"
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/ImporterBase.h"
#include "Common/Options.h"
#include "IdolFxImporterBase.h"
#include "IdolFxImporters.h"

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cmath>

namespace agf::idolfx {

namespace {

const aiImporterDesc kAnbDescription = {"Idol FX ANB morph animation (Nosferatu)",
                                        "",
                                        "",
                                        "vertex-morph frames as anim meshes plus a morph animation",
                                        aiImporterFlags_SupportBinaryFlavour,
                                        0,
                                        0,
                                        0,
                                        0,
                                        "anb"};

class AnbImporter : public ImporterBase {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (GetExtension(file) != "anb") {
            return false;
        }
        // The size check needs the whole layout walk, so the whole file is read.
        std::vector<uint8_t> bytes;
        return ReadFileIfExists(io, file, bytes) && LooksLikeAnb(bytes.data(), bytes.size());
    }

    const aiImporterDesc *GetInfo() const override { return &kAnbDescription; }

    void setupOptions(const Assimp::Importer *importer) override {
        mKeepNative = BoolOption(importer, AI_CONFIG_IMPORT_FXM_KEEP_NATIVE);
        mFramesPerSecond = FloatOption(importer, AI_CONFIG_IMPORT_ANB_FPS);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override {
        RequirePositiveFinite(FileNameOf(file), AI_CONFIG_IMPORT_ANB_FPS, mFramesPerSecond);
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
        const AnbFile parsed = ParseAnb(bytes.data(), bytes.size(), FileNameOf(file), warnings);
        AnbConvertOptions options;
        options.fileName = file;
        options.inputBytes = bytes.size();
        options.convertToRightHanded = !mKeepNative;
        options.framesPerSecond = mFramesPerSecond;
        options.textureExists = TextureExistsNextTo(io, file);
        ConvertAnb(parsed, options, scene, warnings);
    }

private:
    bool mKeepNative = false;
    float mFramesPerSecond = 0.0f;
};

} // namespace

} // namespace agf::idolfx

namespace agf {

Assimp::BaseImporter *CreateAnbImporter() {
    return new idolfx::AnbImporter();
}

} // namespace agf
