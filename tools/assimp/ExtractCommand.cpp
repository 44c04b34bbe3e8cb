/** @file ExtractCommand.cpp
 *  `assimp extract <model> [<out>] [-t<n>] [-f<fmt>] [-ba] [-s] [options]`: writes the textures
 *  embedded in a model to image files, as the stock tool does. Compressed textures (PNG, JPEG...
 *  inside the model) are written byte for byte with their own extension; uncompressed ones are
 *  encoded as BMP (the stock default), TGA or PNG.
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "OutputPath.h"
#include "Session.h"

#include "Common/StbImages.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace agf::cli {

namespace {

const char *const kExtractUsage =
    "assimp extract <model> [<out>] [-t<n>] [-f<fmt>] [-ba] [-s] [options]\n"
    "    Writes the textures embedded in <model> to files named <out> (default: the model's\n"
    "    name) with _img<n> appended, n being the texture's index, unless -s is given.\n"
    "    Textures stored compressed keep their own format and extension; uncompressed ones\n"
    "    take the format of <out>'s extension, else -f (bmp, tga or png; default bmp).\n";

// The stock tool's own error codes, after the common ones.
constexpr int kTextureIndexIsOutOfRange = 10;
constexpr int kNoAvailableTextureEncoderFound = 11;
constexpr int kFailedToExportCompressedTexture = 12;

bool ParseImageFileType(std::string name, ImageFileType &type) {
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (name == "bmp") {
        type = ImageFileType::Bmp;
    } else if (name == "tga") {
        type = ImageFileType::Tga;
    } else if (name == "png") {
        type = ImageFileType::Png;
    } else {
        return false;
    }
    return true;
}

const char *ExtensionOf(ImageFileType type) {
    switch (type) {
    case ImageFileType::Png:
        return "png";
    case ImageFileType::Tga:
        return "tga";
    case ImageFileType::Bmp:
        break;
    }
    return "bmp";
}

/** An uncompressed texture (BGRA texels) as RGBA or RGB pixels. */
std::vector<uint8_t> TexelsToPixels(const aiTexture &texture, bool keepAlpha) {
    const size_t count = size_t(texture.mWidth) * texture.mHeight;
    std::vector<uint8_t> pixels;
    pixels.reserve(count * (keepAlpha ? 4 : 3));
    for (size_t i = 0; i < count; ++i) {
        const aiTexel &texel = texture.pcData[i];
        pixels.push_back(texel.r);
        pixels.push_back(texel.g);
        pixels.push_back(texel.b);
        if (keepAlpha) {
            pixels.push_back(texel.a);
        }
    }
    return pixels;
}

bool WriteFile(const std::string &path, const char *data, size_t size) {
    std::ofstream out(path, std::ios::binary);
    out.write(data, static_cast<std::streamsize>(size));
    return static_cast<bool>(out);
}

struct ExtractRequest {
    std::string base; ///< output path without extension
    ImageFileType type = ImageFileType::Bmp;
    bool bmpAlpha = false;
    bool noSuffix = false;
};

/** Writes one texture; returns an exit code. */
int ExtractTexture(const aiTexture &texture, unsigned index, const ExtractRequest &request) {
    const std::string stem =
        request.base + (request.noSuffix ? "" : "_img" + std::to_string(index));
    if (texture.mHeight == 0) {
        std::string hint(texture.achFormatHint);
        const std::string path = stem + "." + (hint.empty() ? "bin" : hint);
        if (!WriteFile(path, reinterpret_cast<const char *>(texture.pcData), texture.mWidth)) {
            ReportError("extract: cannot write " + path);
            return kFailedToExportCompressedTexture;
        }
        std::printf("assimp extract: Wrote texture %u to %s\n", index, path.c_str());
        return kSuccess;
    }
    const bool keepAlpha = request.type != ImageFileType::Bmp || request.bmpAlpha;
    const std::vector<uint8_t> bytes =
        EncodeImageFile(request.type, texture.mWidth, texture.mHeight, keepAlpha ? 4 : 3,
                        TexelsToPixels(texture, keepAlpha));
    if (bytes.empty()) {
        ReportError("extract: cannot encode texture " + std::to_string(index) + " as " +
                    ExtensionOf(request.type));
        return kNoAvailableTextureEncoderFound;
    }
    const std::string path = stem + "." + ExtensionOf(request.type);
    if (!WriteFile(path, reinterpret_cast<const char *>(bytes.data()), bytes.size())) {
        ReportError("extract: cannot write " + path);
        return kFailedToOpenOutputFile;
    }
    std::printf("assimp extract: Wrote texture %u to %s\n", index, path.c_str());
    return kSuccess;
}

} // namespace

