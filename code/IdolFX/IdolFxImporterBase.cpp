/** @file IdolFxImporterBase.cpp */
#include "IdolFxImporterBase.h"

#include "Common/FileLoading.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <memory>

namespace agf::idolfx {

std::vector<uint8_t> ReadFileStart(Assimp::IOSystem *io, const std::string &path, size_t maxBytes) {
    std::vector<uint8_t> bytes;
    if (io == nullptr) {
        return bytes;
    }
    std::unique_ptr<Assimp::IOStream> stream(io->Open(path, "rb"));
    if (!stream) {
        return bytes;
    }
    bytes.resize(std::min(stream->FileSize(), maxBytes));
    bytes.resize(bytes.empty() ? 0 : stream->Read(bytes.data(), 1, bytes.size()));
    return bytes;
}

TextureExists TextureExistsNextTo(Assimp::IOSystem *io, const std::string &modelPath) {
    const std::string folder = DirectoryOf(modelPath);
    return [io, folder](const std::string &fileName) {
        return io != nullptr && io->Exists(folder + fileName);
    };
}

} // namespace agf::idolfx
