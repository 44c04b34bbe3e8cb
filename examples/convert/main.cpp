// convert: reads a model in any format Assimp or assimp-gameformats reads, prints what the
// import repaired or could not find, and writes the scene as glTF binary.
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cstdio>

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: convert <model> <out.glb>\n");
        return 2;
    }
    Assimp::Importer importer;
    agf::RegisterImporters(importer);                               // every format of this library
    importer.SetPropertyString(AI_CONFIG_IMPORT_P3D_LODS, "first"); // options: ImportOptions.h
    const aiScene *scene = importer.ReadFile(argv[1], aiProcess_ValidateDataStructure);
    for (const agf::Warning &warning : agf::LastImportWarnings(importer)) {
        std::fprintf(stderr, "warning: %s\n", warning.text().c_str());
    }
    if (scene == nullptr) {
        std::fprintf(stderr, "%s\n", importer.GetErrorString());
        return 1;
    }
    std::printf("%u meshes, %u animations\n", scene->mNumMeshes, scene->mNumAnimations);

    Assimp::Exporter exporter;
    agf::RegisterExporters(exporter); // our glTF, FBX, Collada and ActorX writers
    if (exporter.Export(scene, "glb2", argv[2]) != AI_SUCCESS) {
        std::fprintf(stderr, "%s: export failed\n", argv[2]);
        return 1;
    }
    return 0;
}
