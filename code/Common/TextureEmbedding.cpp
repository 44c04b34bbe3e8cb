/** @file TextureEmbedding.cpp */
#include "TextureEmbedding.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/StbImages.h"

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <cstring>
#include <map>
#include <memory>

namespace agf {

namespace {

/** A texture file bigger than this is not read (a 16384 x 16384 PAA is far smaller). */
constexpr size_t kMaxTextureFileBytes = size_t{1} << 30;

/** The texture types whose references are embedded: every one Assimp 5.2 defines. */
constexpr unsigned kFirstTextureType = aiTextureType_DIFFUSE;
constexpr unsigned kLastTextureType = aiTextureType_TRANSMISSION;

/** One reference in one material slot. */
struct Slot {
    unsigned material;
    unsigned type;
    unsigned index;
    std::string reference;
};

/** What became of one referenced file. */
struct Embedded {
    bool ok = false;
    unsigned textureIndex = 0;
    bool hasAlpha = false;
    bool binaryAlpha = true;
};

bool IsEmbeddedReference(const std::string &reference) {
    return !reference.empty() && reference[0] == '*';
}

/** Procedural textures (P3D's "#(argb,8,8,3)color(...)") are not files. */
bool IsProcedural(const std::string &reference) {
    return reference.rfind("#(", 0) == 0;
}

std::vector<Slot> CollectSlots(const aiScene &scene) {
    std::vector<Slot> slots;
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        const aiMaterial *material = scene.mMaterials[m];
        for (unsigned type = kFirstTextureType; type <= kLastTextureType; ++type) {
            const unsigned count = material->GetTextureCount(static_cast<aiTextureType>(type));
            for (unsigned index = 0; index < count; ++index) {
                aiString path;
                if (material->Get(_AI_MATKEY_TEXTURE_BASE, type, index, path) != AI_SUCCESS) {
                    continue;
                }
                const std::string reference = path.C_Str();
                if (reference.empty() || IsEmbeddedReference(reference) ||
                    IsProcedural(reference)) {
                    continue;
                }
                slots.push_back(Slot{m, type, index, reference});
            }
        }
    }
    return slots;
}

/** The file bytes glTF embeds, with their format hint, and what the alpha looks like. */
struct EncodedTexture {
    std::vector<uint8_t> bytes;
    const char *hint = "png";
    bool hasAlpha = false;
    bool binaryAlpha = true;
};

EncodedTexture Encode(const std::vector<uint8_t> &file, const std::string &fileName,
                      const TextureDecoderTable &decoders, Warnings &warnings) {
    EncodedTexture encoded;
    if (IsJpegFile(file.data(), file.size())) {
        encoded.bytes = file;
        encoded.hint = "jpg";
        return encoded;
    }
    if (IsPngFile(file.data(), file.size())) {
        // Decoded only to learn its alpha (and that it is sound); embedded as it is.
        const RgbaImage image = StbDecode(file.data(), file.size(), fileName);
        encoded.bytes = file;
        encoded.hasAlpha = image.hasAlpha();
        encoded.binaryAlpha = image.alphaIsBinary();
        return encoded;
    }
    for (const TextureDecoder &decoder : decoders) {
        if (!decoder.recognises(file.data(), file.size(), fileName)) {
            continue;
        }
        const RgbaImage image = decoder.decode(file.data(), file.size(), fileName, warnings);
        encoded.bytes = EncodePng(image);
        if (encoded.bytes.empty()) {
            ThrowImportError(fileName, "texture", 0, "PNG encoding failed");
        }
        encoded.hasAlpha = image.hasAlpha();
        encoded.binaryAlpha = image.alphaIsBinary();
        return encoded;
    }
    ThrowImportError(fileName, "texture", 0, "not an image format we decode");
}

std::unique_ptr<aiTexture> MakeTexture(const EncodedTexture &encoded,
                                       const std::string &reference) {
    auto texture = std::make_unique<aiTexture>();
    const size_t texels = (encoded.bytes.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel);
    texture->pcData = new aiTexel[texels];
    std::memcpy(texture->pcData, encoded.bytes.data(), encoded.bytes.size());
    texture->mWidth = static_cast<unsigned>(encoded.bytes.size());
    texture->mHeight = 0;
    std::memset(texture->achFormatHint, 0, sizeof texture->achFormatHint);
    std::memcpy(texture->achFormatHint, encoded.hint, std::strlen(encoded.hint));
    texture->mFilename = aiString(reference);
    return texture;
}

void AppendTextures(aiScene &scene, std::vector<std::unique_ptr<aiTexture>> &added) {
    if (added.empty()) {
        return;
    }
    const unsigned total = scene.mNumTextures + static_cast<unsigned>(added.size());
    auto **textures = new aiTexture *[total];
    for (unsigned i = 0; i < scene.mNumTextures; ++i) {
        textures[i] = scene.mTextures[i];
    }
    for (size_t i = 0; i < added.size(); ++i) {
        textures[scene.mNumTextures + i] = added[i].release();
    }
    delete[] scene.mTextures;
    scene.mTextures = textures;
    scene.mNumTextures = total;
}

bool IsBaseColour(unsigned type, unsigned index) {
    return index == 0 && (type == aiTextureType_DIFFUSE || type == aiTextureType_BASE_COLOR);
}

void SetAlphaMode(aiMaterial &material, const Embedded &texture) {
    aiString existing;
    if (!texture.hasAlpha || material.Get(AI_MATKEY_GLTF_ALPHAMODE, existing) == AI_SUCCESS) {
        return;
    }
    const aiString mode(texture.binaryAlpha ? "MASK" : "BLEND");
    material.AddProperty(&mode, AI_MATKEY_GLTF_ALPHAMODE);
    if (texture.binaryAlpha) {
        const float cutoff = 0.5f;
        material.AddProperty(&cutoff, 1, AI_MATKEY_GLTF_ALPHACUTOFF);
    }
}

} // namespace

