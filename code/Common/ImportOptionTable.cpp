/** @file ImportOptionTable.cpp
 *  agf::ListImportOptions: every option of our importers and writers with its type and default,
 *  the one place those defaults are written (Options.h reads them from here).
 */
#include <assimp_gameformats/ImportOptions.h>

namespace agf {

namespace {

// The defaults of options the importers also need as numbers.
constexpr const char *kTrue = "true";
constexpr const char *kFalse = "false";

std::vector<ImportOption> MakeTable() {
    const char *psk = "psk pskx";
    const char *psa = "psa psax";
    const char *skinned = "psk pskx fxm p3d uemodel";
    const char *idolFx = "fxm mot anb";
    const char *poser = "pz2 p2z cr2 crz";
    const char *actorxOut = "psk pskx psa psax";
    const char *every =
        "psk pskx psa psax psw p3d fxm mot anb pz2 p2z cr2 crz uemodel ueanim uepose";
    const char *animated = "psk pskx psa psax fxm uemodel ueanim uepose";
    const char *ueformat = "uemodel ueanim uepose";
    return {
        {AI_CONFIG_IMPORT_TEXTURE_ROOTS, "string", "", every,
         "folders to find textures under (';'-separated), e.g. an Arma data root"},
        {AI_CONFIG_IMPORT_TEXTURES_KEEP_REFERENCES, "bool", kFalse, every,
         "keep texture references as written; embed nothing"},
        {AI_CONFIG_IMPORT_PSK_SCALE, "float", "1", psk, "scale on the root node (0.01: metres)"},
        {AI_CONFIG_IMPORT_PSK_YUP, "bool", kTrue, psk, "turn the Z-up file Y-up on the root"},
        {AI_CONFIG_IMPORT_PSK_VERTEXCOLOR_BGRA, "bool", kFalse, psk,
         "read VERTEXCOLOR as BGRA (Epic's ActorX)"},
        {AI_CONFIG_IMPORT_PSK_SKIP_MORPHS, "bool", kFalse, psk, "do not import morph targets"},
        {AI_CONFIG_IMPORT_PSK_SKIP_SOCKETS, "bool", kFalse, psk, "do not import sockets"},
        {AI_CONFIG_IMPORT_PSK_SKIP_SIDECARS, "bool", kFalse, psk,
         "do not read UEViewer .props.txt/.mat sidecars"},
        {AI_CONFIG_IMPORT_PSK_NO_ANIM_AUTOLOAD, "bool", kFalse, psk,
         "do not load <mesh>.psa/.psax next to the PSK"},
        {AI_CONFIG_IMPORT_GAMEFORMATS_ANIM_FILES, "string", "", skinned,
         "animation files to load onto the skeleton, ';'-separated"},
        {AI_CONFIG_IMPORT_GAMEFORMATS_THREADS, "int", "0", every,
         "most threads one import uses (0: the cores, at most 4; 1: none)"},
        {AI_CONFIG_IMPORT_GAMEFORMATS_MAP_FILES, "bool", kFalse, every,
         "map large model files instead of reading them (not for files that may shrink)"},
        {AI_CONFIG_IMPORT_PSA_USE_CONFIG, "bool", kTrue, psa, "apply the UEViewer .config sidecar"},
        {AI_CONFIG_IMPORT_PSAX_OLD_ROOT, "bool", kFalse, "psax",
         "first-writer PSAX: conjugate the root too"},
        {AI_CONFIG_IMPORT_PSA_YUP, "bool", kTrue, psa, "stand-alone import: turn the root Y-up"},
        {AI_CONFIG_IMPORT_PSA_SCALE, "float", "1", psa, "stand-alone import: scale on the root"},
        {AI_CONFIG_IMPORT_ANIMATION_ADDITIVE, "string", "keep", animated,
         "additive clips: keep (deltas), bind, or the name of the base animation"},
        {AI_CONFIG_IMPORT_ANIMATION_ADDITIVE_SPACE, "string", "local", animated,
         "additive space where the file does not say: local or mesh"},
        {AI_CONFIG_IMPORT_PSW_YUP, "bool", kTrue, "psw", "turn the Z-up world Y-up on the root"},
        {AI_CONFIG_IMPORT_PSW_SCALE, "float", "1", "psw", "scale on the root node"},
        {AI_CONFIG_IMPORT_PSW_ASSET_ROOT, "string", "", "psw",
         "folder asset paths start from (default: the world's)"},
        {AI_CONFIG_IMPORT_PSW_LOAD_ASSETS, "bool", kTrue, "psw", "import the actors' meshes"},
        {AI_CONFIG_IMPORT_PSW_LANDSCAPE, "bool", kTrue, "psw", "build terrain from heightmaps"},
        {AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE, "float", "256", "psw",
         "landscape height_mod (unverified formula)"},
        {AI_CONFIG_IMPORT_FXM_KEEP_NATIVE, "bool", kFalse, idolFx,
         "keep Direct3D's left-handed space"},
        {AI_CONFIG_IMPORT_FXM_NO_ANIM_AUTOLOAD, "bool", kFalse, "fxm",
         "do not load <mesh>.mot next to the FXM"},
        {AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, "float", "1000", "mot fxm",
         "ticks per second of MOT animations"},
        {AI_CONFIG_IMPORT_ANB_FPS, "float", "24", "anb", "frames per second of ANB animations"},
        {AI_CONFIG_IMPORT_P3D_LODS, "string", "all", "p3d",
         "LODs to import: all, first, or a list of resolutions/names"},
        {AI_CONFIG_IMPORT_P3D_MODELCFG, "string", "", "p3d", "the model.cfg giving the skeleton"},
        {AI_CONFIG_IMPORT_P3D_NO_MODELCFG, "bool", kFalse, "p3d",
         "do not look for a model.cfg next to the model"},
        {AI_CONFIG_IMPORT_P3D_SKELETON, "string", "", "p3d", "the CfgSkeletons class to use"},
        {AI_CONFIG_IMPORT_P3D_SKELETON_BONES, "string", "", "p3d",
         "a skeleton given directly: \"bone\",\"parent\",..."},
        {AI_CONFIG_IMPORT_UEFORMAT_LODS, "string", "all", "uemodel",
         "LODs to import: all or first"},
        {AI_CONFIG_IMPORT_UEFORMAT_SCALE, "float", "1", ueformat, "scale on the root node"},
        {AI_CONFIG_IMPORT_UEFORMAT_YUP, "bool", kTrue, ueformat,
         "turn the Z-up file Y-up on the root"},
        {AI_CONFIG_IMPORT_UEFORMAT_NO_ANIM_AUTOLOAD, "bool", kFalse, "uemodel",
         "do not load <model>.ueanim next to the .uemodel"},
        {AI_CONFIG_IMPORT_UEFORMAT_POSE, "string", "", "uepose",
         "poses of a .uepose to load: all, or one by name or index"},
        {AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES, "float", "2.62128", poser,
         "metres per Poser native unit"},
        {AI_CONFIG_IMPORT_PZ2_FPS, "float", "30", poser, "frames per second of animated poses"},
        {AI_CONFIG_IMPORT_PZ2_FIGURE, "string", "", poser, "the CR2 figure a pose is put on"},
        {AI_CONFIG_IMPORT_PZ2_NO_FIGURE, "bool", kFalse, poser,
         "do not look for a sibling CR2 next to a pose"},
        {AI_CONFIG_IMPORT_PZ2_NO_GEOMETRY, "bool", kFalse, poser,
         "do not load the figure's OBJ geometry"},
        {AI_CONFIG_EXPORT_GLTF_KEEP_UNITS, "bool", kFalse, "glb gltf",
         "glTF writer: keep the file's units instead of metres", true},
        {AI_CONFIG_EXPORT_GLTF_KEEP_TEXTURE_REFERENCES, "bool", kFalse, "glb gltf",
         "glTF writer: keep texture paths the output cannot resolve", true},
        {AI_CONFIG_EXPORT_ACTORX_SCALE, "float", "1", actorxOut,
         "ActorX writers: scene units per Unreal unit (default: from the scene)", true},
        {AI_CONFIG_EXPORT_ACTORX_YUP, "bool", kTrue, actorxOut,
         "ActorX writers: the scene is Y-up (default: from the scene)", true},
        {AI_CONFIG_EXPORT_PSA_FPS, "float", "0", "psa psax",
         "PSA writer: frames per second (0: from the keys)", true},
    };
}

} // namespace

const std::vector<ImportOption> &ListImportOptions() {
    static const std::vector<ImportOption> table = MakeTable();
    return table;
}

const ImportOption *FindImportOption(const std::string &key) {
    for (const ImportOption &option : ListImportOptions()) {
        if (option.key == key) {
            return &option;
        }
    }
    return nullptr;
}

} // namespace agf
