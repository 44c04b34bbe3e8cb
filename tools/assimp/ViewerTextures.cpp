/** @file ViewerTextures.cpp */
#include "ViewerTextures.h"

#include "Common/ImportError.h"
#include "Common/StbImages.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <vector>

namespace agf::cli {

namespace fs = std::filesystem;

namespace {

// Texture files above this size are not loaded into a page.
const uintmax_t kMaxTextureBytes = 64u << 20;

// Extensions tried when the written one is not there: game tools often name a texture by one
// extension (.tga) and ship another (.png, .dds, .paa).
const char *const kTextureExtensions[] = {"",     ".png", ".tga", ".jpg", ".jpeg",
                                          ".bmp", ".dds", ".paa", ".pac"};

std::string Lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool IsBrowserImage(const std::string &extension) {
    return extension == "png" || extension == "jpg" || extension == "jpeg";
}

bool IsDecodedHere(const std::string &extension) {
    return extension == "tga" || extension == "bmp" || extension == "psd" || extension == "gif" ||
           extension == "hdr" || extension == "pic" || extension == "pnm" || extension == "ppm" ||
           extension == "pgm";
}

// A file in `folder` whose name equals `name` ignoring letter case ("" when none).
fs::path FindIgnoringCase(const fs::path &folder, const std::string &name) {
    std::error_code error;
    const fs::path exact = folder / name;
    if (fs::is_regular_file(exact, error)) {
        return exact;
    }
    const std::string wanted = Lower(name);
    for (fs::directory_iterator it(folder, error); !error && it != fs::directory_iterator();
         it.increment(error)) {
        if (Lower(it->path().filename().string()) == wanted && it->is_regular_file(error)) {
            return it->path();
        }
    }
    return {};
}

// `relative` (with '/' separators) below `folder`, each part matched ignoring case.
// Never looks outside the root, not even at folder names.
fs::path FindPathIgnoringCase(const ViewerRoot &root, const fs::path &folder,
                              const std::string &relative) {
    fs::path current = folder;
    size_t start = 0;
    while (start < relative.size()) {
        size_t end = relative.find('/', start);
        if (end == std::string::npos) {
            end = relative.size();
        }
        const std::string part = relative.substr(start, end - start);
        start = end + 1;
        if (part.empty() || part == ".") {
            continue;
        }
        if (part == "..") {
            current = current.parent_path();
            if (!root.Contains(current)) {
                return {};
            }
            continue;
        }
        std::error_code error;
        const fs::path exact = current / part;
        if (fs::exists(exact, error)) {
            current = exact;
            continue;
        }
        const std::string wanted = Lower(part);
        fs::path match;
        for (fs::directory_iterator it(current, error); !error && it != fs::directory_iterator();
             it.increment(error)) {
            if (Lower(it->path().filename().string()) == wanted) {
                match = it->path();
                break;
            }
        }
        if (match.empty()) {
            return {};
        }
        current = match;
    }
    std::error_code error;
    return fs::is_regular_file(current, error) ? current : fs::path();
}

std::string WithExtension(const std::string &path, const char *extension) {
    if (*extension == '\0') {
        return path;
    }
    const size_t slash = path.find_last_of('/');
    const size_t dot = path.find_last_of('.');
    const bool hasExtension =
        dot != std::string::npos && (slash == std::string::npos || dot > slash);
    return (hasExtension ? path.substr(0, dot) : path) + extension;
}

TextureLookup Describe(const ViewerRoot &root, const fs::path &found) {
    TextureLookup lookup;
    lookup.file = root.RelativeName(found);
    const std::string extension = LowerExtension(found.filename().string());
    lookup.viewable = IsBrowserImage(extension) || IsDecodedHere(extension);
    if (!lookup.viewable) {
        lookup.note = "found, but the viewer cannot decode ." + extension + " images";
    }
    return lookup;
}

} // namespace

TextureLookup FindTexture(const ViewerRoot &root, const fs::path &modelFolder,
                          const std::string &written) {
    std::string path = written;
    std::replace(path.begin(), path.end(), '\\', '/');
    const bool absolute = !path.empty() && (path[0] == '/' || (path.size() > 1 && path[1] == ':'));
    const std::string fileName = path.substr(path.find_last_of('/') + 1);
    if (fileName.empty() || path[0] == '*') {
        return {"", false, path.empty() || path[0] != '*' ? "no file name" : "embedded"};
    }
    // The model's folder first, then each one above it: texture paths are often relative to a
    // game's data root somewhere above the model.
    std::vector<fs::path> folders;
    for (fs::path folder = modelFolder; root.Contains(folder); folder = folder.parent_path()) {
        folders.push_back(folder);
        if (folder == root.folder() || folder == folder.parent_path()) {
            break;
        }
    }
    for (const char *extension : kTextureExtensions) {
        for (const fs::path &folder : folders) {
            fs::path found =
                absolute ? fs::path()
                         : FindPathIgnoringCase(root, folder, WithExtension(path, extension));
            if (found.empty()) {
                found = FindIgnoringCase(folder, WithExtension(fileName, extension));
            }
            std::error_code error;
            const fs::path canonical = found.empty() ? fs::path() : fs::canonical(found, error);
            if (!canonical.empty() && !error && root.Contains(canonical)) {
                return Describe(root, canonical);
            }
        }
    }
    return {"", false, "not found under the viewed folder"};
}

bool LoadTextureForPage(const fs::path &file, std::string &bytes, std::string &mimeType,
                        std::string &problem) {
    std::error_code error;
    const uintmax_t size = fs::file_size(file, error);
    if (error || size > kMaxTextureBytes) {
        problem = error ? error.message() : "larger than 64 MB";
        return false;
    }
    std::ifstream in(file, std::ios::binary);
    const std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string extension = LowerExtension(file.filename().string());
    if (IsBrowserImage(extension)) {
        bytes = raw;
        mimeType = extension == "png" ? "image/png" : "image/jpeg";
        return true;
    }
    if (!IsDecodedHere(extension)) {
        problem = "the viewer cannot decode ." + extension + " images";
        return false;
    }
    std::vector<uint8_t> png;
    try {
        png = EncodePng(StbDecode(reinterpret_cast<const uint8_t *>(raw.data()), raw.size(),
                                  file.filename().string()));
    } catch (const ImportError &decoding) {
        problem = decoding.problem();
        return false;
    }
    if (png.empty()) {
        problem = "cannot encode as PNG";
        return false;
    }
    bytes.assign(png.begin(), png.end());
    mimeType = "image/png";
    return true;
}

std::string Base64(const std::string &bytes) {
    static const char *const kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string text;
    text.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const uint32_t group = (static_cast<unsigned char>(bytes[i]) << 16) |
                               (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                               static_cast<unsigned char>(bytes[i + 2]);
        text += kAlphabet[(group >> 18) & 63];
        text += kAlphabet[(group >> 12) & 63];
        text += kAlphabet[(group >> 6) & 63];
        text += kAlphabet[group & 63];
    }
    if (i < bytes.size()) {
        uint32_t group = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) {
            group |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        }
        text += kAlphabet[(group >> 18) & 63];
        text += kAlphabet[(group >> 12) & 63];
        text += i + 1 < bytes.size() ? kAlphabet[(group >> 6) & 63] : '=';
        text += '=';
    }
    return text;
}

} // namespace agf::cli
