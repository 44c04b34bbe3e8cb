/** @file MorphTargetNormals.cpp
 *  Morph-target normals for Assimp 5.2.5's FBX writer.
 */
#include "Export/MorphTargetNormals.h"

#include <assimp/mesh.h>
#include <assimp/scene.h>

#include <algorithm>

namespace agf {

unsigned int PrepareMorphTargetNormals(aiScene &scene) {
    unsigned int changed = 0;
    for (unsigned int m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        for (unsigned int t = 0; t < mesh.mNumAnimMeshes; ++t) {
            aiAnimMesh &target = *mesh.mAnimMeshes[t];
            if (!mesh.HasNormals()) {
                if (target.mNormals != nullptr) {
                    delete[] target.mNormals;
                    target.mNormals = nullptr;
                    ++changed;
                }
                continue;
            }
            if (target.mNormals == nullptr && target.mVertices != nullptr &&
                target.mNumVertices == mesh.mNumVertices) {
                target.mNormals = new aiVector3D[mesh.mNumVertices];
                std::copy(mesh.mNormals, mesh.mNormals + mesh.mNumVertices, target.mNormals);
                ++changed;
            }
        }
    }
    return changed;
}

} // namespace agf
