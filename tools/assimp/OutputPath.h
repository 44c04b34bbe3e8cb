/** @file OutputPath.h
 *  The output file name a verb uses when none is given.
 */
#pragma once

#include <cctype>
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

/** The file an output beside `input` goes to: ReplaceExtension, except for an entry of a PBO
 *  archive ("addons/x.pbo/data/model.p3d"), which cannot be written into: its output goes
 *  beside the archive ("addons/model.<extension>"). */
inline std::string OutputBeside(const std::string &input, const std::string &extension) {
    for (size_t i = 4; i < input.size(); ++i) {
        if (input[i] != '/' && input[i] != '\\') {
            continue;
        }
        std::string tail = input.substr(i - 4, 4);
        for (char &c : tail) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        if (tail == ".pbo") {
            const size_t archiveStart = input.find_last_of("/\\", i - 1);
            const std::string folder =
                archiveStart == std::string::npos ? "" : input.substr(0, archiveStart + 1);
            const std::string name = input.substr(input.find_last_of("/\\") + 1);
            return ReplaceExtension(folder + name, extension);
        }
    }
    return ReplaceExtension(input, extension);
}

} // namespace agf::cli
