/** @file ExportCommand.cpp
 *  `assimp export <model> [<out>] [-f<id>] [options]`
 */
#include "Commands.h"
#include "ExitCodes.h"
#include "ExportFormats.h"
#include "OutputPath.h"
#include "Session.h"

#include <assimp_gameformats/ImportOptions.h>

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>

#include <cstdio>

namespace agf::cli {

namespace {

const char *const kExportUsage =
    "assimp export <model> [<out>] [-f<id>] [options]\n"
    "    Imports <model> and writes it as <out>. The format is -f<id> or --format <id> (see\n"
    "    'assimp listexport'); without it, it follows the extension of <out>. Without <out>\n"
    "    (or with '-'), the output is <model> with the format's extension.\n"
    "    <model> may be an entry of a PBO archive, as if the archive were a folder:\n"
    "    addons/cba_optics.pbo/cba_optic_small_70.p3d (or with the archive's prefix,\n"
    "    addons/cba_optics.pbo/x/cba/addons/optics/cba_optic_small_70.p3d); without <out>,\n"
    "    the output goes beside the archive.\n";

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
        formatId = LowerAscii(id);
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
        // Like the stock tool, accept an extension where an id was expected ("-fdae").
        format = FindExportFormat(exporter, formatId);
        if (format == nullptr) {
            ReportError("export: unknown format id '" + formatId + "', see 'assimp listexport'");
            return kUnknownFileFormat;
        }
    } else {
        const std::string extension = LowerAscii(Assimp::BaseImporter::GetExtension(output));
        if (!extension.empty()) {
            format = FindExportFormatByExtension(exporter, extension);
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
        output = OutputBeside(input, format->fileExtension);
    }
    std::printf("assimp export: select file format: '%s' (%s)\n", format->id, format->description);

    if (!WriterEmbedsTextures(format->id)) {
        // OBJ, PLY, STL, the ActorX writers...: an embedded texture would leave them a "*0"
        // where a path stood. --set IMPORT_TEXTURES_KEEP_REFERENCES=0 (applied later) wins.
        session.importer().SetPropertyBool(AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, true);
    }
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
