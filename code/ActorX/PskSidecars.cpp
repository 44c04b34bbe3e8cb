/** @file PskSidecars.cpp
 *  UEViewer's .props.txt and .mat sidecars (rules in PskSidecars.h).
 */
#include "PskSidecars.h"

#include "Common/FileLoading.h"
#include "Common/NumberText.h"
#include "Common/StringHelpers.h"
#include "Common/TextEncoding.h"

#include <assimp/IOSystem.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>

namespace agf::psk {

namespace {

/** How far up from the PSK's folder a package path is tried. */
constexpr int kMaxAncestorLevels = 8;
/** Sidecars are small text files; a bigger one is not what we are looking for. */
constexpr size_t kMaxSidecarSize = 4u << 20;

std::vector<std::string> Lines(const std::string &text) {
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

bool IsIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

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

/** UE1-3 FRotator units: 65536 make a turn. */
constexpr float kDegreesPerRotationUnit = 360.0f / 65536.0f;

/** The number after "<field>=" in "{ X=9.5, Y=0, Z=0 }"; sets `hasFraction` when it is
 *  written with a fraction or exponent (UE4/5 floats). */
bool StructField(const std::string &value, const char *field, float &out, bool *hasFraction) {
    const std::string wanted = std::string(field) + "=";
    size_t at = 0;
    while ((at = value.find(wanted, at)) != std::string::npos) {
        if (at == 0 || !IsIdentifierChar(value[at - 1])) {
            const std::string_view start =
                SkipBlanks(std::string_view(value).substr(at + wanted.size()));
            double number = 0;
            const size_t used = ReadNumberPrefix(start, number);
            if (used == 0) {
                return false;
            }
            if (hasFraction != nullptr &&
                start.substr(0, used).find_first_of(".eE") != std::string_view::npos) {
                *hasFraction = true;
            }
            out = static_cast<float>(number);
            return true;
        }
        at += wanted.size();
    }
    return false;
}

std::string Unquoted(const std::string &value) {
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        return value.substr(1, value.size() - 2);
    }
    return value;
}

bool LooksLikeText(const std::vector<uint8_t> &bytes) {
    return std::none_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
}

class SidecarReader {
public:
    SidecarReader(Assimp::IOSystem *io, const std::string &pskPath, Warnings &warnings)
        : mIo(io), mPskDir(DirectoryOf(pskPath)), mPskPath(pskPath), mWarnings(warnings) {}

    size_t run(aiScene *scene) {
        std::vector<MaterialReference> references;
        std::string text;
        if (readText(StripExtension(mPskPath) + ".props.txt", text)) {
            references = ParsePropsMaterialReferences(text);
        }
        size_t added = 0;
        for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
            aiMaterial *material = scene->mMaterials[m];
            aiString name;
            if (material->Get(AI_MATKEY_NAME, name) != AI_SUCCESS) {
                continue;
            }
            const MaterialReference *reference =
                referenceFor(name.C_Str(), m, scene->mNumMaterials, references);
            std::string matPath;
            if (!findMatFile(name.C_Str(), reference, matPath) || !readText(matPath, text)) {
                continue;
            }
            added += addTextures(*material, DirectoryOf(matPath), ParseMatFile(text));
        }
        return added;
    }

private:
    bool readText(const std::string &path, std::string &text) {
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

    static const MaterialReference *referenceFor(const std::string &materialName, unsigned index,
                                                 unsigned materialCount,
                                                 const std::vector<MaterialReference> &references) {
        const std::string wanted = Lower(materialName);
        for (const MaterialReference &reference : references) {
            if (Lower(ObjectNameOf(reference.path)) == wanted) {
                return &reference;
            }
        }
        if (references.size() == materialCount) {
            return &references[index];
        }
        return nullptr;
    }

    bool exists(const std::string &path) const { return !path.empty() && mIo->Exists(path); }

    static std::string Normal(const std::string &path) {
        return std::filesystem::path(path).lexically_normal().generic_string();
    }

    /** mPskDir, then its parents, as path prefixes ("" stands for the working folder). */
    std::vector<std::string> ancestors() const {
        std::vector<std::string> result;
        std::string dir = mPskDir;
        for (int level = 0; level <= kMaxAncestorLevels; ++level) {
            result.push_back(dir);
            dir += "../";
        }
        return result;
    }

    bool findMatFile(const std::string &materialName, const MaterialReference *reference,
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
            candidates.push_back(mPskDir + name + ".mat");
            candidates.push_back(mPskDir + "../Material/" + name + ".mat");
            if (reference != nullptr && !reference->className.empty()) {
                candidates.push_back(mPskDir + "../" + reference->className + "/" + name + ".mat");
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

    /** The texture file a .mat value names, relative to the PSK's folder, or the value as
     *  written when no file is found. */
    std::string resolveTexture(const std::string &matDir, const std::string &value) const {
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
                    const std::string base = mPskDir.empty() ? "." : mPskDir;
                    return std::filesystem::path(path)
                        .lexically_relative(std::filesystem::path(base).lexically_normal())
                        .generic_string();
                }
            }
        }
        return value;
    }

