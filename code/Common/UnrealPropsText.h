/** @file UnrealPropsText.h
 *  Reading UE Viewer's `.props.txt` files: the text dump of an object's properties, one
 *  `Name = Value` per line, structs and arrays as `{ ... }` blocks (nested over lines, or inline
 *  as `{ A=1, B=2 }`). Another object is referenced as `Class'Path'`: `Texture2D'Pkg.Group.Tex'`
 *  in UE1-3 packages, `Texture2D'/Game/Folder/Tex.Tex'` in UE4/5.
 *
 *  The format is informal; these readers take what they recognise and skip the rest. They have
 *  no Assimp types and never throw on bad text.
 */
#pragma once

#include <string>
#include <vector>

namespace agf {

/** A reference to another object: its class ("" for a plain path) and object path. */
struct ObjectReference {
    std::string className;
    std::string path;
};

/** The lines of a text, split at "\n", "\r\n" or "\r". */
std::vector<std::string> TextLines(const std::string &text);

/** The object name of a reference path: "/Game/A/MI_Foo.MI_Foo" and "Pkg.Group.MI_Foo" give
 *  "MI_Foo". */
std::string ObjectNameOf(const std::string &path);

/** The package of a UE1-3 object path, the part before the first '.': "Pkg.Group.Tex" gives
 *  "Pkg". "" for a UE4/5 path ("/Game/...") or a bare name. */
std::string PackageOf(const std::string &path);

/** Every `Class'Path'` on a line (an identifier directly followed by a quoted path), wherever it
 *  stands: as a value, inside an inline struct or an array element. */
std::vector<ObjectReference> ObjectReferencesOnLine(const std::string &line);

/** Every `Class'Path'` of a text whose class names a texture (Texture2D, TextureCube, ...). */
std::vector<ObjectReference> TextureReferences(const std::string &text);

/** One texture parameter of a material: the parameter's name and the texture it is set to. */
struct TextureParameter {
    std::string name;
    ObjectReference texture;
};

/** The texture parameters a material sets, in file order: the elements of its
 *  `TextureParameterValues` (material instances: `ParameterName` or UE4's
 *  `ParameterInfo = { Name=... }`, with `ParameterValue`) and `CollectedTextureParameters`
 *  (materials: `Name`, with `Texture`). Elements set to None are left out. */
std::vector<TextureParameter> ParseTextureParameters(const std::string &text);

/** The `Parent = Class'Path'` of a material instance; false when there is none. */
bool ParseParentReference(const std::string &text, ObjectReference &parent);

} // namespace agf
