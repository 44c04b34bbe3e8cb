/** @file CommandLine.cpp
 *  The option table parser and the options shared by every importing verb.
 */
#include "CommandLine.h"

#include "PropertySettings.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/postprocess.h>

#include <cmath>
#include <cstddef>
#include <sstream>

namespace agf::cli {

namespace {

struct PostProcessFlag {
    const char *shortName;
    const char *longName;
    unsigned int flag;
    const char *help;
};

// The stock tool's post-processing switches, with its spellings.
const PostProcessFlag kPostProcessFlags[] = {
    {"-ptv", "--pretransform-vertices", aiProcess_PreTransformVertices,
     "bake node transforms into the meshes"},
    {"-gsn", "--gen-smooth-normals", aiProcess_GenSmoothNormals, "generate smooth normals"},
    {"-gn", "--gen-normals", aiProcess_GenNormals, "generate flat normals"},
    {"-dn", "--drop-normals", aiProcess_DropNormals, "drop normals"},
    {"-cts", "--calc-tangent-space", aiProcess_CalcTangentSpace, "compute tangents"},
    {"-jiv", "--join-identical-vertices", aiProcess_JoinIdenticalVertices,
     "join identical vertices (indexed meshes)"},
    {"-rrm", "--remove-redundant-materials", aiProcess_RemoveRedundantMaterials,
     "remove unused and duplicate materials"},
    {"-fd", "--find-degenerates", aiProcess_FindDegenerates, "find degenerate primitives"},
    {"-slm", "--split-large-meshes", aiProcess_SplitLargeMeshes, "split large meshes"},
    {"-lbw", "--limit-bone-weights", aiProcess_LimitBoneWeights,
     "at most 4 bone weights per vertex"},
    {"-vds", "--validate-data-structure", aiProcess_ValidateDataStructure,
     "validate the imported scene"},
    {"-icl", "--improve-cache-locality", aiProcess_ImproveCacheLocality,
     "reorder triangles for the vertex cache"},
    {"-sbpt", "--sort-by-ptype", aiProcess_SortByPType, "split meshes by primitive type"},
    {"-lh", "--left-handed", aiProcess_ConvertToLeftHanded, "convert to left-handed"},
    {"-fuv", "--flip-uv", aiProcess_FlipUVs, "flip V texture coordinates"},
    {"-fwo", "--flip-winding-order", aiProcess_FlipWindingOrder, "flip the winding order"},
    {"-tuv", "--transform-uv-coords", aiProcess_TransformUVCoords, "apply UV transforms"},
    {"-guv", "--gen-uvcoords", aiProcess_GenUVCoords, "generate UVs from mappings"},
    {"-fid", "--find-invalid-data", aiProcess_FindInvalidData, "remove invalid data"},
    {"-fixn", "--fix-normals", aiProcess_FixInfacingNormals, "fix normals that point inwards"},
    {"-tri", "--triangulate", aiProcess_Triangulate, "triangulate polygons"},
    {"-fi", "--find-instances", aiProcess_FindInstances, "find instanced meshes"},
    {"-og", "--optimize-graph", aiProcess_OptimizeGraph, "collapse the node graph"},
    {"-om", "--optimize-meshes", aiProcess_OptimizeMeshes, "join small meshes"},
    {"-db", "--debone", aiProcess_Debone, "remove bones that do not deform"},
    {"-sbc", "--split-by-bone-count", aiProcess_SplitByBoneCount,
     "split meshes with too many bones"},
    {"-embtex", "--embed-textures", aiProcess_EmbedTextures, "embed referenced textures"},
    {"-gs", "--global-scale", aiProcess_GlobalScale,
     "apply the global scale (GLOBAL_SCALE_FACTOR)"},
};

unsigned int PresetFlags(const std::string &name) {
    if (name == "fast") {
        return aiProcessPreset_TargetRealtime_Fast;
    }
    if (name == "default") {
        return aiProcessPreset_TargetRealtime_Quality;
    }
    if (name == "full") {
        return aiProcessPreset_TargetRealtime_MaxQuality;
    }
    throw UsageError("unknown post-processing preset '" + name +
                     "' (expected fast, default or full)");
}

float ParseAngle(const std::string &option, const std::string &text) {
    try {
        size_t used = 0;
        const float value = std::stof(text, &used);
        if (used == text.size()) {
            return value;
        }
    } catch (const std::exception &) {
        // reported below
    }
    throw UsageError(option + " expects an angle in radians, got '" + text + "'");
}

bool StartsWith(const std::string &text, const std::string &prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

double ParseNumber(const std::string &option, const std::string &unit, const std::string &text) {
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size() && std::isfinite(value)) {
            return value;
        }
    } catch (const std::exception &) {
        // reported below
    }
    throw UsageError(option + " expects " + unit + ", got '" + text + "'");
}

void AddPoseOptions(OptionTable &table, ImportOptions &options) {
    table.push_back({{"--pose"},
                     OptionValue::Separate,
                     "FILE",
                     "add the pose in FILE (pz2, bvh, psa, uepose, glb...) as an animation",
                     [&options](const std::string &file) {
                         if (file.empty()) {
                             throw UsageError("--pose expects a file name");
                         }
                         options.poseFile = file;
                     }});
    table.push_back({{"--pose-convention"},
                     OptionValue::Separate,
                     "NAME",
                     "norool (default), raw, ik, combined or combined-b",
                     [&options](const std::string &name) {
                         try {
                             options.poseConvention = PoseConventionName(ParsePoseConvention(name));
                         } catch (const std::invalid_argument &error) {
                             throw UsageError(std::string("--pose-convention: ") + error.what());
                         }
                     }});
    table.push_back({{"--pose-map"},
                     OptionValue::Separate,
                     "FILE",
                     "bone-name map, lines '<pose bone> <model bone>'",
                     [&options](const std::string &file) {
                         if (file.empty()) {
                             throw UsageError("--pose-map expects a file name");
                         }
                         options.poseMap = file;
                     }});
    table.push_back({{"--pose-anim"},
                     OptionValue::Separate,
                     "NAME|INDEX",
                     "the pose file's animation to sample (default: the first)",
                     [&options](const std::string &name) { options.poseAnimation = name; }});
    table.push_back({{"--pose-time"},
                     OptionValue::Separate,
                     "SECONDS",
                     "when to sample it (default 0)",
                     [&options](const std::string &text) {
                         options.poseTime = ParseNumber("--pose-time", "seconds", text);
                     }});
    table.push_back({{"--pose-yaw"},
                     OptionValue::Separate,
                     "DEGREES",
                     "turn the pose about Y first (a rig facing another way)",
                     [&options](const std::string &text) {
                         options.poseYaw = ParseNumber("--pose-yaw", "degrees", text);
                     }});
}

} // namespace

