/** @file generate_main.cpp
 *  Writes every generated test model: `agf_generate <test_models dir>`; or the tree that
 *  tests and benchmarks `assimp batch`: `agf_generate --batch-tree <dir> [copies]`.
 */
#include "BatchTree.h"
#include "GeneratedModels.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

int main(int argc, char **argv) {
    if (argc >= 3 && std::string(argv[1]) == "--batch-tree") {
        const unsigned int copies = argc >= 4 ? static_cast<unsigned int>(std::stoul(argv[3])) : 3;
        if (!agf::testgen::WriteBatchTree(argv[2], copies)) {
            std::fprintf(stderr, "agf_generate: cannot write the tree under %s\n", argv[2]);
            return 1;
        }
        return 0;
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: agf_generate <output folder>\n"
                             "       agf_generate --batch-tree <folder> [copies]\n");
        return 2;
    }
    const std::filesystem::path root = argv[1];
    for (const auto &model : agf::testgen::AllGeneratedModels()) {
        const std::filesystem::path path = root / model.relativePath;
        std::filesystem::create_directories(path.parent_path());
        const std::vector<uint8_t> bytes = model.make();
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char *>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        if (!out) {
            std::fprintf(stderr, "agf_generate: cannot write %s\n", path.string().c_str());
            return 1;
        }
        std::printf("%-48s %8zu bytes  %s\n", model.relativePath.c_str(), bytes.size(),
                    model.description.c_str());
    }
    return 0;
}
