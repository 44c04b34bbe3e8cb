/** @file PboPublicApi.cpp
 *  The public functions of <assimp_gameformats/PboArchives.h>.
 */
#include "PboArchive.h"
#include "PboFileSystem.h"

#include <assimp_gameformats/PboArchives.h>

#include <assimp/DefaultIOSystem.h>

#include <memory>

namespace agf {

Assimp::IOSystem *NewPboIOSystem(Assimp::IOSystem *wrapped) {
    std::unique_ptr<Assimp::IOSystem> target(wrapped);
    if (!target) {
        target = std::make_unique<Assimp::DefaultIOSystem>();
    }
    return new pbo::PboFileSystem(std::move(target));
}

PboListing ListPboArchive(const std::string &path, Assimp::IOSystem *io) {
    Assimp::DefaultIOSystem disk;
    const pbo::PboArchive archive(io != nullptr ? *io : disk, path);
    PboListing listing;
    listing.prefix = archive.prefix();
    listing.properties = archive.layout().properties;
    for (const pbo::PboEntry &entry : archive.entries()) {
        PboEntryInfo info;
        info.path = entry.path;
        info.dataRootPath = listing.prefix.empty() ? entry.path : listing.prefix + '/' + entry.path;
        info.size = entry.size();
        info.compressed = entry.compressed();
        info.timestamp = entry.timestamp;
        listing.entries.push_back(std::move(info));
    }
    listing.warnings = archive.warnings().entries();
    return listing;
}

} // namespace agf
