/** @file PsaConfig.cpp */
#include "PsaConfig.h"

#include "Common/StringHelpers.h"
#include "Common/Warnings.h"

#include <cctype>

namespace agf::actorx {

namespace {

// "<Sequence>.<bone>=<what>"; the sequence name may itself contain dots, so the bone index is
// whatever follows the last dot before '='.
bool ParseRemoval(const std::string &line, PsaTrackRemoval &removal) {
    const size_t equals = line.find('=');
    if (equals == std::string::npos) {
        return false;
    }
    const std::string target = Trim(line.substr(0, equals));
    const std::string what = Lower(Trim(line.substr(equals + 1)));
    const size_t dot = target.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 >= target.size() ||
        target.size() - dot - 1 > 9) {
        return false;
    }
    uint32_t bone = 0;
    for (size_t i = dot + 1; i < target.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(target[i]))) {
            return false;
        }
        bone = bone * 10 + static_cast<uint32_t>(target[i] - '0');
    }
    removal.sequence = target.substr(0, dot);
    removal.bone = bone;
    removal.translation = what == "trans" || what == "all";
    removal.rotation = what == "rot" || what == "all";
    return removal.translation || removal.rotation;
}

} // namespace

PsaConfig ParsePsaConfig(const std::string &text, const std::string &fileName, Warnings &warnings) {
    PsaConfig config;
    std::string section;
    bool inRemoveTracks = false;
    uint32_t lineNumber = 0;
    size_t position = 0;
    while (position <= text.size()) {
        size_t end = text.find('\n', position);
        if (end == std::string::npos) {
            end = text.size();
        }
        const size_t lineStart = position;
        const std::string line = Trim(text.substr(position, end - position));
        position = end + 1;
        ++lineNumber;
        if (line.empty() || line[0] == ';' || line[0] == '#') {
            continue;
        }
        if (line.front() == '[' && line.back() == ']') {
            section = Trim(line.substr(1, line.size() - 2));
            inRemoveTracks = Lower(section) == "removetracks";
            if (!inRemoveTracks) {
                config.otherSections.emplace_back(section, std::vector<std::string>());
            }
            continue;
        }
        if (inRemoveTracks) {
            PsaTrackRemoval removal;
            if (ParseRemoval(line, removal)) {
                config.removals.push_back(std::move(removal));
            } else {
                warnings.add(WarningKind::Unknown,
                             FilePlace{fileName, "[RemoveTracks]", lineStart, lineNumber},
                             "not a <Sequence>.<bone>=trans|rot|all entry: " + line);
            }
        } else if (!config.otherSections.empty()) {
            config.otherSections.back().second.push_back(line);
        } else {
            warnings.add(WarningKind::Unknown,
                         FilePlace{fileName, "sidecar", lineStart, lineNumber},
                         "outside of any [section]: " + line);
        }
    }
    return config;
}

} // namespace agf::actorx