size_t EmbedTextures(aiScene *scene, Assimp::IOSystem *io, const TextureEmbeddingOptions &options,
                     const TextureDecoderTable &decoders, Warnings &warnings,
                     const TextureProgress &progress) {
    if (options.keepReferences || scene == nullptr || io == nullptr) {
        return 0;
    }
    const std::vector<Slot> slots = CollectSlots(*scene);
    std::map<std::string, Embedded> byReference;
    std::map<std::string, Embedded> byFile;
    for (const Slot &slot : slots) {
        byReference.emplace(slot.reference, Embedded());
    }
    std::vector<std::unique_ptr<aiTexture>> added;
    const unsigned firstIndex = scene->mNumTextures;
    size_t done = 0;
    for (auto &[reference, embedded] : byReference) {
        if (progress) {
            progress(done++, byReference.size());
        }
        const TextureLookup lookup = FindTextureFile(io, reference, options.search);
        if (!lookup.found) {
            if (lookup.refused || !options.search.roots.empty() ||
                options.warnMissingWithoutRoots) {
                warnings.add(lookup.refused ? WarningKind::InvalidValue : WarningKind::MissingFile,
                             options.modelFileName, "texture " + reference, 0, lookup.problem);
            }
            continue;
        }
        const auto known = byFile.find(lookup.path);
        if (known != byFile.end()) {
            embedded = known->second;
            continue;
        }
        const std::string fileName = FileNameOf(lookup.path);
        try {
            std::vector<uint8_t> file;
            if (!ReadFileIfExists(io, lookup.path, file)) {
                ThrowImportError(fileName, "texture", 0, "cannot be read");
            }
            if (file.size() > kMaxTextureFileBytes) {
                ThrowImportError(fileName, "texture", 0, "file larger than 1 GB");
            }
            const EncodedTexture encoded = Encode(file, fileName, decoders, warnings);
            embedded.ok = true;
            embedded.textureIndex = firstIndex + static_cast<unsigned>(added.size());
            embedded.hasAlpha = encoded.hasAlpha;
            embedded.binaryAlpha = encoded.binaryAlpha;
            added.push_back(MakeTexture(encoded, reference));
        } catch (const ImportLimitError &error) {
            warnings.add(WarningKind::LimitReached, error.place(),
                         error.problem() + "; the texture is not embedded");
        } catch (const ImportError &error) {
            warnings.add(WarningKind::UnreadableFile, error.place(),
                         error.problem() + "; the texture is not embedded");
        } catch (const std::bad_alloc &) {
            warnings.add(WarningKind::UnreadableFile, fileName, "texture", 0,
                         "out of memory; the texture is not embedded");
        }
        byFile.emplace(lookup.path, embedded);
    }
    if (progress) {
        progress(byReference.size(), byReference.size());
    }
    for (const Slot &slot : slots) {
        const Embedded &embedded = byReference[slot.reference];
        if (!embedded.ok) {
            continue;
        }
        aiMaterial &material = *scene->mMaterials[slot.material];
        const aiString path("*" + std::to_string(embedded.textureIndex));
        material.AddProperty(&path, _AI_MATKEY_TEXTURE_BASE, slot.type, slot.index);
        if (IsBaseColour(slot.type, slot.index)) {
            SetAlphaMode(material, embedded);
        }
    }
    const size_t count = added.size();
    AppendTextures(*scene, added);
    return count;
}

} // namespace agf
