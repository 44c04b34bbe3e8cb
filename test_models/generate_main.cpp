/** @file generate_main.cpp
 *  Writes every generated test model: `agf_generate <test_models dir>`.
 */
#include "GeneratedModels.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: agf_generate <output folder>\n");
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
