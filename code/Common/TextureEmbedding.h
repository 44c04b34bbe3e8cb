/** @file TextureEmbedding.h
 *  The texture pass every importer runs after building its scene (ImporterBase): each texture
 *  a material references is found (TextureResolver.h), decoded (the TextureDecoder table:
 *  PAA, DDS, TGA, BMP...) and embedded as an aiTexture that the material then references as
 *  "*N", so that glb output carries it. PNG and JPEG files are embedded as they are (glTF takes
 *  both); everything else is encoded as PNG (mHeight 0, achFormatHint "png"). The embedded
 *  texture's mFilename keeps the reference as the source wrote it.
 *
 *  A base-colour texture with transparent pixels sets the material's glTF alpha mode (unless
 *  the importer set one): MASK (cut-off 0.5) when every alpha is 0 or 255, BLEND otherwise.
 *
 *  What cannot be embedded keeps its reference: a file that is not found (a warning when the
 *  user gave texture roots, since only then was it expected to be found), a reference that
 *  leaves the allowed folders, a file that fails to decode or would decode to more than
 *  kMaxTextureSide on a side (warnings). The model imports either way.
 */
#pragma once

#include "Common/TextureDecoder.h"
#include "Common/TextureResolver.h"
#include "Common/Warnings.h"

#include <cstddef>
#include <functional>

struct aiScene;

namespace Assimp {
class IOSystem;
}

namespace agf {

struct TextureEmbeddingOptions {
    bool keepReferences = false; ///< AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES: do nothing
    TextureSearch search;
    std::string modelFileName; ///< names the model in warnings about its references
    /** Warn about a texture that is not found even when no texture root was given. Without
     *  roots, a missing texture is expected for formats whose references point into a game's
     *  data (P3D's P: drive); formats with a layout of their own (UE Viewer's export tree) say
     *  where the file should have been. */
    bool warnMissingWithoutRoots = false;
};

/** Called after each texture file: (files done, files in all). */
using TextureProgress = std::function<void(size_t, size_t)>;

/** Embeds the textures of the scene's materials. Returns how many were embedded. */
size_t EmbedTextures(aiScene *scene, Assimp::IOSystem *io, const TextureEmbeddingOptions &options,
                     const TextureDecoderTable &decoders, Warnings &warnings,
                     const TextureProgress &progress = {});

} // namespace agf
