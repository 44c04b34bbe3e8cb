/** @file ExportOutput.cpp */
#include "ExportOutput.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

namespace agf {

void ExportWarnings::add(WarningKind kind, const std::string &structure,
                         const std::string &problem) {
    // The file is named when the export ends (EndExport): the writers do not know it.
    mWarnings.add(kind, FilePlace{std::string(), structure, Warning::kNoOffset, 0}, problem);
}

namespace {

/** The warnings of the last export each thread ran: an Exporter runs its writer on the calling
 *  thread, so the caller reads the warnings of its own export. */
std::vector<Warning> &ThreadExportWarnings() {
    thread_local std::vector<Warning> warnings;
    return warnings;
}

} // namespace

void BeginExport() {
    ThreadExportWarnings().clear();
}

void EndExport(const std::string &path, const ExportWarnings &warnings) {
    std::vector<Warning> published = warnings.entries();
    for (Warning &warning : published) {
        warning.file = path;
        LogWarning(warning);
    }
    ThreadExportWarnings() = std::move(published);
}

std::vector<Warning> LastExportWarnings() {
    return ThreadExportWarnings();
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
