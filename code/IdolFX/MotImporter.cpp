/** @file MotImporter.cpp
 *  The Assimp importer for standalone MOT motions: a skeleton-only scene with the animation.
 *  `.mot` is also LightWave's motion extension (Assimp's LWS importer), so CanRead insists on
 *  the Idol FX layout and InternReadFile refuses LightWave files.
 */
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/ImporterBase.h"
#include "Common/Options.h"
#include "IdolFxImporterBase.h"
#include "IdolFxImporters.h"
#include "MotConverter.h"
#include "MotParser.h"

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cmath>
#include <cstring>

namespace agf::idolfx {

namespace {

const aiImporterDesc kMotDescription = {"Idol FX MOT motion (Nosferatu: The Wrath of Malachi)",
                                        "",
                                        "",
                                        "skeletal motion; alone it gives a skeleton-only scene",
                                        aiImporterFlags_SupportBinaryFlavour,
                                        0,
                                        0,
                                        0,
                                        0,
                                        "mot"};

constexpr size_t kSignatureBytes = 4096;

class MotImporter : public ImporterBase {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (GetExtension(file) != "mot") {
            return false;
        }
        const std::vector<uint8_t> start = ReadFileStart(io, file, kSignatureBytes);
        return LooksLikeMot(start.data(), start.size());
    }

    const aiImporterDesc *GetInfo() const override { return &kMotDescription; }

    void setupOptions(const Assimp::Importer *importer) override {
        mKeepNative = BoolOption(importer, AI_CONFIG_IMPORT_FXM_KEEP_NATIVE);
        mTicksPerSecond = FloatOption(importer, AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override {
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
        if (bytes.size() >= 4 && (std::memcmp(bytes.data(), "LWMO", 4) == 0 ||
                                  std::memcmp(bytes.data(), "LWSC", 4) == 0)) {
            ThrowImportError(FileNameOf(file), "header", 0,
                             "a LightWave motion/scene file, not an Idol FX MOT");
        }
        RequirePositiveFinite(FileNameOf(file), AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND,
                              mTicksPerSecond);
        const MotFile parsed = ParseMot(bytes.data(), bytes.size(), FileNameOf(file), warnings);
        MotConvertOptions options;
        options.fileName = file;
        options.convertToRightHanded = !mKeepNative;
        options.ticksPerSecond = mTicksPerSecond;
        ConvertMotScene(parsed, options, scene, warnings);
    }

private:
    bool mKeepNative = false;
    float mTicksPerSecond = 0.0f;
};

} // namespace

} // namespace agf::idolfx

namespace agf {

Assimp::BaseImporter *CreateMotImporter() {
    return new idolfx::MotImporter();
}

} // namespace agf
