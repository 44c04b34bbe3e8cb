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
/** How long a Parent chain is followed; a longer one is a loop or a damaged dump. */
constexpr size_t kMaxParentDepth = 8;
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

const std::vector<std::string> kImageExtensions = {".tga", ".png", ".dds", ".bmp", ".jpg"};

/** UE Viewer's class folders for materials, after the one a reference names. */
std::vector<std::string> MaterialClassFolders(const MaterialReference *reference) {
    std::vector<std::string> folders;
    if (reference != nullptr && !reference->className.empty()) {
        folders.push_back(reference->className);
    }
    for (const char *folder : {"Material3", "Material", "MaterialInstanceConstant",
                               "MaterialInstanceTimeVarying", "MaterialInstance"}) {
        if (folders.empty() || !EqualsIgnoreCase(folders.front(), folder)) {
            folders.emplace_back(folder);
        }
    }
    return folders;
}

/** The texture type of a .mat key; false for a key that is not a texture slot (a scalar that
 *  a newer UE Viewer writes). */
bool MatKeyTextureType(const std::string &key, aiTextureType &type) {
    static const std::map<std::string, aiTextureType> kTypes = {
        {"diffuse", aiTextureType_DIFFUSE},   {"normal", aiTextureType_NORMALS},
        {"specular", aiTextureType_SPECULAR}, {"specpower", aiTextureType_SHININESS},
        {"opacity", aiTextureType_OPACITY},   {"emissive", aiTextureType_EMISSIVE},
        {"cube", aiTextureType_REFLECTION},   {"mask", aiTextureType_UNKNOWN},
        {"other", aiTextureType_UNKNOWN},
    };
    std::string lower = Lower(key);
    if (lower.compare(0, 5, "other") == 0) {
        lower = "other";
    }
    const auto it = kTypes.find(lower);
    if (it == kTypes.end()) {
        return false;
    }
    type = it->second;
    return true;
}

bool LooksLikeText(const std::vector<uint8_t> &bytes) {
    return std::none_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
}

std::string Normal(const std::string &path) {
    return std::filesystem::path(path).lexically_normal().generic_string();
}

} // namespace

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

UnrealMaterialFiles::UnrealMaterialFiles(Assimp::IOSystem *io, const std::string &modelPath,
                                         Warnings &warnings, std::vector<std::string> textureRoots)
    : mIo(io), mModelDir(DirectoryOf(modelPath)), mWarnings(warnings),
      mTree(io, modelPath, std::move(textureRoots)) {}

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
    return IsReadableFile(*mIo, path);
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

