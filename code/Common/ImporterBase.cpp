/** @file ImporterBase.cpp */
#include "ImporterBase.h"

#include <assimp/Importer.hpp>

namespace agf {

void ImporterBase::InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) {
    mWarnings = Warnings();
    try {
        importFile(file, scene, io, mWarnings);
    } catch (...) {
        // What was found before the fatal problem still helps to understand it.
        mWarnings.flush();
        throw;
    }
    mWarnings.flush();
}

const Warnings *LastImportWarnings(const Assimp::Importer &importer, const std::string &extension) {
    const auto *ours = dynamic_cast<const ImporterBase *>(importer.GetImporter(extension.c_str()));
    return ours != nullptr ? &ours->lastWarnings() : nullptr;
}

} // namespace agf
