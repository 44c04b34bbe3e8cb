/** @file SafePaths.cpp */
#include "SafePaths.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace agf {

SafePath MakeSafeRelativePath(const std::string &raw) {
    SafePath result;
    std::string path = raw;
    std::replace(path.begin(), path.end(), '\\', '/');
    while (!path.empty() && std::isspace(static_cast<unsigned char>(path.back()))) {
        path.pop_back();
    }
    if (path.empty() || path == "None") {
        return result;
    }
    if (path.size() >= 2 && path[0] == '/' && path[1] == '/') {
        result.refused = true;
        result.problem = "network (UNC) path";
        return result;
    }
    if (path.size() >= 2 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':') {
        result.refused = true;
        result.problem = "drive-letter path";
        return result;
    }
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string::npos) {
            end = path.size();
        }
        const std::string part = path.substr(start, end - start);
        if (part == "..") {
            if (parts.empty()) {
                result.refused = true;
                result.problem = "'..' leaves the asset root";
                return result;
            }
            parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = end + 1;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
        result.relative += (i == 0 ? "" : "/") + parts[i];
    }
    return result;
}

} // namespace agf