void AddImportOptions(OptionTable &table, ImportOptions &options) {
    for (const PostProcessFlag &flag : kPostProcessFlags) {
        const unsigned int bits = flag.flag;
        table.push_back(
            {{flag.shortName, flag.longName},
             OptionValue::None,
             "",
             flag.help,
             [&options, bits](const std::string &) { options.postProcessing |= bits; }});
    }
    // The stock tool documents --convert-to-lh but parses --left-handed; accept both.
    table.push_back(
        {{"--convert-to-lh"}, OptionValue::None, "", "", [&options](const std::string &) {
             options.postProcessing |= aiProcess_ConvertToLeftHanded;
         }});
    auto preset = [&options](const std::string &name) {
        options.postProcessing |= PresetFlags(name);
    };
    table.push_back({{"-c"},
                     OptionValue::Attached,
                     "fast|default|full",
                     "post-processing preset (TargetRealtime_Fast/_Quality/_MaxQuality)",
                     preset});
    table.push_back({{"--config"}, OptionValue::Separate, "fast|default|full", "", preset});

    table.push_back({{"-l", "--show-log"},
                     OptionValue::None,
                     "",
                     "print Assimp's log on stderr",
                     [&options](const std::string &) { options.showLog = true; }});
    table.push_back({{"-v", "--verbose"},
                     OptionValue::None,
                     "",
                     "verbose log",
                     [&options](const std::string &) { options.verbose = true; }});
    table.push_back({{"-lo", "--log-out"},
                     OptionValue::Attached,
                     "=FILE",
                     "write Assimp's log to FILE (default assimp-log.txt)",
                     [&options](const std::string &file) {
                         options.logFile = file.empty() ? "assimp-log.txt" : file;
                     }});

    const char *axes[] = {"x", "y", "z"};
    for (int axis = 0; axis < 3; ++axis) {
        const std::string shortName = std::string("-r") + axes[axis];
        const std::string longName = std::string("--rotation-") + axes[axis];
        table.push_back({{shortName, longName},
                         OptionValue::Attached,
                         "=RADIANS",
                         axis == 0 ? "rotate the root node before export (also -ry=, -rz=)" : "",
                         [&options, axis, shortName](const std::string &text) {
                             options.rotation[axis] = ParseAngle(shortName, text);
                         }});
    }

    table.push_back({{"--anim"},
                     OptionValue::Separate,
                     "FILE",
                     "add an animation file (PSA, PSAX, MOT, UEANIM...) to the import; repeatable",
                     [&options](const std::string &file) {
                         if (file.empty()) {
                             throw UsageError("--anim expects a file name");
                         }
                         options.animationFiles.push_back(file);
                     }});
    table.push_back({{"--texture-root"},
                     OptionValue::Separate,
                     "DIR",
                     "look for textures under DIR too (an Arma data root, a PBO archive, a "
                     "folder of PBOs...); repeatable",
                     [&options](const std::string &folder) {
                         if (folder.empty()) {
                             throw UsageError("--texture-root expects a folder or a PBO");
                         }
                         options.textureRoots.push_back(folder);
                     }});
    AddPoseOptions(table, options);
    table.push_back({{"--set"},
                     OptionValue::Separate,
                     "KEY=VALUE",
                     "set an importer or exporter property ('assimp help options'); repeatable",
                     [&options](const std::string &setting) {
                         const size_t equals = setting.find('=');
                         if (equals == std::string::npos || equals == 0) {
                             throw UsageError("--set expects KEY=VALUE, got '" + setting + "'");
                         }
                         options.properties.push_back(CheckedPropertySetting(
                             {setting.substr(0, equals), setting.substr(equals + 1)}));
                     }});
}

