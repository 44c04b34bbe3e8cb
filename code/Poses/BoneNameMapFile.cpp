/** @file BoneNameMapFile.cpp
 *  Parsing bone-name map files (format: GameFormats.h, ParseBoneNameMap).
 */
#include "Common/ImportError.h"

#include <assimp_gameformats/GameFormats.h>

#include <cctype>
#include <cstdint>
#include <unordered_set>

namespace agf {

namespace {

struct LinePlace {
    const std::string &fileName;
    size_t line;
    size_t offset; ///< of the line's first byte
};

[[noreturn]] void FailAtLine(const LinePlace &place, const std::string &problem) {
    // "<file>:<line>", the form editors jump to, and the byte offset as every error gives it.
    ThrowImportError(
        FilePlace{place.fileName, "bone-name map", place.offset, static_cast<uint32_t>(place.line)},
        problem);
}

// Splits one line into names: runs of non-blank characters, or double-quoted text.
std::vector<std::string> SplitNames(const std::string &line, const LinePlace &place) {
    std::vector<std::string> names;
    size_t i = 0;
    while (i < line.size()) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        if (std::isspace(c)) {
            ++i;
            continue;
        }
        if (c == '#') {
            break;
        }
        std::string name;
        if (c == '"') {
            const size_t close = line.find('"', i + 1);
            if (close == std::string::npos) {
                FailAtLine(place, "unterminated quoted name");
            }
            name = line.substr(i + 1, close - i - 1);
            if (name.empty()) {
                FailAtLine(place, "empty quoted name");
            }
            i = close + 1;
            if (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
                line[i] != '#') {
                FailAtLine(place, "a quoted name must be followed by a blank");
            }
        } else {
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
                   line[i] != '#') {
                if (line[i] == '"') {
                    FailAtLine(place, "a quote inside a name");
                }
                name += line[i++];
            }
        }
        names.push_back(name);
    }
    return names;
}

} // namespace

std::vector<std::pair<std::string, std::string>> ParseBoneNameMap(const std::string &text,
                                                                  const std::string &fileName) {
    std::vector<std::pair<std::string, std::string>> pairs;
    std::unordered_set<std::string> poseBones;
    size_t lineNumber = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        std::string line = text.substr(start, end - start);
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (lineNumber == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) {
            line.erase(0, 3); // a UTF-8 byte order mark
        }
        const LinePlace place{fileName, lineNumber, start};
        const std::vector<std::string> names = SplitNames(line, place);
        if (!names.empty()) {
            if (names.size() != 2) {
                FailAtLine(place, "expected two names, <pose bone> <target bone>, found " +
                                      std::to_string(names.size()));
            }
            if (!poseBones.insert(names[0]).second) {
                FailAtLine(place, "pose bone \"" + names[0] + "\" is mapped twice");
            }
            pairs.emplace_back(names[0], names[1]);
        }
        if (end == text.size()) {
            break;
        }
        start = end + 1;
    }
    return pairs;
}

} // namespace agf
