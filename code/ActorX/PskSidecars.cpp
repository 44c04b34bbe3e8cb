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

namespace agf::psk {

namespace {

bool IsIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
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

/** The material reference of a PSK material: the one whose object name is the material's,
 *  ignoring case; failing that, reference `index` when the counts are equal. */
const MaterialReference *ReferenceFor(const std::string &materialName, unsigned index,
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

} // namespace

std::vector<MaterialReference> ParsePropsMaterialReferences(const std::string &text) {
    std::vector<MaterialReference> references;
    for (const std::string &line : TextLines(text)) {
        const std::vector<ObjectReference> onLine = ObjectReferencesOnLine(line);
        for (const ObjectReference &reference : onLine) {
            if (Lower(reference.className).find("material") != std::string::npos) {
                references.push_back(reference);
            }
        }
        const bool found = !onLine.empty();
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

PreviewMeshReference ParsePropsPreviewMesh(const std::string &text) {
    // Object paths are short; a longer value or one with control bytes is damage, not a name.
    constexpr size_t kMaxReferenceLength = 1024;
    for (const std::string &line : TextLines(text)) {
        const size_t equals = line.find('=');
        if (equals == std::string::npos ||
            !EqualsIgnoreCase(Trim(line.substr(0, equals)), "PreviewSkelMeshName")) {
            continue;
        }
        std::string path = Unquoted(Trim(line.substr(equals + 1)));
        // Class'Path': the object path between the quotes.
        const size_t quote = path.find('\'');
        if (quote != std::string::npos && path.size() > quote + 1 && path.back() == '\'') {
            path = path.substr(quote + 1, path.size() - quote - 2);
        }
        const bool controlBytes = std::any_of(path.begin(), path.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
        });
        if (path.empty() || path.size() > kMaxReferenceLength || controlBytes ||
            EqualsIgnoreCase(path, "None")) {
            return {};
        }
        PreviewMeshReference reference;
        reference.objectName = ObjectNameOf(path);
        const size_t slash = path.find_last_of('/');
        const size_t dot = path.find('.', slash == std::string::npos ? 0 : slash + 1);
        if (dot != std::string::npos) {
            reference.package = path.substr(0, dot);
            reference.package.erase(0, reference.package.find_first_not_of('/'));
        }
        return reference;
    }
    return {};
}

std::vector<Socket> ParsePropsSockets(const std::string &text, bool rotationsInDegrees) {
    std::vector<Socket> sockets;
    std::vector<bool> fractional;
    for (const std::string &line : TextLines(text)) {
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
    std::string text;
    if (!UnrealMaterialFiles(io, pskPath, warnings)
             .readText(StripExtension(pskPath) + ".props.txt", text)) {
        return {};
    }
    // UEViewer writes UE4/5 meshes to SkeletalMesh4/, whose FRotator holds degrees.
    std::string folder = DirectoryOf(pskPath);
    while (!folder.empty() && (folder.back() == '/' || folder.back() == '\\')) {
        folder.pop_back();
    }
    const bool degrees = Lower(FileNameOf(folder)) == "skeletalmesh4";
    return ParsePropsSockets(text, degrees);
}

size_t AddSidecarTextures(Assimp::IOSystem *io, const std::string &pskPath, aiScene *scene,
                          Warnings &warnings, const std::vector<std::string> &textureRoots) {
    const UnrealMaterialFiles files(io, pskPath, warnings, textureRoots);
    std::vector<MaterialReference> references;
    std::string text;
    if (files.readText(StripExtension(pskPath) + ".props.txt", text)) {
        references = ParsePropsMaterialReferences(text);
    }
    size_t added = 0;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiMaterial *material = scene->mMaterials[m];
        aiString name;
        if (material->Get(AI_MATKEY_NAME, name) != AI_SUCCESS) {
            continue;
        }
        added += files.addTextures(*material, name.C_Str(),
                                   ReferenceFor(name.C_Str(), m, scene->mNumMaterials, references));
    }
    return added;
}

} // namespace agf::psk
