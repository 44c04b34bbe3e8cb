/* Imports one file through Assimp's C API (aiImportFile), as C programs on libassimp5 do, and
 * prints its counts: "meshes=N faces=N bones=N animations=N". Built and run by
 * tools/libassimp/check_libassimp.py against Debian's libassimp and against ours.
 *   c_api_import <file>        exit status 1 when the file cannot be imported */
#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <file>\n", argv[0]);
        return 2;
    }
    const struct aiScene *scene = aiImportFile(argv[1], aiProcess_ValidateDataStructure);
    if (scene == NULL) {
        printf("error: %s\n", aiGetErrorString());
        return 1;
    }
    unsigned int faces = 0;
    unsigned int bones = 0;
    for (unsigned int i = 0; i < scene->mNumMeshes; ++i) {
        faces += scene->mMeshes[i]->mNumFaces;
        bones += scene->mMeshes[i]->mNumBones;
    }
    printf("meshes=%u faces=%u bones=%u animations=%u\n", scene->mNumMeshes, faces, bones,
           scene->mNumAnimations);
    aiReleaseImport(scene);
    return 0;
}
