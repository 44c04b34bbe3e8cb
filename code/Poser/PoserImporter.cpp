/** @file PoserImporter.cpp
 *  The Assimp importer for Poser poses (PZ2, P2Z) and figures (CR2, CRZ). A pose is put on the
 *  CR2 next to it (or the one AI_CONFIG_IMPORT_PZ2_FIGURE names), else on a flat stand-in
 *  skeleton; a figure comes with its OBJ geometry when that can be found.
 */
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/StringHelpers.h"
#include "PoserConverter.h"
#include "PoserGeometry.h"
#include "PoserGzip.h"
#include "PoserImporters.h"
#include "PoserParser.h"

#include <assimp/BaseImporter.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cmath>
#include <memory>

namespace agf::poser {

namespace {

const aiImporterDesc kPoserDescription = {
    "Poser pose and figure (PZ2, P2Z, CR2, CRZ)",
    "",
    "",
    "pose as an animation on the figure's skeleton (or a flat stand-in); figure skeleton with "
    "its OBJ geometry bound rigidly to the bones",
    aiImporterFlags_SupportTextFlavour | aiImporterFlags_SupportCompressedFlavour,
    0,
    0,
    0,
    0,
    "pz2 p2z cr2 crz"};

/** Enough for a UTF-8 byte order mark, white space and "{ version". */
constexpr size_t kSignatureBytes = 256;

bool IsPoserExtension(const std::string &extension) {
    return extension == "pz2" || extension == "p2z" || extension == "cr2" || extension == "crz";
}

bool IsFigureExtension(const std::string &extension) {
    return extension == "cr2" || extension == "crz";
}

std::string Upper(std::string text) {
    for (char &c : text) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return text;
}

bool IsAbsolutePath(const std::string &path) {
    return (!path.empty() && (path.front() == '/' || path.front() == '\\')) ||
           (path.size() >= 3 && path[1] == ':' && (path[2] == '\\' || path[2] == '/'));
}

/** Reads, decompresses and parses one Poser file, checking that it is Poser text. */
PoserFile LoadPoserFile(Assimp::IOSystem *io, const std::string &path) {
    const std::string name = FileNameOf(path);
    const std::vector<uint8_t> bytes = ReadWholeFile(io, path);
    const bool compressed = IsGzip(bytes.data(), bytes.size());
    if (!compressed && !LooksLikePoserText(bytes.data(), bytes.size())) {
        ThrowImportError(name, "file start", 0,
                         "not a Poser file: neither gzip (1F 8B) nor text starting with "
                         "'{ version'");
    }
    const std::string text = PoserTextOf(bytes, name);
    if (compressed &&
        !LooksLikePoserText(reinterpret_cast<const uint8_t *>(text.data()), text.size())) {
        ThrowImportError(name, "gzip content", 0,
                         "the decompressed text does not start with '{ version'");
    }
    return ParsePoser(text, name);
}

class PoserImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        if (!IsPoserExtension(GetExtension(file))) {
            return false;
        }
        uint8_t start[kSignatureBytes];
        const size_t size = ReadFileStart(io, file, start, sizeof start);
        return IsGzip(start, size) || LooksLikePoserText(start, size);
    }

    const aiImporterDesc *GetInfo() const override { return &kPoserDescription; }

    void SetupProperties(const Assimp::Importer *importer) override {
        mPnuInMetres = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES,
                                                  static_cast<float>(kDefaultPnuInMetres));
        mFps = importer->GetPropertyFloat(AI_CONFIG_IMPORT_PZ2_FPS,
                                          static_cast<float>(kDefaultPoseFps));
        mFigure = importer->GetPropertyString(AI_CONFIG_IMPORT_PZ2_FIGURE, "");
        mNoFigure = importer->GetPropertyBool(AI_CONFIG_IMPORT_PZ2_NO_FIGURE, false);
        mNoGeometry = importer->GetPropertyBool(AI_CONFIG_IMPORT_PZ2_NO_GEOMETRY, false);
    }

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override {
        const std::string name = FileNameOf(file);
        const std::string extension = GetExtension(file);
        if (!(mPnuInMetres > 0.0f) || !std::isfinite(mPnuInMetres)) {
            ThrowImportError(name, "options", 0,
                             "AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES must be a positive number");
        }
        if (!(mFps > 0.0f) || !std::isfinite(mFps)) {
            ThrowImportError(name, "options", 0, "AI_CONFIG_IMPORT_PZ2_FPS must be positive");
        }
        const bool sideFiles = !IsMemoryFile(file);
        const PoserFile parsed = LoadPoserFile(io, file);

        PoserConvertOptions options;
        options.fileName = file;
        options.pnuInMetres = mPnuInMetres;
        options.framesPerSecond = mFps;
        // Defaults to a pose: only the figure extensions say otherwise.
        const bool isFigure = IsFigureExtension(extension);
        options.formatName = std::string(isFigure ? "Poser figure (" : "Poser pose (") +
                             Upper(extension.empty() ? std::string("PZ2") : extension) + ")";

        if (isFigure) {
            options.figureFileName = file;
            std::unique_ptr<aiScene> geometry =
                loadGeometry(io, file, parsed, sideFiles, options.geometryFile);
            ConvertPoserScene(nullptr, &parsed, geometry.get(), options, scene);
            return;
        }
        const std::string figurePath = findFigure(io, file, sideFiles);
        if (figurePath.empty()) {
            ConvertPoserScene(&parsed, nullptr, nullptr, options, scene);
            return;
        }
        const PoserFile figure = LoadPoserFile(io, figurePath);
        options.figureFileName = figurePath;
        std::unique_ptr<aiScene> geometry =
            loadGeometry(io, figurePath, figure, sideFiles, options.geometryFile);
        ConvertPoserScene(&parsed, &figure, geometry.get(), options, scene);
    }

private:
    std::string findFigure(Assimp::IOSystem *io, const std::string &posePath,
                           bool sideFiles) const {
        if (!mFigure.empty()) {
            const std::string path =
                IsAbsolutePath(mFigure) ? mFigure : DirectoryOf(posePath) + mFigure;
            if (!io->Exists(path.c_str())) {
                ThrowImportError(FileNameOf(posePath), "options", 0,
                                 "AI_CONFIG_IMPORT_PZ2_FIGURE names " + path +
                                     ", which does not exist");
            }
            return path;
        }
        if (!sideFiles || mNoFigure) {
            return std::string();
        }
        for (const char *extension : {".cr2", ".crz", ".CR2", ".CRZ"}) {
            const std::string candidate = StripExtension(posePath) + extension;
            if (io->Exists(candidate.c_str())) {
                return candidate;
            }
        }
        return std::string();
    }

    std::unique_ptr<aiScene> loadGeometry(Assimp::IOSystem *io, const std::string &figurePath,
                                          const PoserFile &figure, bool sideFiles,
                                          std::string &loadedPath) const {
        if (!sideFiles || mNoGeometry || figure.geometryPaths.empty()) {
            return nullptr;
        }
        return LoadPoserGeometry(io, figurePath, figure.geometryPaths, loadedPath);
    }

    float mPnuInMetres = static_cast<float>(kDefaultPnuInMetres);
    float mFps = static_cast<float>(kDefaultPoseFps);
    std::string mFigure;
    bool mNoFigure = false;
    bool mNoGeometry = false;
};

} // namespace

} // namespace agf::poser

namespace agf {

Assimp::BaseImporter *CreatePoserImporter() {
    return new poser::PoserImporter();
}

} // namespace agf
