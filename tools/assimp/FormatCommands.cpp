/** @file FormatCommands.cpp
 *  The verbs that describe formats: listext, knowext, listexport, exportinfo.
 */
#include "CommandLine.h"
#include "Commands.h"
#include "ExitCodes.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>
#include <sstream>

namespace agf::cli {

namespace {

// Built here rather than with Importer::GetExtensionList, whose aiString result is cut off at
// 1024 characters.
std::set<std::string> ImportExtensions(const Assimp::Importer &importer) {
    std::set<std::string> extensions;
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const aiImporterDesc *desc = importer.GetImporterInfo(i);
        if (desc == nullptr || desc->mFileExtensions == nullptr) {
            continue;
        }
        std::istringstream words(desc->mFileExtensions);
        std::string extension;
        while (words >> extension) {
            std::transform(extension.begin(), extension.end(), extension.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            extensions.insert(extension);
        }
    }
    return extensions;
}

void RejectExtraArguments(const Arguments &args, size_t allowed) {
    if (args.size() > allowed) {
        throw UsageError("unexpected argument '" + args[allowed] + "'");
    }
}

} // namespace

int RunListExtensions(const Arguments &args) {
    RejectExtraArguments(args, 0);
    Assimp::Importer importer;
    RegisterImporters(importer);
    std::string list;
    for (const std::string &extension : ImportExtensions(importer)) {
        list += (list.empty() ? "*." : ";*.") + extension;
    }
    std::printf("%s\n", list.c_str());
    return kSuccess;
}

int RunKnowExtension(const Arguments &args) {
    if (args.empty()) {
        ReportError("knowext: expected a file extension, e.g. 'assimp knowext psk'");
        return kNoFileExtensionSpecified;
    }
    RejectExtraArguments(args, 1);
    Assimp::Importer importer;
    RegisterImporters(importer);
    const bool known = importer.IsExtensionSupported(args[0]);
    std::printf("File extension '%s'  is %sknown\n", args[0].c_str(), known ? "" : "not ");
    return known ? kSuccess : kUnknownFileExtension;
}

int RunListExportFormats(const Arguments &args) {
    RejectExtraArguments(args, 0);
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        std::printf("%s\n", exporter.GetExportFormatDescription(i)->id);
    }
    return kSuccess;
}

int RunExportInfo(const Arguments &args) {
    if (args.empty()) {
        ReportError("exportinfo: expected a format id, see 'assimp listexport'");
        return kNoFileFormatSpecified;
    }
    RejectExtraArguments(args, 1);
    Assimp::Exporter exporter;
    RegisterExporters(exporter);
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (args[0] == desc->id) {
            std::printf("%s\n%s\n%s\n", desc->id, desc->fileExtension, desc->description);
            return kSuccess;
        }
    }
    ReportError("exportinfo: unknown format id '" + args[0] + "', see 'assimp listexport'");
    return kUnknownFileFormat;
}

} // namespace agf::cli
