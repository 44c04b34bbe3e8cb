/** @file ExportCommand.cpp
 *  `assimp export <model> [<out>] [-f<id>] [options]`
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "OutputPath.h"
#include "Session.h"

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace agf::cli {

namespace {

const char *const kExportUsage =
    "assimp export <model> [<out>] [-f<id>] [options]\n"
    "    Imports <model> and writes it as <out>. The format is -f<id> or --format <id> (see\n"
    "    'assimp listexport'); without it, it follows the extension of <out>. Without <out>\n"
    "    (or with '-'), the output is <model> with the format's extension.\n";

std::string Lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

const aiExportFormatDesc *FindById(const Assimp::Exporter &exporter, const std::string &id) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc != nullptr && Lower(desc->id) == id) {
            return desc;
        }
    }
    return nullptr;
}

const aiExportFormatDesc *FindFirstByExtension(const Assimp::Exporter &exporter,
                                               const std::string &extension) {
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc != nullptr && Lower(desc->fileExtension) == extension) {
            return desc;
        }
    }
    return nullptr;
}

// Several formats share an extension (.glb: glb2 and glb; .fbx: fbx and fbxa). The stock tool
// takes the first in Assimp's own order. Our registered exporters may have changed that order,
// so ask an Exporter without them, then use the format with that id from ours.
const aiExportFormatDesc *FindByExtension(const Assimp::Exporter &exporter,
                                          const std::string &extension) {
    const Assimp::Exporter stockExporter;
    if (const aiExportFormatDesc *stock = FindFirstByExtension(stockExporter, extension)) {
        if (const aiExportFormatDesc *ours = FindById(exporter, Lower(stock->id))) {
            return ours;
        }
    }
    return FindFirstByExtension(exporter, extension);
}

} // namespace

int RunExport(const Arguments &args) {
    ImportOptions options;
    std::string formatId;
    bool help = false;
    OptionTable table;
    auto setFormat = [&formatId](const std::string &id) {
        if (id.empty()) {
            throw UsageError("-f / --format expects a format id, e.g. -fglb2");
        }
        formatId = Lower(id);
    };
    table.push_back({{"-f"}, OptionValue::Attached, "id", "export format id", setFormat});
    table.push_back({{"--format"}, OptionValue::Separate, "ID", "export format id", setFormat});
    AddImportOptions(table, options);
    AddHelpOption(table, help);
    const Arguments files = ParseArguments(args, table);
    if (help) {
        std::printf("%s\noptions:\n%s", kExportUsage, DescribeOptions(table).c_str());
        return kSuccess;
    }
    if (files.empty() || files.size() > 2) {
        throw UsageError("expected <model> [<out>], see 'assimp export --help'");
    }
    const std::string input = files[0];
    std::string output = files.size() > 1 && files[1] != "-" ? files[1] : std::string();

    Session session(options);
    const Assimp::Exporter &exporter = session.exporter();
    const aiExportFormatDesc *format = nullptr;
    if (!formatId.empty()) {
        format = FindById(exporter, formatId);
        if (format == nullptr) {
            // Like the stock tool, accept an extension where an id was expected ("-fdae").
            format = FindByExtension(exporter, formatId);
        }
        if (format == nullptr) {
            ReportError("export: unknown format id '" + formatId + "', see 'assimp listexport'");
            return kUnknownFileFormat;
        }
    } else {
        const std::string extension = Lower(Assimp::BaseImporter::GetExtension(output));
        if (!extension.empty()) {
            format = FindByExtension(exporter, extension);
        }
        if (format == nullptr) {
            ReportError(output.empty()
                            ? "export: no output file and no -f<id>: cannot tell the format"
                            : "export: cannot tell the format of '" + output +
                                  "' from its extension; use -f<id> (see 'assimp listexport')");
            return kExportCannotGuessFormat;
        }
    }
    if (output.empty()) {
        output = ReplaceExtension(input, format->fileExtension);
    }
    std::printf("assimp export: select file format: '%s' (%s)\n", format->id, format->description);

    const aiScene *scene = session.Import(input);
    if (scene == nullptr) {
        return kExportFailedToImport;
    }
    if (!session.Export(scene, format->id, output)) {
        return kExportFailedToExport;
    }
    std::printf("assimp export: wrote output file: %s\n", output.c_str());
    return kSuccess;
}

} // namespace agf::cli