void AddHelpOption(OptionTable &table, bool &helpRequested) {
    table.push_back({{"-h", "--help", "-?"},
                     OptionValue::None,
                     "",
                     "show this help",
                     [&helpRequested](const std::string &) { helpRequested = true; }});
}

std::vector<std::string> ParseArguments(const std::vector<std::string> &args,
                                        const OptionTable &table) {
    std::vector<std::string> positional;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--") {
            positional.insert(positional.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                              args.end());
            break;
        }
        if (arg.size() < 2 || arg[0] != '-') {
            positional.push_back(arg);
            continue;
        }

        // 1. The whole argument is an option's name. Exact names win over attached values, so
        //    that "-fuv" is the flag and not the format "uv", and "-cts" is not a preset.
        const OptionSpec *exact = nullptr;
        for (const OptionSpec &spec : table) {
            for (const std::string &name : spec.names) {
                if (name == arg) {
                    exact = &spec;
                }
            }
        }
        if (exact != nullptr) {
            if (exact->value == OptionValue::Separate) {
                if (i + 1 >= args.size()) {
                    throw UsageError("option " + arg + " expects " + exact->valueName);
                }
                exact->action(args[++i]);
            } else {
                exact->action(std::string());
            }
            continue;
        }

        // 2. "NAME=VALUE" or, for attached options, "NAMEVALUE"; the longest name wins.
        const OptionSpec *best = nullptr;
        size_t bestLength = 0;
        for (const OptionSpec &spec : table) {
            if (spec.value == OptionValue::None) {
                continue;
            }
            for (const std::string &name : spec.names) {
                const bool matches = spec.value == OptionValue::Attached
                                         ? StartsWith(arg, name)
                                         : StartsWith(arg, name + "=");
                if (matches && name.size() > bestLength) {
                    best = &spec;
                    bestLength = name.size();
                }
            }
        }
        if (best == nullptr) {
            throw UsageError("unknown option '" + arg + "'");
        }
        std::string value = arg.substr(bestLength);
        if (!value.empty() && value[0] == '=') {
            value.erase(0, 1);
        }
        best->action(value);
    }
    return positional;
}

std::string DescribeOptions(const OptionTable &table) {
    std::ostringstream out;
    for (const OptionSpec &spec : table) {
        if (spec.help.empty()) {
            continue;
        }
        std::string names;
        for (const std::string &name : spec.names) {
            names += (names.empty() ? "" : ", ") + name;
        }
        if (spec.value == OptionValue::Attached) {
            names +=
                spec.valueName.rfind('=', 0) == 0 ? spec.valueName : "<" + spec.valueName + ">";
        } else if (spec.value == OptionValue::Separate) {
            names += " " + spec.valueName;
        }
        const size_t column = 34;
        out << "    " << names;
        out << (names.size() < column ? std::string(column - names.size(), ' ') : "  ");
        out << spec.help << "\n";
    }
    return out.str();
}

} // namespace agf::cli