    size_t addTextures(aiMaterial &material, const std::string &matDir,
                       const std::vector<MatEntry> &entries) const {
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

    Assimp::IOSystem *mIo;
    std::string mPskDir;
    std::string mPskPath;
    Warnings &mWarnings;
};

} // namespace

std::vector<MatEntry> ParseMatFile(const std::string &text) {
    std::vector<MatEntry> entries;
    for (const std::string &line : Lines(text)) {
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

std::vector<MaterialReference> ParsePropsMaterialReferences(const std::string &text) {
    std::vector<MaterialReference> references;
    for (const std::string &line : Lines(text)) {
        // Every Class'Path' on the line (an identifier directly followed by a quoted path),
        // wherever it stands: as a value, inside an inline struct or an array element.
        bool found = false;
        size_t quote = line.find('\'');
        while (quote != std::string::npos) {
            size_t classStart = quote;
            while (classStart > 0 && IsIdentifierChar(line[classStart - 1])) {
                --classStart;
            }
            const size_t close = line.find('\'', quote + 1);
            if (close == std::string::npos) {
                break;
            }
            if (classStart < quote) {
                MaterialReference reference{line.substr(classStart, quote - classStart),
                                            line.substr(quote + 1, close - quote - 1)};
                if (Lower(reference.className).find("material") != std::string::npos &&
                    !reference.path.empty()) {
                    references.push_back(std::move(reference));
                }
                found = true;
                quote = line.find('\'', close + 1);
            } else {
                quote = close; // an opening quote without a class: try the next one
            }
        }
        const size_t equals = line.find('=');
        if (found || equals == std::string::npos) {
            continue;
        }
        const std::string key = Lower(Trim(line.substr(0, equals)));
        const std::string value = Trim(line.substr(equals + 1));
        if ((key == "material" || key == "materialinterface") && !value.empty() &&
            Lower(value) != "none" && value != "{") {
            references.push_back(MaterialReference{std::string(), value});
        }
    }
    return references;
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

std::vector<Socket> ParsePropsSockets(const std::string &text, bool rotationsInDegrees) {
    std::vector<Socket> sockets;
    std::vector<bool> fractional;
    for (const std::string &line : Lines(text)) {
        const size_t equals = line.find('=');
        if (equals == std::string::npos) {
            continue;
        }
        const std::string key = Lower(Trim(line.substr(0, equals)));
        const std::string value = Trim(line.substr(equals + 1));
        if (key == "socketname") {
            Socket socket;
            socket.name = ToUtf8(Unquoted(value));
            socket.scale = Vec3{1, 1, 1};
            sockets.push_back(socket);
            fractional.push_back(false);
            continue;
        }
        if (sockets.empty()) {
            continue;
        }
        Socket &socket = sockets.back();
        if (key == "bonename") {
            socket.bone = Lower(value) == "none" ? std::string() : ToUtf8(Unquoted(value));
        } else if (key == "relativelocation") {
            StructField(value, "X", socket.location.x, nullptr);
            StructField(value, "Y", socket.location.y, nullptr);
            StructField(value, "Z", socket.location.z, nullptr);
        } else if (key == "relativerotation") {
            bool hasFraction = false;
            StructField(value, "Pitch", socket.pitch, &hasFraction);
            StructField(value, "Yaw", socket.yaw, &hasFraction);
            StructField(value, "Roll", socket.roll, &hasFraction);
            fractional.back() = hasFraction;
        } else if (key == "relativescale") {
            StructField(value, "X", socket.scale.x, nullptr);
            StructField(value, "Y", socket.scale.y, nullptr);
            StructField(value, "Z", socket.scale.z, nullptr);
        }
    }
    for (size_t i = 0; i < sockets.size(); ++i) {
        if (!rotationsInDegrees && !fractional[i]) {
            sockets[i].pitch *= kDegreesPerRotationUnit;
            sockets[i].yaw *= kDegreesPerRotationUnit;
            sockets[i].roll *= kDegreesPerRotationUnit;
        }
    }
    return sockets;
}

std::vector<Socket> ReadSidecarSockets(Assimp::IOSystem *io, const std::string &pskPath,
                                       Warnings &warnings) {
    const std::string propsPath = StripExtension(pskPath) + ".props.txt";
    std::vector<uint8_t> bytes;
    try {
        if (!io->Exists(propsPath) || !ReadFileIfExists(io, propsPath, bytes)) {
            return {};
        }
    } catch (const std::exception &error) {
        warnings.add(WarningKind::UnreadableFile, FileNameOf(propsPath), "sidecar", 0,
                     std::string("ignored: ") + error.what());
        return {};
    }
    if (bytes.size() > kMaxSidecarSize || !LooksLikeText(bytes)) {
        return {};
    }
    // UEViewer writes UE4/5 meshes to SkeletalMesh4/, whose FRotator holds degrees.
    std::string folder = DirectoryOf(pskPath);
    while (!folder.empty() && (folder.back() == '/' || folder.back() == '\\')) {
        folder.pop_back();
    }
    const bool degrees = Lower(FileNameOf(folder)) == "skeletalmesh4";
    return ParsePropsSockets(std::string(bytes.begin(), bytes.end()), degrees);
}

size_t AddSidecarTextures(Assimp::IOSystem *io, const std::string &pskPath, aiScene *scene,
                          Warnings &warnings) {
    return SidecarReader(io, pskPath, warnings).run(scene);
}

} // namespace agf::psk
