// An application that knows assimp-gameformats only through its installed package: it
// registers the importers and imports a file written here, from memory.
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace {
void PutU32(std::vector<unsigned char> &out, unsigned value) {
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<unsigned char>(value >> shift));
    }
}
void PutFloat(std::vector<unsigned char> &out, float value) {
    unsigned bits;
    std::memcpy(&bits, &value, 4);
    PutU32(out, bits);
}
void PutChunk(std::vector<unsigned char> &out, const char *id, unsigned size, unsigned count) {
    char name[20] = {};
    std::strncpy(name, id, sizeof name);
    out.insert(out.end(), name, name + 20);
    PutU32(out, 0);
    PutU32(out, size);
    PutU32(out, count);
}

// One triangle as an ActorX PSK: points, wedges, a face and a material.
std::vector<unsigned char> OneTrianglePsk() {
    std::vector<unsigned char> file;
    PutChunk(file, "ACTRHEAD", 0, 0);
    PutChunk(file, "PNTS0000", 12, 3);
    const float points[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    for (float value : points) {
        PutFloat(file, value);
    }
    PutChunk(file, "VTXW0000", 16, 3);
    for (unsigned i = 0; i < 3; ++i) {
        PutU32(file, i);
        PutFloat(file, 0.5f);
        PutFloat(file, 0.5f);
        PutU32(file, 0);
    }
    PutChunk(file, "FACE0000", 12, 1);
    const unsigned char face[12] = {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0, 0};
    file.insert(file.end(), face, face + 12);
    PutChunk(file, "MATT0000", 88, 1);
    char material[88] = "Material";
    file.insert(file.end(), material, material + 88);
    return file;
}
} // namespace

int main() {
    Assimp::Importer importer;
    agf::RegisterImporters(importer);
    std::printf("assimp-gameformats %s, %zu formats\n", agf::Version(), agf::ListFormats().size());
    if (agf::ListFormats().empty()) {
        return 1;
    }
    const std::vector<unsigned char> file = OneTrianglePsk();
    const aiScene *scene = importer.ReadFileFromMemory(file.data(), file.size(),
                                                       aiProcess_ValidateDataStructure, "psk");
    if (scene == nullptr) {
        std::printf("import failed: %s\n", importer.GetErrorString());
        return 1;
    }
    std::printf("imported %u mesh(es), %u vertices\n", scene->mNumMeshes,
                scene->mMeshes[0]->mNumVertices);
    return scene->mNumMeshes == 1 && scene->mMeshes[0]->mNumVertices == 3 ? 0 : 1;
}
