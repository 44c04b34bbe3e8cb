/** @file UnrealMaterialFiles.h
 *  The textures of an Unreal material as UE Viewer's export tree gives them: a `<material>.mat`
 *  text file (one `Slot=Texture` line per texture) and the material's `.props.txt`, found from
 *  the material's name or object path, and each texture they name found as an image file.
 *  Shared by the importers of models that name their materials this way (PSK through its
 *  .props.txt and MATT names, .uemodel in MATERIALS).
 *
 *  Rules (the formats are informal):
 *  - The .mat file is looked for next to the model (`<name>.mat`), in sibling class folders
 *    (`../Material/`, `../<Class>/`), along the reference's package path from each folder
 *    above the model (at most 8 levels), then in the material class folders (`Material3`,
 *    `MaterialInstanceConstant`, ...) of the export tree (UnrealExportTree.h): the reference's
 *    package, the model's package, every package. The `.props.txt` is the one beside the .mat,
 *    or is looked for the same way when there is no .mat.
 *  - .mat keys map to texture types: Diffuse, Normal, Specular, SpecPower (shininess), Opacity,
 *    Emissive, Cube (reflection), Mask and Other[n] (unknown). A material with no .mat takes
 *    its textures from the `TextureParameterValues` of its .props.txt, typed by the
 *    parameter's name (ParameterTextureType).
 *  - Texture types a material does not set are taken from its `Parent` chain (at most 8 deep),
 *    as the engine does for a material instance.
 *  - A texture value is resolved to an existing image file (.tga .png .dds .bmp .jpg) next to
 *    the .mat, in ../Texture2D/, along its package path, then in the `Texture2D` folder of the
 *    package that the material's .props.txt names for it, of the model's package, and of every
 *    package of the export tree. The path is written relative to the model's folder (or to the
 *    texture root it was found under). An unresolved value is kept as written, and the texture
 *    embedding warns once for it.
 */
#pragma once

#include "Common/UnrealExportTree.h"
#include "Common/UnrealPropsText.h"

#include <assimp/material.h>

#include <string>
#include <vector>

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
using MaterialReference = ObjectReference;

/** The texture type of a material parameter, from its name: "...Normal..." is a normal map,
 *  "Diffuse", "BaseColor" or "Albedo" the base colour, and so on; aiTextureType_UNKNOWN for
 *  a name that says nothing (masks, detail textures). */
aiTextureType ParameterTextureType(const std::string &parameterName);

/** Finds and reads the sidecars of the model at `modelPath` through `io`. */
class UnrealMaterialFiles {
public:
    /** `textureRoots`: the user's texture roots, tried as export roots too. */
    UnrealMaterialFiles(Assimp::IOSystem *io, const std::string &modelPath, Warnings &warnings,
                        std::vector<std::string> textureRoots = {});

    /** Reads a small text file; false when it is missing, too large or not text (the last two
     *  with a warning). */
    bool readText(const std::string &path, std::string &text) const;

    /** Finds the .mat and .props.txt files of `materialName` (and `reference`, which may be
     *  null) and adds the textures they and their parents name to `material`. Returns how many
     *  were added; 0 when neither file is found. */
    size_t addTextures(aiMaterial &material, const std::string &materialName,
                       const MaterialReference *reference) const;

private:
    struct TextureSlot {
        aiTextureType type;
        std::string path;
    };

    bool findMaterialFile(const std::string &materialName, const MaterialReference *reference,
                          const std::string &extension, std::string &found) const;
    void collectSlots(const std::string &materialName, const MaterialReference *reference,
                      std::vector<std::string> &visited, std::vector<TextureSlot> &slots) const;
    void slotsOfMatFile(const std::string &matPath, const std::string &text,
                        const std::vector<ObjectReference> &hints,
                        std::vector<TextureSlot> &slots) const;
    std::string resolveTexture(const std::string &matDir, const std::string &value,
                               const std::vector<ObjectReference> &hints) const;
    bool resolveReference(const ObjectReference &texture, std::string &found) const;
    std::string besideModel(const std::string &path) const;
    std::vector<std::string> ancestors() const;
    bool exists(const std::string &path) const;

    Assimp::IOSystem *mIo;
    std::string mModelDir;
    Warnings &mWarnings;
    UnrealExportTree mTree;
};

} // namespace agf
