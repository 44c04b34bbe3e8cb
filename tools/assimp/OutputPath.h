/** @file OutputPath.h
 *  The output file name a verb uses when none is given.
 */
#pragma once

#include <string>

namespace agf::cli {

/** `input` with its last extension replaced by `extension` (given without the dot); only the
 *  file name part is looked at, so "dir.v2/model" becomes "dir.v2/model.<extension>". */
inline std::string ReplaceExtension(const std::string &input, const std::string &extension) {
    const size_t dot = input.find_last_of('.');
    const size_t slash = input.find_last_of("/\\");
    const bool hasExtension =
        dot != std::string::npos && (slash == std::string::npos || dot > slash);
    return (hasExtension ? input.substr(0, dot) : input) + "." + extension;
}

} // namespace agf::cli
