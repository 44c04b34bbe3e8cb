/** @file BatchTree.cpp */
#include "BatchTree.h"

#include "GeneratedModels.h"
#include "PsaModels.h"
#include "PskModels.h"

#include <algorithm>
#include <fstream>

namespace agf::testgen {

namespace {

std::string ExtensionOf(const std::string &path) {
    const size_t dot = path.find_last_of('.');
    return dot == std::string::npos ? std::string() : path.substr(dot + 1);
}

std::string StemOf(const std::string &path) {
    const std::string name = path.substr(path.find_last_of('/') + 1);
    return name.substr(0, name.find_last_of('.'));
}

// Model formats whose signature sits in the first bytes (side files such as model.cfg, .config
// or the heightmap PNG are copied unharmed; FXM and MOT files have no signature).
bool HasSignature(const std::string &extension) {
    static const char *const kSigned[] = {"psk", "pskx", "psa",     "psax",   "psw",
                                          "p3d", "anb",  "uemodel", "ueanim", "uepose"};
    return std::any_of(std::begin(kSigned), std::end(kSigned),
                       [&](const char *known) { return extension == known; });
}

// ActorX files are chunk lists: a cut leaves a chunk whose records run past the end, which
// the importers refuse (recoverable damage elsewhere may import what is sound).
bool IsChunked(const std::string &extension) {
    return extension == "psk" || extension == "pskx" || extension == "psa";
}

} // namespace

std::vector<BatchTreeFile> MakeBatchTree(unsigned int copies) {
    std::vector<BatchTreeFile> tree;
    const std::vector<GeneratedModel> models = AllGeneratedModels();
    for (unsigned int copy = 0; copy < copies; ++copy) {
        const std::string set = "set" + std::to_string(copy) + "/";
        for (const GeneratedModel &model : models) {
            const std::string extension = ExtensionOf(model.relativePath);
            // Archives are converted entry by entry; their batch tests build their own trees,
            // so that this tree (and the benchmark that converts it) stays the same.
            if (extension == "pbo") {
                continue;
            }
            std::vector<uint8_t> bytes = model.make();
            // The extension in the name too: a damaged MOT must not sit beside a damaged FXM of
            // the same name, which would load it.
            const std::string damagedStem =
                set + "damaged/" + StemOf(model.relativePath) + "-" + extension;
            if (!model.damaged && HasSignature(extension) && bytes.size() > 16 && copy % 2 == 1) {
                std::vector<uint8_t> unsigned_ = bytes;
                std::fill(unsigned_.begin(), unsigned_.begin() + 16, uint8_t{0});
                tree.push_back({damagedStem + ".nosig." + extension, unsigned_, true});
            }
            if (!model.damaged && IsChunked(extension) && copy % 2 == 0) {
                std::vector<uint8_t> cut(bytes.begin(),
                                         bytes.begin() + static_cast<long>(bytes.size() / 3));
                tree.push_back({damagedStem + ".cut." + extension, cut, true});
            }
            tree.push_back({set + model.relativePath, std::move(bytes), model.damaged});
        }
        // A mesh with its sibling animations, as an extracted game has them: one output.
        psk::PskContent hero = psk::SkinnedBox();
        tree.push_back({set + "chars/hero.psk", psk::WritePsk(hero), false});
        tree.push_back({set + "chars/hero.psa", psa::MakePsa(psa::PsaOptions()), false});
    }
    return tree;
}

bool WriteBatchTree(const std::filesystem::path &root, unsigned int copies) {
    for (const BatchTreeFile &file : MakeBatchTree(copies)) {
        const std::filesystem::path path = root / file.relativePath;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char *>(file.bytes.data()),
                  static_cast<std::streamsize>(file.bytes.size()));
        if (!out) {
            return false;
        }
    }
    return true;
}

} // namespace agf::testgen