int RunExtract(const Arguments &args) {
    ImportOptions options;
    ExtractRequest request;
    std::string formatName;
    long onlyTexture = -1;
    bool help = false;
    OptionTable table;
    table.push_back({{"-t"},
                     OptionValue::Attached,
                     "N",
                     "only the texture of this zero-based index",
                     [&onlyTexture](const std::string &value) {
                         char *end = nullptr;
                         onlyTexture = std::strtol(value.c_str(), &end, 10);
                         if (value.empty() || *end != '\0' || onlyTexture < 0) {
                             throw UsageError("-t needs a texture index, not '" + value + "'");
                         }
                     }});
    table.push_back({{"-f"},
                     OptionValue::Attached,
                     "FMT",
                     "bmp, tga or png for uncompressed textures when <out> has no such extension",
                     [&formatName](const std::string &value) { formatName = value; }});
    table.push_back({{"-ba", "--bmp-alpha"},
                     OptionValue::None,
                     "",
                     "BMP files keep the alpha channel",
                     [&request](const std::string &) { request.bmpAlpha = true; }});
    table.push_back({{"-s", "--no-suffix"},
                     OptionValue::None,
                     "",
                     "do not append _img<n> to the file name",
                     [&request](const std::string &) { request.noSuffix = true; }});
    AddImportOptions(table, options);
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kExtractUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (files.empty() || files.size() > 2) {
        throw UsageError("expected <model> [<out>], see 'assimp extract --help'");
    }
    if (!formatName.empty() && !ParseImageFileType(formatName, request.type)) {
        throw UsageError("unknown image format '" + formatName + "' (bmp, tga or png)");
    }
    const std::string out =
        files.size() > 1 && files[1] != "-" ? files[1] : OutputBeside(files[0], "x");
    const std::string withoutExtension = ReplaceExtension(out, "");
    request.base = withoutExtension.substr(0, withoutExtension.size() - 1); // the trailing dot
    if (files.size() > 1 && out.size() > request.base.size() + 1) {
        ImageFileType fromExtension;
        if (ParseImageFileType(out.substr(request.base.size() + 1), fromExtension)) {
            request.type = fromExtension;
        }
    }

    Session session(options);
    const aiScene *scene = session.Import(files[0]);
    if (scene == nullptr) {
        return kFailedToLoadInputFile;
    }
    if (onlyTexture >= 0 && static_cast<unsigned long>(onlyTexture) >= scene->mNumTextures) {
        ReportError("extract: texture index " + std::to_string(onlyTexture) +
                    " is out of range (the model has " + std::to_string(scene->mNumTextures) +
                    " embedded textures)");
        return kTextureIndexIsOutOfRange;
    }
    if (scene->mNumTextures == 0) {
        std::printf("assimp extract: %s has no embedded textures\n", files[0].c_str());
        return kSuccess;
    }
    for (unsigned i = 0; i < scene->mNumTextures; ++i) {
        if (onlyTexture >= 0 && i != static_cast<unsigned>(onlyTexture)) {
            continue;
        }
        const int result = ExtractTexture(*scene->mTextures[i], i, request);
        if (result != kSuccess) {
            return result;
        }
    }
    return kSuccess;
}

} // namespace agf::cli
