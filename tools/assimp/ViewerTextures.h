/** @file ViewerTextures.h
 *  The textures a model references, as the viewer finds and shows them: browsers show PNG and
 *  JPEG, so other image files that stb_image reads (TGA, BMP, PSD, GIF...) are re-encoded as
 *  PNG. Formats nobody decodes here (DDS, Bohemia's PAA) are reported, not shown.
 */
#pragma once

#include "ViewerFiles.h"

#include <filesystem>
#include <string>

namespace agf::cli {

struct TextureLookup {
    std::string file; ///< relative to the root's folder; "" when not found
    bool viewable = false;
    std::string note; ///< why it is not shown, when it is not
};

/** Looks for the texture a material names (`written`, as the file has it: Windows separators,
 *  other extensions, other letter case...) in the model's folder and each folder above it up to
 *  the root, by its path and then by its file name. Only files inside the root are found. */
TextureLookup FindTexture(const ViewerRoot &root, const std::filesystem::path &modelFolder,
                          const std::string &written);

/** The bytes the page gets for a texture file: PNG and JPEG as they are, other readable images
 *  as PNG. Returns false with `problem` set when the file cannot be shown. */
bool LoadTextureForPage(const std::filesystem::path &file, std::string &bytes,
                        std::string &mimeType, std::string &problem);

/** `bytes` in base64 (for data: URLs and the static gallery's scripts). */
std::string Base64(const std::string &bytes);

} // namespace agf::cli
