/** @file UnrealMaterialFiles.cpp */
#include "UnrealMaterialFiles.h"

#include "Common/FileLoading.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"
#include "Common/Warnings.h"

#include <assimp/IOSystem.hpp>
#include <assimp/material.h>

#include <algorithm>
#include <filesystem>
#include <map>

namespace agf {

namespace {

/** How far up from the model's folder a package path is tried. */
constexpr int kMaxAncestorLevels = 8;
/** Sidecars are small text files; a bigger one is not what we are looking for. */
constexpr size_t kMaxSidecarSize = 4u << 20;

/** A package path without the object suffix and leading slash: "/Game/A/MI.MI" -> "Game/A/MI". */
std::string PackagePathOf(const std::string &path) {
    std::string result = path;
    const size_t slash = result.find_last_of('/');
    const size_t dot = result.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) {
        result.erase(dot);
    }
    while (!result.empty() && result.front() == '/') {
        result.erase(0, 1);
    }
    return result;
}

bool LooksLikeText(const std::vector<uint8_t> &bytes) {
    return std::none_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
}

std::string Normal(const std::string &path) {
    return std::filesystem::path(path).lexically_normal().generic_string();
}

} // namespace

std::vector<std::string> TextLines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find_first_of("\r\n", start);
        if (end == std::string::npos) {
            end = text.size();
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::vector<MatEntry> ParseMatFile(const std::string &text) {
    std::vector<MatEntry> entries;
    for (const std::string &line : TextLines(text)) {
        const size_t equals = line.find('=');
        if (equals == std::string::npos) {
            continue;
        }
        MatEntry entry{Trim(line.substr(0, equals)), Trim(line.substr(equals + 1))};
        if (!entry.key.empty()) {
            entries.push_back(std::move(entry));
        }
    }
    return entries;
}

std::string ObjectNameOf(const std::string &path) {
    std::string name = path;
    const size_t slash = name.find_last_of('/');
    if (slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    const size_t dot = name.find_last_of('.');
    if (dot != std::string::npos) {
        name.erase(0, dot + 1);
    }
    return name;
}

UnrealMaterialFiles::UnrealMaterialFiles(Assimp::IOSystem *io, const std::string &modelPath,
                                         Warnings &warnings)
    : mIo(io), mModelDir(DirectoryOf(modelPath)), mWarnings(warnings) {}

bool UnrealMaterialFiles::readText(const std::string &path, std::string &text) const {
    std::vector<uint8_t> bytes;
    if (!mIo->Exists(path)) {
        return false;
    }
    try {
        if (!ReadFileIfExists(mIo, path, bytes)) {
            return false;
        }
    } catch (const std::exception &error) {
        mWarnings.add(WarningKind::UnreadableFile, FileNameOf(path), "sidecar", 0,
                      std::string("ignored: ") + error.what());
        return false;
    }
    if (bytes.size() > kMaxSidecarSize || !LooksLikeText(bytes)) {
        mWarnings.add(WarningKind::UnreadableFile, FileNameOf(path), "sidecar", 0,
                      "not a text file; ignored");
        return false;
    }
    // Kept raw: ToUtf8 would turn the line breaks into '?'; values are converted one by one.
    text.assign(bytes.begin(), bytes.end());
    return true;
}

bool UnrealMaterialFiles::exists(const std::string &path) const {
    return !path.empty() && mIo->Exists(path);
}

/** mModelDir, then its parents, as path prefixes ("" stands for the working folder). */
std::vector<std::string> UnrealMaterialFiles::ancestors() const {
    std::vector<std::string> result;
    std::string dir = mModelDir;
    for (int level = 0; level <= kMaxAncestorLevels; ++level) {
        result.push_back(dir);
        dir += "../";
    }
    return result;
}

bool UnrealMaterialFiles::findMatFile(const std::string &materialName,
                                      const MaterialReference *reference,
                                      std::string &found) const {
    std::vector<std::string> names{materialName};
    if (reference != nullptr) {
        const std::string objectName = ObjectNameOf(reference->path);
        if (!objectName.empty() && objectName != materialName) {
            names.push_back(objectName);
        }
    }
    std::vector<std::string> candidates;
    for (const std::string &name : names) {
        candidates.push_back(mModelDir + name + ".mat");
        candidates.push_back(mModelDir + "../Material/" + name + ".mat");
        if (reference != nullptr && !reference->className.empty()) {
            candidates.push_back(mModelDir + "../" + reference->className + "/" + name + ".mat");
        }
    }
    if (reference != nullptr) {
        const std::string package = PackagePathOf(reference->path);
        if (package.find('/') != std::string::npos) {
            for (const std::string &prefix : ancestors()) {
                candidates.push_back(prefix + package + ".mat");
            }
        }
    }
    for (const std::string &candidate : candidates) {
        const std::string path = Normal(candidate);
        if (exists(path)) {
            found = path;
            return true;
        }
    }
    return false;
}

/** The texture file a .mat value names, relative to the model's folder, or the value as
 *  written when no file is found. */
std::string UnrealMaterialFiles::resolveTexture(const std::string &matDir,
                                                const std::string &value) const {
    static const char *const kExtensions[] = {".tga", ".png", ".dds", ".bmp", ".jpg", ""};
    std::vector<std::string> stems{matDir + value, matDir + "../Texture2D/" + value};
    const std::string package = PackagePathOf(value);
    if (package.find('/') != std::string::npos) {
        for (const std::string &prefix : ancestors()) {
            stems.push_back(prefix + package);
        }
    } else if (package != value) {
        stems.push_back(matDir + package);
    }
    for (const std::string &stem : stems) {
        for (const char *extension : kExtensions) {
            const std::string path = Normal(stem + extension);
            if (exists(path)) {
                const std::string base = mModelDir.empty() ? "." : mModelDir;
                return std::filesystem::path(path)
                    .lexically_relative(std::filesystem::path(base).lexically_normal())
                    .generic_string();
            }
        }
    }
    return value;
}

size_t UnrealMaterialFiles::addTextures(aiMaterial &material, const std::string &materialName,
                                        const MaterialReference *reference) const {
    std::string matPath;
    std::string text;
    if (!findMatFile(materialName, reference, matPath) || !readText(matPath, text)) {
        return 0;
    }
    const std::string matDir = DirectoryOf(matPath);
    const std::vector<MatEntry> entries = ParseMatFile(text);
    static const std::map<std::string, aiTextureType> kTypes = {
        {"diffuse", aiTextureType_DIFFUSE},   {"normal", aiTextureType_NORMALS},
        {"specular", aiTextureType_SPECULAR}, {"specpower", aiTextureType_SHININESS},
        {"opacity", aiTextureType_OPACITY},   {"emissive", aiTextureType_EMISSIVE},
        {"cube", aiTextureType_REFLECTION},   {"mask", aiTextureType_UNKNOWN},
    };
    std::map<aiTextureType, unsigned> nextIndex;
    size_t added = 0;
    for (const MatEntry &entry : entries) {
        std::string key = Lower(entry.key);
        if (key.compare(0, 5, "other") == 0) {
            key = "other";
        }
        const auto it = kTypes.find(key);
        const aiTextureType type = it != kTypes.end() ? it->second : aiTextureType_UNKNOWN;
        if (it == kTypes.end() && key != "other") {
            continue; // not a texture slot (e.g. a scalar written by a newer UEViewer)
        }
        if (entry.value.empty() || Lower(entry.value) == "none") {
            continue;
        }
        const aiString path(ToUtf8(resolveTexture(matDir, entry.value)));
        material.AddProperty(&path, _AI_MATKEY_TEXTURE_BASE, type, nextIndex[type]++);
        ++added;
    }
    return added;
}

} // namespace agf
