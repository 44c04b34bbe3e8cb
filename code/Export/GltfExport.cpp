/** @file GltfExport.cpp */
#include "Export/StockWriters.h"
#include "ExportFunctions.h"

#include "Common/AssimpVersion.h"
#include "Common/FileLoading.h"
#include "Export/ExportSupport.h"
#include "Export/GlbContainer.h"
#include "Export/GltfDocument.h"
#include "Export/GltfEmissive.h"
#include "Export/GltfExtras.h"
#include "Export/GltfImageFiles.h"
#include "Export/GltfLights.h"
#include "Export/GltfMorphWeights.h"
#include "Export/GltfScenePreparation.h"
#include "Export/GltfSpecular.h"
#include "Export/GltfTextureReferences.h"
#include "Export/MemoryFileSystem.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/Exporter.hpp>

#include <stdexcept>
#include <string>

namespace agf {

namespace {

using gltf::GltfDocument;

/** Runs Assimp's own glTF 2 writer into memory; returns the files it wrote by path. */
std::map<std::string, std::vector<uint8_t>> RunAssimpWriter(const aiScene &scene,
                                                            const char *formatId,
                                                            const std::string &path,
                                                            const Assimp::ExportProperties *given) {
    Assimp::Exporter builtIn;
    UseStockWriter(builtIn, formatId);   // inside libassimp: Assimp's writer, not ours
    auto *memory = new MemoryFileSystem; // the Exporter owns and deletes it
    builtIn.SetIOHandler(memory);
    Assimp::ExportProperties properties = given != nullptr ? *given : Assimp::ExportProperties();
    // mesh.extras.targetNames, which Blender and three.js use to name shape keys.
    properties.SetPropertyBool("GLTF2_TARGETNAMES_EXP", true);
    if (builtIn.Export(&scene, formatId, path, InnerPreprocessing(given), &properties) !=
        aiReturn_SUCCESS) {
        throw std::runtime_error(std::string("Assimp's built-in \"") + formatId +
                                 "\" exporter failed: " + builtIn.GetErrorString());
    }
    return std::move(memory->files());
}

void WarnAboutPasses(bool extrasWritten, const gltf::EmissiveReport &emissive,
                     const gltf::LightReport &lights, unsigned specularMaterialsChanged,
                     ExportWarnings &warnings) {
    if (!extrasWritten) {
        warnings.add(WarningKind::Inconsistent, "node extras",
                     "the glTF nodes do not match the scene's; node extras not written");
    }
    if (!emissive.matched) {
        warnings.add(WarningKind::Inconsistent, "materials",
                     "the glTF materials do not match the scene's; emissive colours left as "
                     "Assimp's writer wrote them");
    }
    if (specularMaterialsChanged != 0) {
        warnings.add(WarningKind::Unsupported, "KHR_materials_specular",
                     std::to_string(specularMaterialsChanged) +
                         " materials show images that glTF cannot hold (files neither PNG nor "
                         "JPEG, not embedded); their specular extension is not written");
    }
    if (lights.skipped != 0) {
        warnings.add(WarningKind::Unsupported, "KHR_lights_punctual",
                     std::to_string(lights.skipped) +
                         " lights have no glTF equivalent (ambient) or no node; not written");
    }
    if (lights.approximated != 0) {
        warnings.add(WarningKind::Unsupported, "KHR_lights_punctual",
                     std::to_string(lights.approximated) +
                         " area lights written as spot lights over their half space");
    }
}

/** Leaves out of the copy's materials the textures the output could not reference, with one
 *  warning naming them (GltfTextureReferences.h). */
gltf::UnreachableTextures LeaveOutUnreachableTextures(aiScene &copy, Assimp::IOSystem *io,
                                                      const std::string &path,
                                                      const Assimp::ExportProperties *properties,
                                                      ExportWarnings &warnings) {
    if (properties != nullptr &&
        properties->GetPropertyBool(AI_CONFIG_EXPORT_GLTF_KEEP_TEXTURE_REFERENCES, false)) {
        return {};
    }
    const std::string folder = DirectoryOf(path);
    gltf::UnreachableTextures dropped =
        gltf::DropUnreachableTextures(copy, [&](const std::string &texture) {
            return io != nullptr && io->Exists((folder + texture).c_str());
        });
    if (dropped.count() == 0) {
        return dropped;
    }
    const std::vector<std::string> paths = dropped.distinctPaths();
    const size_t kNamesShown = 5;
    std::string names;
    for (size_t i = 0; i < paths.size() && i < kNamesShown; ++i) {
        names += (i == 0 ? "" : ", ") + paths[i];
    }
    if (paths.size() > kNamesShown) {
        names += ", ...";
    }
    warnings.add(WarningKind::MissingFile, "textures",
                 std::to_string(paths.size()) +
                     " textures neither embedded nor beside the output are left out of their "
                     "materials and named in the materials' extras: " +
                     names);
    return dropped;
}

/** Everything after Assimp's writer, on the parsed document. */
void CompleteDocument(GltfDocument &document, const aiScene &scene,
                      const gltf::UnreachableTextures &unreachable, ExportWarnings &warnings) {
    const std::vector<const aiNode *> nodes = gltf::NodesInExportOrder(scene);
    // What the loaded Assimp's writer leaves out (Common/AssimpVersion.h).
    const bool extras =
        !AssimpNeeds(AssimpRepair::GltfExtras) || gltf::AddMetadataExtras(document, scene, nodes);
    // Every version writes HDR emissive colours out of glTF's range.
    const gltf::EmissiveReport emissive = gltf::WriteEmissiveInRange(document, scene);
    // Assimp 5.4 and later write KHR_materials_specular, which Blender converts from pixels.
    const unsigned specularDropped = gltf::DropSpecularOfUndecodableMaterials(document);
    gltf::LightReport lights;
    if (AssimpNeeds(AssimpRepair::GltfLights)) {
        lights = gltf::AddPunctualLights(document, scene, nodes);
    }
    if (AssimpNeeds(AssimpRepair::GltfMorphWeights)) {
        gltf::AddMorphWeightChannels(document, scene, nodes);
    }
    if (!gltf::RecordUnreachableTextures(document, unreachable)) {
        warnings.add(WarningKind::Inconsistent, "materials",
                     "the glTF materials do not match the scene's; the names of the textures left "
                     "out are not written");
    }
    document.dropEmptyAnimations();
    document.useTrsOnAnimatedNodes(nodes);
    document.dropEmptyBuffers();
    document.json["asset"]["generator"] = std::string("assimp-gameformats ") + Version() +
                                          " on Open Asset Import Library " +
                                          LoadedAssimpVersion().text();
    WarnAboutPasses(extras, emissive, lights, specularDropped, warnings);
}

std::string Serialise(const gltf::Json &json) {
    // Invalid UTF-8 in a name from a file must not stop the export.
    return json.dump(-1, ' ', false, gltf::Json::error_handler_t::replace);
}

ScenePtr PreparedCopy(const aiScene *scene, const Assimp::ExportProperties *properties,
                      ExportWarnings &warnings) {
    ScenePtr copy = CopyOfScene(scene);
    // Extras are written from flat keys (MetadataKeys.h); Assimp from 5.3 on copies nested
    // metadata (a glTF's arrays, read back) instead of aborting.
    FlattenNestedMetadata(*copy);
    const bool keepUnits = properties != nullptr &&
                           properties->GetPropertyBool(AI_CONFIG_EXPORT_GLTF_KEEP_UNITS, false);
    if (!keepUnits) {
        gltf::ScaleRootToMetres(*copy);
    }
    gltf::ShareMorphTargetsWithinNodes(*copy);
    gltf::SnapBindMatricesToAffine(*copy);
    if (const unsigned anchored = gltf::AnchorUnweightedVertices(*copy)) {
        warnings.add(WarningKind::Adjusted, "skins",
                     std::to_string(anchored) +
                         " skinned vertices without weights bound to their mesh's node (glTF "
                         "requires weights on every vertex of a skinned mesh)");
    }
    if (const unsigned normals = gltf::RepairDegenerateNormals(*copy)) {
        warnings.add(WarningKind::InvalidValue, "normals",
                     std::to_string(normals) +
                         " zero-length normals replaced by their faces' normal (glTF requires unit "
                         "normals)");
    }
    return copy;
}

} // namespace

void ExportGlb(const char *path, Assimp::IOSystem *io, const aiScene *scene,
               const Assimp::ExportProperties *properties) {
    Guarded("glb2", path, [&](ExportWarnings &warnings) {
        const ScenePtr copy = PreparedCopy(scene, properties, warnings);
        const auto unreachable = LeaveOutUnreachableTextures(*copy, io, path, properties, warnings);
        auto files = RunAssimpWriter(*copy, "glb2", path, properties);
        const auto written = files.find(path);
        if (written == files.end()) {
            throw std::runtime_error("Assimp's glb2 exporter wrote no file");
        }
        gltf::GlbFile glb = gltf::ReadGlb(written->second, FileNameOf(path));
        GltfDocument document;
        document.json = gltf::Json::parse(glb.json);
        document.buffer = std::move(glb.binary);
        document.binaryContainer = true;
        CompleteDocument(document, *copy, unreachable, warnings);
        glb.json = Serialise(document.json);
        glb.hasBinary = document.json.contains("buffers");
        glb.binary = std::move(document.buffer);
        const std::vector<uint8_t> bytes = gltf::WriteGlb(glb);
        WriteFile(io, path, bytes.data(), bytes.size());
    });
}

void ExportGltf(const char *path, Assimp::IOSystem *io, const aiScene *scene,
                const Assimp::ExportProperties *properties) {
    Guarded("gltf2", path, [&](ExportWarnings &warnings) {
        const ScenePtr copy = PreparedCopy(scene, properties, warnings);
        const auto unreachable = LeaveOutUnreachableTextures(*copy, io, path, properties, warnings);
        // Embedded textures become image files beside the document, not parts of its buffer.
        const auto images = gltf::MoveEmbeddedTexturesToFiles(*copy, BaseNameOf(path));
        auto files = RunAssimpWriter(*copy, "gltf2", path, properties);
        const auto written = files.find(path);
        if (written == files.end()) {
            throw std::runtime_error("Assimp's gltf2 exporter wrote no file");
        }
        GltfDocument document;
        document.json = gltf::Json::parse(written->second.begin(), written->second.end());
        document.binaryContainer = false;
        document.newBufferUri = BaseNameOf(path) + ".bin";
        const std::string folder = DirectoryOf(path);
        const auto buffers = document.json.find("buffers");
        if (buffers != document.json.end() && buffers->is_array() && !buffers->empty()) {
            document.bufferUri = (*buffers)[0].value("uri", std::string());
            const auto bin = files.find(folder + document.bufferUri);
            if (bin != files.end()) {
                document.buffer = std::move(bin->second);
                files.erase(bin);
            }
        }
        const std::string oldBufferUri = document.bufferUri;
        CompleteDocument(document, *copy, unreachable, warnings);
        const std::string text = Serialise(document.json);
        WriteFile(io, path, text.data(), text.size());
        if (!document.bufferUri.empty()) {
            WriteFile(io, folder + document.bufferUri, document.buffer.data(),
                      document.buffer.size());
        }
        for (const auto &image : images) {
            WriteFile(io, folder + image.first, image.second.data(), image.second.size());
        }
        // Any other file Assimp wrote (an image) goes out unchanged.
        for (const auto &file : files) {
            if (file.first != path && file.first != folder + oldBufferUri) {
                WriteFile(io, file.first, file.second.data(), file.second.size());
            }
        }
    });
}

} // namespace agf
