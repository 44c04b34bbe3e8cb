/** @file StaticGallery.cpp */
#include "StaticGallery.h"

#include "ExitCodes.h"
#include "JsonWriter.h"
#include "ViewerAssets.h"
#include "ViewerModels.h"
#include "ViewerReport.h"
#include "ViewerTextures.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

bool WriteFile(const fs::path &path, const std::string &bytes) {
    std::error_code error;
    fs::create_directories(path.parent_path(), error);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        ReportError("view: cannot write " + path.string());
        return false;
    }
    return true;
}

// "0007-mlod_cube": the row number keeps names unique, the model's name keeps them readable.
std::string ModelFileStem(size_t index, const std::string &file) {
    std::string stem = std::to_string(index + 1);
    stem = std::string(stem.size() < 4 ? 4 - stem.size() : 0, '0') + stem + "-";
    const std::string name = file.substr(file.find_last_of('/') + 1);
    for (const char c : name.substr(0, name.find_last_of('.'))) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
        stem += plain ? c : '_';
    }
    return stem.substr(0, 64);
}

// The textures a model shows, as data: URLs (the only images WebGL takes on a file:// page).
std::string TextureDataUrls(const ViewerRoot &root, const ConvertedModel &model) {
    std::map<std::string, std::string> urls;
    for (const TextureReference &texture : model.textures) {
        if (!texture.lookup.viewable || urls.count(texture.lookup.file) != 0) {
            continue;
        }
        const ResolvedPath resolved = root.Resolve(texture.lookup.file);
        std::string bytes, mimeType, problem;
        if (resolved.check == PathCheck::Ok &&
            LoadTextureForPage(resolved.path, bytes, mimeType, problem)) {
            urls[texture.lookup.file] = "data:" + mimeType + ";base64," + Base64(bytes);
        }
    }
    JsonWriter json;
    json.BeginObject();
    for (const auto &[file, url] : urls) {
        json.Key(file).String(url);
    }
    json.EndObject();
    return json.text();
}

bool WritePageFiles(const fs::path &out) {
    for (const ViewerAsset &asset : ViewerAssets()) {
        const std::string bytes(reinterpret_cast<const char *>(asset.data), asset.size);
        if (!WriteFile(out / asset.name, bytes)) {
            return false;
        }
    }
    return true;
}

} // namespace

int WriteStaticGallery(const ViewerRoot &root, const std::vector<CatalogEntry> &catalog,
                       const ImportOptions &options, const std::string &title,
                       const fs::path &out) {
    if (!WritePageFiles(out)) {
        return kFailedToOpenOutputFile;
    }
    ModelConverter converter(root, options, catalog);
    std::vector<CatalogRow> rows;
    size_t failed = 0;
    for (size_t i = 0; i < catalog.size(); ++i) {
        const std::shared_ptr<ConvertedModel> model = converter.Convert(catalog[i], true);
        CatalogRow row;
        row.entry = catalog[i];
        row.state = model->ok ? CatalogRow::State::Ready : CatalogRow::State::Failed;
        row.counts = model->counts;
        row.error = model->error;
        row.boundMesh = model->boundMesh;
        const std::string stem = "models/" + ModelFileStem(i, catalog[i].file);
        row.script = stem + ".js";
        if (model->ok && !WriteFile(out / (stem + ".glb"), model->glb)) {
            return kFailedToOpenOutputFile;
        }
        const std::string script = "agfViewer.receiveModel(" + model->reportJson + ",\n\"" +
                                   Base64(model->glb) + "\",\n" + TextureDataUrls(root, *model) +
                                   ");\n";
        if (!WriteFile(out / row.script, script)) {
            return kFailedToOpenOutputFile;
        }
        failed += model->ok ? 0 : 1;
        std::printf("assimp view: [%zu/%zu] %s: %s\n", i + 1, catalog.size(),
                    catalog[i].file.c_str(), model->ok ? "ok" : model->error.c_str());
        rows.push_back(std::move(row));
    }
    CatalogHeader header;
    header.title = title;
    header.staticGallery = true;
    header.singleFile = root.isSingleFile();
    if (!WriteFile(out / "catalog.js",
                   "agfViewer.receiveCatalog(" + WriteCatalog(header, rows) + ");\n")) {
        return kFailedToOpenOutputFile;
    }
    std::printf("assimp view: wrote %s/index.html: %zu models, %zu failed to convert\n",
                out.string().c_str(), catalog.size(), failed);
    return kSuccess;
}

} // namespace agf::cli
