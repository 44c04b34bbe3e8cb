/** @file AnimationBinding.cpp
 *  Placeholder until the PSA importer provides animation loading.
 */
#include "AnimationBinding.h"

namespace agf {

size_t LoadAnimationsOntoScene(Assimp::IOSystem *, const AnimationLoadRequest &, aiScene *) {
    return 0;
}

std::vector<std::string> SplitFileList(const std::string &list) {
    std::vector<std::string> files;
    std::string current;
    for (char c : list) {
        if (c == ';' || c == '\n' || c == '\r') {
            if (!current.empty()) {
                files.push_back(current);
            }
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.empty()) {
        files.push_back(current);
    }
    return files;
}

} // namespace agf
