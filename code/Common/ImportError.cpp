/** @file ImportError.cpp */
#include "ImportError.h"

#include "FileLoading.h"

#include <assimp/MemoryIOWrapper.h>

namespace agf {

std::string DisplayedFileName(const std::string &file) {
    if (file.empty()) {
        return "<memory>";
    }
    if (IsMemoryFile(file)) {
        return "<memory>" + file.substr(AI_MEMORYIO_MAGIC_FILENAME_LENGTH);
    }
    return file;
}

std::string FormatProblem(const FilePlace &place, const std::string &problem) {
    std::string message = DisplayedFileName(place.file);
    if (place.line != 0) {
        message += ':';
        message += std::to_string(place.line);
    }
    message += ": ";
    if (!place.structure.empty()) {
        message += place.structure;
        message += ' ';
    }
    message += "at byte ";
    message += std::to_string(place.offset);
    message += ": ";
    message += problem;
    return message;
}

ImportError::ImportError(const FilePlace &place, const std::string &problem)
    : std::runtime_error(FormatProblem(place, problem)), mPlace(place), mProblem(problem) {}

ImportError::ImportError(const std::string &file, const std::string &structure, uint64_t offset,
                         const std::string &problem)
    : ImportError(FilePlace{file, structure, offset, 0}, problem) {}

void ThrowImportError(const std::string &file, const std::string &structure, uint64_t offset,
                      const std::string &problem) {
    throw ImportError(file, structure, offset, problem);
}

void ThrowImportError(const FilePlace &place, const std::string &problem) {
    throw ImportError(place, problem);
}

void ThrowImportLimitError(const FilePlace &place, const std::string &problem) {
    throw ImportLimitError(place, problem);
}

} // namespace agf
