/** @file Registry.cpp
 *  The list of our importers, and the public registration functions.
 */
#include <assimp_gameformats/GameFormats.h>

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>

#include <cstring>
#include <memory>

// One header per format family declares its factory functions.
#include "ActorX/ActorXImporters.h"

namespace agf {

namespace {

struct RegisteredFormat {
    FormatInfo info;
    Assimp::BaseImporter *(*create)();
};

const std::vector<RegisteredFormat> &Formats() {
    static const std::vector<RegisteredFormat> formats = {
        // Entries are added here as formats land, e.g.
        // {{"Unreal ActorX mesh", "psk pskx", "ACTRHEAD at byte 0", "..."}, &CreatePskImporter},
    };
    return formats;
}

} // namespace

void RegisterImporters(Assimp::Importer &importer) {
    const auto &formats = Formats();
    if (formats.empty()) {
        return;
    }
    // A second call must not add a second copy of every loader.
    // GetInfo() returns a pointer to a static description, so pointer equality identifies it.
    std::unique_ptr<Assimp::BaseImporter> probe(formats.front().create());
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const aiImporterDesc *desc = importer.GetImporterInfo(i);
        if (desc != nullptr && desc == probe->GetInfo()) {
            return;
        }
    }
    for (const RegisteredFormat &format : formats) {
        importer.RegisterLoader(format.create());
    }
}

std::vector<FormatInfo> ListFormats() {
    std::vector<FormatInfo> list;
    for (const RegisteredFormat &format : Formats()) {
        list.push_back(format.info);
    }
    return list;
}

const char *Version() { return AGF_VERSION; }

} // namespace agf
