/** @file ImportError.cpp */
#include "ImportError.h"

namespace agf {

namespace {
std::string FormatMessage(const std::string &file, const std::string &structure, uint64_t offset,
                          const std::string &problem) {
    std::string message = file.empty() ? std::string("<memory>") : file;
    message += ": ";
    if (!structure.empty()) {
        message += structure;
        message += ' ';
    }
    message += "at byte ";
    message += std::to_string(offset);
    message += ": ";
    message += problem;
    return message;
}
} // namespace

ImportError::ImportError(const std::string &file, const std::string &structure, uint64_t offset,
                         const std::string &problem)
    : std::runtime_error(FormatMessage(file, structure, offset, problem)), mFile(file),
      mStructure(structure), mOffset(offset) {}

void ThrowImportError(const std::string &file, const std::string &structure, uint64_t offset,
                      const std::string &problem) {
    throw ImportError(file, structure, offset, problem);
}

} // namespace agf
