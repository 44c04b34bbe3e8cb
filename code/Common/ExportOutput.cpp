/** @file ExportOutput.cpp */
#include "ExportOutput.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <algorithm>

namespace agf {

void ExportWarnings::add(const std::string &structure, const std::string &problem) {
    const std::string message = structure.empty() ? problem : structure + ": " + problem;
    if (std::find(mMessages.begin(), mMessages.end(), message) == mMessages.end()) {
        mMessages.push_back(message);
    }
}

bool ExportWarnings::contains(const std::string &fragment) const {
    return std::any_of(mMessages.begin(), mMessages.end(), [&](const std::string &message) {
        return message.find(fragment) != std::string::npos;
    });
}

void ExportWarnings::flush(const char *formatId, const std::string &path) const {
    for (const std::string &message : mMessages) {
        ASSIMP_LOG_WARN("agf \"", formatId, "\" export of ", path, ": ", message);
    }
}

void WriteFile(Assimp::IOSystem *io, const std::string &path, const void *data, size_t size) {
    Assimp::IOStream *stream = io->Open(path.c_str(), "wb");
    if (stream == nullptr) {
        throw std::runtime_error("cannot open " + path + " for writing");
    }
    const size_t written = size == 0 ? 0 : stream->Write(data, size, 1);
    io->Close(stream);
    if (size != 0 && written != 1) {
        throw std::runtime_error("could not write " + std::to_string(size) + " bytes to " + path);
    }
}

void LogExportFailure(const char *formatId, const char *path, const std::exception &error) {
    ASSIMP_LOG_ERROR("agf \"", formatId, "\" export of ", path, " failed: ", error.what());
}

} // namespace agf
