/** @file MotImporter.cpp
 *  The Assimp importer for standalone MOT motions: a skeleton-only scene with the animation.
 *  `.mot` is also LightWave's motion extension (Assimp's LWS importer), so CanRead insists on
 *  the Idol FX layout and InternReadFile refuses LightWave files.
 */
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
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

class MotImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (GetExtension(file) != "mot") {
            return false;
        }
        const std::vector<uint8_t> start = ReadFileStart(io, file, kSignatureBytes);
        return LooksLikeMot(start.data(), start.size());
    }

    const aiImporterDesc *GetInfo() const override { return &kMotDescription; }

    void SetupProperties(const Assimp::Importer *importer) override {
        mKeepNative = importer->GetPropertyBool(AI_CONFIG_IMPORT_FXM_KEEP_NATIVE, false);
        mTicksPerSecond = importer->GetPropertyFloat(AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND,
                                                     static_cast<float>(kDefaultMotTicksPerSecond));
    }

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override {
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file);
        if (bytes.size() >= 4 && (std::memcmp(bytes.data(), "LWMO", 4) == 0 ||
                                  std::memcmp(bytes.data(), "LWSC", 4) == 0)) {
            ThrowImportError(FileNameOf(file), "header", 0,
                             "a LightWave motion/scene file, not an Idol FX MOT");
        }
        if (!(mTicksPerSecond > 0.0f) || !std::isfinite(mTicksPerSecond)) {
            ThrowImportError(FileNameOf(file), "options", 0,
                             "AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND must be positive");
        }
        const MotFile parsed = ParseMot(bytes.data(), bytes.size(), FileNameOf(file));
        MotConvertOptions options;
        options.fileName = file;
        options.convertToRightHanded = !mKeepNative;
        options.ticksPerSecond = mTicksPerSecond;
        ConvertMotScene(parsed, options, scene);
    }

private:
    bool mKeepNative = false;
    float mTicksPerSecond = static_cast<float>(kDefaultMotTicksPerSecond);
};

} // namespace

} // namespace agf::idolfx

namespace agf {

Assimp::BaseImporter *CreateMotImporter() {
    return new idolfx::MotImporter();
}

} // namespace agf
