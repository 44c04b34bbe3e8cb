/** @file PoserImporter.cpp
 *  The Assimp importer for Poser poses (PZ2, P2Z) and figures (CR2, CRZ). A pose is put on the
 *  CR2 next to it (or the one AI_CONFIG_IMPORT_PZ2_FIGURE names), else on a flat stand-in
 *  skeleton; a figure comes with its OBJ geometry when that can be found.
 */
#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/ImporterBase.h"
#include "Common/Options.h"
#include "Common/StringHelpers.h"
#include "PoserConverter.h"
#include "PoserGeometry.h"
#include "PoserGzip.h"
#include "PoserImporters.h"
#include "PoserParser.h"

#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

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

/** Reads, decompresses and parses one Poser file, checking that it is Poser text. */
PoserFile LoadPoserFile(Assimp::IOSystem *io, const std::string &path, Warnings &warnings) {
    const std::string name = FileNameOf(path);
    const std::vector<uint8_t> bytes = ReadWholeFile(io, path);
    const bool compressed = IsGzip(bytes.data(), bytes.size());
    if (!compressed && !LooksLikePoserText(bytes.data(), bytes.size())) {
        ThrowImportError(name, "file start", 0,
                         "not a Poser file: neither gzip (1F 8B) nor text starting with "
                         "'{ version'");
    }
    const std::string text = PoserTextOf(bytes, name, warnings);
    if (compressed &&
        !LooksLikePoserText(reinterpret_cast<const uint8_t *>(text.data()), text.size())) {
        ThrowImportError(name, "gzip content", 0,
                         "the decompressed text does not start with '{ version'");
    }
    return ParsePoser(text, name, warnings);
}

class PoserImporter : public ImporterBase {
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

    void setupOptions(const Assimp::Importer *importer) override {
        mPnuInMetres = FloatOption(importer, AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES);
        mFps = FloatOption(importer, AI_CONFIG_IMPORT_PZ2_FPS);
        mFigure = StringOption(importer, AI_CONFIG_IMPORT_PZ2_FIGURE);
        mNoFigure = BoolOption(importer, AI_CONFIG_IMPORT_PZ2_NO_FIGURE);
        mNoGeometry = BoolOption(importer, AI_CONFIG_IMPORT_PZ2_NO_GEOMETRY);
    }

protected:
    void importFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io,
                    Warnings &warnings) override {
        const std::string name = FileNameOf(file);
        const std::string extension = GetExtension(file);
        RequirePositiveFinite(name, AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES, mPnuInMetres);
        RequirePositiveFinite(name, AI_CONFIG_IMPORT_PZ2_FPS, mFps);
        const bool sideFiles = !IsMemoryFile(file);
        const PoserFile parsed = LoadPoserFile(io, file, warnings);

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
                loadGeometry(io, file, parsed, sideFiles, options.geometryFile, warnings);
            ConvertPoserScene(nullptr, &parsed, geometry.get(), options, scene, warnings);
            return;
        }
        const std::string figurePath = findFigure(io, file, sideFiles);
        if (figurePath.empty()) {
            ConvertPoserScene(&parsed, nullptr, nullptr, options, scene, warnings);
            return;
        }
        const PoserFile figure = LoadPoserFile(io, figurePath, warnings);
        options.figureFileName = figurePath;
        std::unique_ptr<aiScene> geometry =
            loadGeometry(io, figurePath, figure, sideFiles, options.geometryFile, warnings);
        ConvertPoserScene(&parsed, &figure, geometry.get(), options, scene, warnings);
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
                                          std::string &loadedPath, Warnings &warnings) const {
        if (!sideFiles || mNoGeometry || figure.geometryPaths.empty()) {
            return nullptr;
        }
        return LoadPoserGeometry(io, figurePath, figure.geometryPaths, loadedPath, warnings);
    }

    float mPnuInMetres = 0.0f;
    float mFps = 0.0f;
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
