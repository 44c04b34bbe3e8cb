/** @file AboutCommands.cpp
 *  The verbs that describe the program: version and help.
 */
#include "CommandLine.h"
#include "Commands.h"
#include "ExitCodes.h"
#include "PropertySettings.h"

#include <assimp_gameformats/GameFormats.h>
#include <assimp_gameformats/ImportOptions.h>

#include <assimp/version.h>

#include <cstdio>
#include <sstream>
#include <string>

namespace agf::cli {

namespace {

// Prints `text` in lines of at most 100 columns, each starting with `indent`.
void PrintWrapped(const std::string &text, const std::string &indent) {
    const size_t width = 100;
    std::istringstream words(text);
    std::string line;
    for (std::string word; words >> word;) {
        if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
            std::printf("%s%s\n", indent.c_str(), line.c_str());
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) {
        std::printf("%s%s\n", indent.c_str(), line.c_str());
    }
}

// `assimp help options`: every key --set accepts, ours with type, default and formats.
int RunHelpOptions() {
    std::printf("Options of assimp-gameformats (--set KEY=VALUE; in a program, the AI_CONFIG_*\n"
                "macro of <assimp_gameformats/ImportOptions.h> on Importer::SetProperty*):\n\n");
    for (const ImportOption &option : ListImportOptions()) {
        std::printf("  %s  (%s, default %s%s%s)\n", option.key.c_str(), option.type.c_str(),
                    option.type == "string" ? "\"" : "", option.defaultValue.c_str(),
                    option.type == "string" ? "\"" : "");
        PrintWrapped(option.summary + ". Formats: " + option.formats +
                         (option.exportOption ? " (an exporter option)" : ""),
                     "      ");
    }
    std::printf("\nAssimp's own keys (see <assimp/config.h> for their types and meaning):\n");
    std::string line;
    for (const KnownProperty &property : KnownProperties()) {
        if (!property.ours) {
            line += property.key + " ";
        }
    }
    PrintWrapped(line, "  ");
    return kSuccess;
}

} // namespace

int RunVersion(const Arguments &) {
    const unsigned int flags = aiGetCompileFlags();
    std::printf("------------------------------------------------------ \n"
                "Open Asset Import Library (\"Assimp\", https://github.com/assimp/assimp) \n"
                " -- Commandline toolchain --\n"
                "------------------------------------------------------ \n\n");
    std::printf("Version %u.%u %s%s%s%s%s(GIT commit %x)\n\n", aiGetVersionMajor(),
                aiGetVersionMinor(), (flags & ASSIMP_CFLAGS_DEBUG) ? "-debug " : "",
                (flags & ASSIMP_CFLAGS_NOBOOST) ? "-noboost " : "",
                (flags & ASSIMP_CFLAGS_SHARED) ? "-shared " : "",
                (flags & ASSIMP_CFLAGS_SINGLETHREADED) ? "-st " : "",
                (flags & ASSIMP_CFLAGS_STLPORT) ? "-stlport " : "", aiGetVersionRevision());
    std::printf("Assimp library:       %u.%u.%u\n", aiGetVersionMajor(), aiGetVersionMinor(),
                aiGetVersionPatch());
    std::printf("assimp-gameformats:   %s\n", Version());
    std::string repairs;
    for (const std::string &name : AssimpRepairsInUse()) {
        repairs += (repairs.empty() ? "" : ", ") + name;
    }
    std::printf("Assimp repairs:       %s\n", repairs.empty() ? "none" : repairs.c_str());
    return kSuccess;
}

int RunHelp(const Arguments &args) {
    if (!args.empty() && args[0] == "options") {
        return RunHelpOptions();
    }
    if (!args.empty()) {
        throw UsageError("unknown help topic '" + args[0] + "' (try 'assimp help options')");
    }
    std::printf(
        "assimp <verb> <parameters>\n\n"
        " verbs:\n"
        "    info       - Quick file stats: counts, meshes, materials, animations, metadata, "
        "nodes\n"
        "    listext    - List all known file extensions available for import\n"
        "    knowext    - Check whether a file extension is recognized (exit code 0 if so)\n"
        "    export     - Export a file to one of the supported output formats\n"
        "    listexport - List all supported export formats\n"
        "    exportinfo - Show basic information on a specific export format\n"
        "    dump       - Convert models to a binary or textual dump (ASSBIN/ASSXML)\n"
        "    cmpdump    - Compare two dumps (or models) value by value\n"
        "    extract    - Extract the textures embedded in a model to image files\n"
        "    testbatchload - Import many files with one importer instance\n"
        "    batch      - Convert a whole folder tree in parallel, with a report; resumable\n"
        "    batch-merge - Join the reports of 'batch --shard I/N' runs\n"
        "    view       - Browse and view models in a local web page (or write a gallery)\n"
        "    version    - Display the Assimp and assimp-gameformats versions\n"
        "    help       - This text; 'assimp help options' lists every --set key\n"
        "\n Use 'assimp <verb> --help' for detailed help on a command.\n\n"
        " usage:\n"
        "    assimp export <model> [<out>] [-f<id>] [options]\n"
        "    assimp info <model> [-r] [-v] [-s] [options]\n"
        "    assimp dump <model> [<out>] [-b] [-s] [-z] [options]\n"
        "    assimp cmpdump <actual> <expected> [--epsilon E]\n"
        "    assimp extract <model> [<out>] [-t<n>] [-f<fmt>] [-ba] [-s] [options]\n"
        "    assimp testbatchload <file>...\n"
        "    assimp view <path> [--port N] [--static OUT] [options]\n"
        "    assimp batch <src> <dst> [-f<id>] [--jobs N] [--anim-bind auto|none] [--force]\n"
        "                 [--include GLOB] [--exclude GLOB] [--shard I/N] [options]\n"
        "    assimp batch-merge <dst>\n"
        "    assimp knowext <ext>\n"
        "    assimp exportinfo <id>\n\n");

    ImportOptions unused;
    OptionTable table;
    AddImportOptions(table, unused);
    std::printf(" options of export, info, dump, extract, view and batch:\n%s\n",
                DescribeOptions(table).c_str());
    std::printf(
        " --set KEY=VALUE sets an importer or exporter property: a key of\n"
        " <assimp/config.h> or <assimp_gameformats/ImportOptions.h>, as its string or its macro\n"
        " name: --set IMPORT_PSK_SCALE=0.01, --set AI_CONFIG_PP_SLM_TRIANGLE_LIMIT=5000. Unknown\n"
        " keys are refused with the closest known ones; 'assimp help options' lists them all.\n"
        " The value is stored as a string and, when it reads as one, also as an integer and a\n"
        " float, so that integer, boolean (true/false, yes/no, on/off, 1/0), float and string\n"
        " properties all see it. --anim FILE sets IMPORT_GAMEFORMATS_ANIM_FILES after every\n"
        " --set.\n\n");
    std::printf(
        " --pose FILE adds the pose of FILE's first animation (any format with one: bvh, psa,\n"
        " glb...) to the model as the animation 'pose:<base name>', bones matched by name\n"
        " (case-insensitive; Poser ':1' suffixes ignored) or through --pose-map, whose lines are\n"
        " '<pose bone> <model bone>' (\"quoted\" names with spaces, # comments).\n"
        " --pose-convention: norool (default) and combined carry bone changes in world axes and\n"
        " suit any rig with the same bone directions; raw and ik are bone-local and need the\n"
        " same bone rolls; combined-b is the other reading of PoseLib16's fourth convention.\n"
        " --pose-yaw turns the pose about the up axis first, for a rig that faces another way\n"
        " than the pose's figure (Poser figures face +Z).\n\n");

    std::printf(" formats added by assimp-gameformats %s:\n", Version());
    const std::vector<FormatInfo> formats = ListFormats();
    if (formats.empty()) {
        std::printf("    (none registered in this build)\n");
    }
    for (const FormatInfo &format : formats) {
        std::printf("    %-28s %s\n", format.name.c_str(), format.extensions.c_str());
        PrintWrapped(format.description, "        ");
    }
    std::printf("\n Every stock Assimp format is available as well; see 'assimp listext' and\n"
                " 'assimp listexport'.\n");
    return kSuccess;
}

} // namespace agf::cli
