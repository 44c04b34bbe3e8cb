/** @file UnrealMaterialFiles.h
 *  The textures of an Unreal material as UE Viewer's export tree gives them: a `<material>.mat`
 *  text file (one `Slot=Texture` line per texture) found from the material's name or object
 *  path, and each texture it names found as an image file. Shared by the importers of models
 *  that name their materials this way (PSK through its .props.txt, .uemodel in MATERIALS).
 *
 *  Rules (the formats are informal):
 *  - The .mat file is looked for next to the model (`<name>.mat`), in sibling class folders
 *    (`../Material/`, `../<Class>/`), and along the reference's package path from each folder
 *    above the model (at most 8 levels).
 *  - .mat keys map to texture types: Diffuse, Normal, Specular, SpecPower (shininess), Opacity,
 *    Emissive, Cube (reflection), Mask and Other[n] (unknown). A value is resolved to an existing
 *    image file (.tga .png .dds .bmp .jpg) next to the .mat, in ../Texture2D/, or along its
 *    package path; the path is written relative to the model's folder. An unresolved value is
 *    kept as written.
 */
#pragma once

#include <string>
#include <vector>

struct aiMaterial;

namespace Assimp {
class IOSystem;
}

namespace agf {

class Warnings;

/** One `Key=Value` line of a .mat file. */
struct MatEntry {
    std::string key;
    std::string value;
};

/** The `Key=Value` lines of a .mat file (blank lines and lines without '=' skipped). */
std::vector<MatEntry> ParseMatFile(const std::string &text);

/** A material reference: the class ("" for a plain path) and the object path. */
struct MaterialReference {
    std::string className;
    std::string path;
};

/** The object name of a reference path: "/Game/A/MI_Foo.MI_Foo" and "Pkg.Group.MI_Foo" give
 *  "MI_Foo". */
std::string ObjectNameOf(const std::string &path);

/** The lines of a text, split at "\n", "\r\n" or "\r". */
std::vector<std::string> TextLines(const std::string &text);

/** Finds and reads the sidecars of the model at `modelPath` through `io`. */
class UnrealMaterialFiles {
public:
    UnrealMaterialFiles(Assimp::IOSystem *io, const std::string &modelPath, Warnings &warnings);

    /** Reads a small text file; false when it is missing, too large or not text (the last two
     *  with a warning). */
    bool readText(const std::string &path, std::string &text) const;

    /** Finds the .mat file of `materialName` (and `reference`, which may be null), reads it and
     *  adds the textures it names to `material`. Returns how many were added; 0 when there is
     *  no .mat file. */
    size_t addTextures(aiMaterial &material, const std::string &materialName,
                       const MaterialReference *reference) const;

private:
    bool findMatFile(const std::string &materialName, const MaterialReference *reference,
                     std::string &found) const;
    std::string resolveTexture(const std::string &matDir, const std::string &value) const;
    std::vector<std::string> ancestors() const;
    bool exists(const std::string &path) const;

    Assimp::IOSystem *mIo;
    std::string mModelDir;
    Warnings &mWarnings;
};

} // namespace agf
