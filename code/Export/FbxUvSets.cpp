/** @file FbxUvSets.cpp */
#include "FbxUvSets.h"

#include <assimp/scene.h>

namespace agf {

unsigned int SeparateUvSetKeys(aiScene &scene) {
    unsigned int changed = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        aiMesh *mesh = scene.mMeshes[m];
        for (unsigned set = 1; mesh != nullptr && set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
            aiVector3D *uvs = mesh->mTextureCoords[set];
            if (uvs == nullptr || mesh->mNumUVComponents[set] > 2) {
                continue; // a third component is data the writer keeps
            }
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                uvs[v].z = static_cast<ai_real>(set);
            }
            ++changed;
        }
    }
    return changed;
}

} // namespace agf
