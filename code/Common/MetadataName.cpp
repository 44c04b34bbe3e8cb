/** @file MetadataName.cpp
 *  The name part of a metadata key (include/assimp_gameformats/MetadataKeys.h, "Grammar").
 */
#include <assimp_gameformats/MetadataKeys.h>

namespace agf {

std::string MetadataName(const std::string &name) {
    std::string part;
    part.reserve(name.size() + 2);
    part += '[';
    for (char c : name) {
        // Escaping only the closing bracket and the escape character keeps every name readable
        // and still lets a reader find where the name ends.
        if (c == '\\' || c == ']') {
            part += '\\';
        }
        part += c;
    }
    part += ']';
    return part;
}

} // namespace agf