bool UnrealMaterialFiles::findMaterialFile(const std::string &materialName,
                                           const MaterialReference *reference,
                                           const std::string &extension, std::string &found) const {
    std::vector<std::string> names{materialName};
    if (reference != nullptr) {
        const std::string objectName = ObjectNameOf(reference->path);
        if (!objectName.empty() && objectName != materialName) {
            names.push_back(objectName);
        }
    }
    std::vector<std::string> candidates;
    for (const std::string &name : names) {
        candidates.push_back(mModelDir + name + extension);
        candidates.push_back(mModelDir + "../Material/" + name + extension);
        if (reference != nullptr && !reference->className.empty()) {
            candidates.push_back(mModelDir + "../" + reference->className + "/" + name + extension);
        }
    }
    if (reference != nullptr) {
        const std::string package = PackagePathOf(reference->path);
        if (package.find('/') != std::string::npos) {
            for (const std::string &prefix : ancestors()) {
                candidates.push_back(prefix + package + extension);
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
    const std::string package = reference != nullptr ? PackageOf(reference->path) : "";
    for (const std::string &name : names) {
        ExportTreeFile file;
        if (mTree.find(package, MaterialClassFolders(reference), name, {extension}, file)) {
            found = file.path;
            return true;
        }
    }
    return false;
}

/** A path found relative to the model's folder, as a material names it. */
std::string UnrealMaterialFiles::besideModel(const std::string &path) const {
    const std::string base = mModelDir.empty() ? "." : mModelDir;
    return std::filesystem::path(path)
        .lexically_relative(std::filesystem::path(base).lexically_normal())
        .generic_string();
}

/** The texture file an object reference names (`Texture2D'Pkg.Group.Tex'` or a UE4/5 path),
 *  as a material names it. */
bool UnrealMaterialFiles::resolveReference(const ObjectReference &texture,
                                           std::string &found) const {
    const std::string package = PackagePathOf(texture.path);
    if (package.find('/') != std::string::npos) {
        for (const std::string &prefix : ancestors()) {
            for (const std::string &extension : kImageExtensions) {
                const std::string path = Normal(prefix + package + extension);
                if (exists(path)) {
                    found = besideModel(path);
                    return true;
                }
            }
        }
        return false;
    }
    std::vector<std::string> folders{"Texture2D"};
    if (!texture.className.empty() && !EqualsIgnoreCase(texture.className, "Texture2D")) {
        folders.push_back(texture.className);
    }
    ExportTreeFile file;
    if (mTree.find(PackageOf(texture.path), folders, ObjectNameOf(texture.path), kImageExtensions,
                   file)) {
        found = file.reference;
        return true;
    }
    return false;
}

/** The texture file a .mat value names, as a material names it, or the value as written when
 *  no file is found. `hints`: the textures the material's .props.txt references, whose
 *  packages say where a value of the same name lies. */
std::string UnrealMaterialFiles::resolveTexture(const std::string &matDir, const std::string &value,
                                                const std::vector<ObjectReference> &hints) const {
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
        for (const std::string &extension : kImageExtensions) {
            const std::string path = Normal(stem + extension);
            if (exists(path)) {
                return besideModel(path);
            }
        }
        if (exists(Normal(stem))) {
            return besideModel(Normal(stem));
        }
    }
    std::string found;
    for (const ObjectReference &hint : hints) {
        if (EqualsIgnoreCase(ObjectNameOf(hint.path), ObjectNameOf(value)) &&
            resolveReference(hint, found)) {
            return found;
        }
    }
    if (resolveReference(ObjectReference{"Texture2D", value}, found)) {
        return found;
    }
    return value;
}

void UnrealMaterialFiles::slotsOfMatFile(const std::string &matPath, const std::string &text,
                                         const std::vector<ObjectReference> &hints,
                                         std::vector<TextureSlot> &slots) const {
    const std::string matDir = DirectoryOf(matPath);
    for (const MatEntry &entry : ParseMatFile(text)) {
        aiTextureType type = aiTextureType_UNKNOWN;
        if (!MatKeyTextureType(entry.key, type) || entry.value.empty() ||
            Lower(entry.value) == "none") {
            continue;
        }
        slots.push_back(TextureSlot{type, resolveTexture(matDir, entry.value, hints)});
    }
}

void UnrealMaterialFiles::collectSlots(const std::string &materialName,
                                       const MaterialReference *reference,
                                       std::vector<std::string> &visited,
                                       std::vector<TextureSlot> &slots) const {
    const std::string key =
        Lower(reference != nullptr && !reference->path.empty() ? reference->path : materialName);
    if (visited.size() > kMaxParentDepth ||
        std::find(visited.begin(), visited.end(), key) != visited.end()) {
        return;
    }
    visited.push_back(key);
    std::string matPath;
    std::string matText;
    std::string propsPath;
    std::string propsText;
    const bool hasMat =
        findMaterialFile(materialName, reference, ".mat", matPath) && readText(matPath, matText);
    const bool hasProps =
        hasMat ? readText(StripExtension(matPath) + ".props.txt", propsText)
               : findMaterialFile(materialName, reference, ".props.txt", propsPath) &&
                     readText(propsPath, propsText);
    const std::vector<ObjectReference> hints = TextureReferences(propsText);
    if (hasMat) {
        slotsOfMatFile(matPath, matText, hints, slots);
    } else if (hasProps) {
        for (const TextureParameter &parameter : ParseTextureParameters(propsText)) {
            std::string found;
            if (!resolveReference(parameter.texture, found)) {
                found = ObjectNameOf(parameter.texture.path);
            }
            slots.push_back(TextureSlot{ParameterTextureType(parameter.name), found});
        }
    }
    MaterialReference parent;
    if (!hasProps || !ParseParentReference(propsText, parent)) {
        return;
    }
    std::vector<TextureSlot> inherited;
    collectSlots(ObjectNameOf(parent.path), &parent, visited, inherited);
    for (TextureSlot &slot : inherited) {
        const bool set = std::any_of(slots.begin(), slots.end(),
                                     [&](const TextureSlot &own) { return own.type == slot.type; });
        if (!set) {
            slots.push_back(std::move(slot));
        }
    }
}

size_t UnrealMaterialFiles::addTextures(aiMaterial &material, const std::string &materialName,
                                        const MaterialReference *reference) const {
    std::vector<std::string> visited;
    std::vector<TextureSlot> slots;
    collectSlots(materialName, reference, visited, slots);
    std::map<aiTextureType, unsigned> nextIndex;
    for (const TextureSlot &slot : slots) {
        const aiString path(ToUtf8(slot.path));
        material.AddProperty(&path, _AI_MATKEY_TEXTURE_BASE, slot.type, nextIndex[slot.type]++);
    }
    return slots.size();
}

aiTextureType ParameterTextureType(const std::string &parameterName) {
    const std::string name = Lower(parameterName);
    const auto has = [&name](const char *part) { return name.find(part) != std::string::npos; };
    if (has("normal")) {
        return aiTextureType_NORMALS;
    }
    if (has("emissive") || has("emission") || has("glow")) {
        return aiTextureType_EMISSIVE;
    }
    if (has("spec")) {
        return aiTextureType_SPECULAR;
    }
    if (has("opacity") || has("alpha")) {
        return aiTextureType_OPACITY;
    }
    if (has("diffuse") || has("basecolor") || has("base_color") || has("albedo")) {
        return aiTextureType_DIFFUSE;
    }
    return aiTextureType_UNKNOWN;
}

} // namespace agf
