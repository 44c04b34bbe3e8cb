/** @file FbxTakeLength.cpp
 *  Exact animation lengths in FBX files written by Assimp 5.2.5.
 */
#include "Export/FbxTakeLength.h"

#include <algorithm>
#include <cmath>

namespace agf::fbx {

namespace {

FbxRecord *FindChild(std::vector<FbxRecord> &records, const std::string &name) {
    for (FbxRecord &record : records) {
        if (record.name == name) {
            return &record;
        }
    }
    return nullptr;
}

/** Sets the value of the time property `name` ("P": name, "KTime", "Time", "", value) among
 *  the children of a Properties70 record. Returns true when a value was written. */
bool SetTimeProperty(FbxRecord &properties70, const std::string &name, int64_t value,
                     const std::string &fileName) {
    for (FbxRecord &p : properties70.children) {
        if (p.name != "P" || p.propertyCount != 5) {
            continue;
        }
        std::vector<FbxProperty> fields = DecodeProperties(p, fileName);
        if (fields[0].type != 'S' || fields[0].text != name || fields[4].type != 'L') {
            continue;
        }
        fields[4].integer = value;
        p.properties = EncodeProperties(fields);
        return true;
    }
    return false;
}

size_t SetTimeInRecord(FbxRecord &owner, const std::string &name, int64_t value,
                       const std::string &fileName) {
    FbxRecord *properties70 = FindChild(owner.children, "Properties70");
    return properties70 != nullptr && SetTimeProperty(*properties70, name, value, fileName) ? 1 : 0;
}

/** A replacement of `length` bytes at `start` in an ASCII document. */
struct TextEdit {
    size_t start = 0;
    size_t length = 0;
    std::string replacement;
};

/** Finds the value at the end of the first `"name"` property line in [from, to) and records
 *  its replacement. */
bool FindAsciiTimeProperty(const std::string &text, size_t from, size_t to, const std::string &name,
                           int64_t value, std::vector<TextEdit> &edits) {
    const size_t at = text.find("\"" + name + "\"", from);
    if (at == std::string::npos || at >= to) {
        return false;
    }
    size_t lineEnd = std::min(text.find('\n', at), text.size());
    if (text[lineEnd - 1] == '\r') {
        --lineEnd;
    }
    const size_t comma = text.rfind(',', lineEnd);
    if (comma == std::string::npos || comma < at) {
        return false;
    }
    size_t valueStart = comma + 1;
    while (valueStart < lineEnd && text[valueStart] == ' ') {
        ++valueStart;
    }
    edits.push_back({valueStart, lineEnd - valueStart, std::to_string(value)});
    return true;
}

} // namespace

int64_t SecondsToFbxTime(double seconds) {
    return static_cast<int64_t>(std::llround(seconds * static_cast<double>(kFbxTimePerSecond)));
}

TakeLengthResult SetTakeLengths(FbxBinaryFile &file, const std::vector<int64_t> &stops,
                                const std::string &fileName) {
    TakeLengthResult result;
    if (FbxRecord *objects = FindChild(file.records, "Objects")) {
        for (FbxRecord &record : objects->children) {
            if (record.name != "AnimationStack") {
                continue;
            }
            if (result.stacksFound < stops.size()) {
                const int64_t stop = stops[result.stacksFound];
                result.valuesChanged += SetTimeInRecord(record, "LocalStop", stop, fileName);
                result.valuesChanged += SetTimeInRecord(record, "ReferenceStop", stop, fileName);
            }
            ++result.stacksFound;
        }
    }
    if (!stops.empty()) {
        if (FbxRecord *settings = FindChild(file.records, "GlobalSettings")) {
            const int64_t longest = *std::max_element(stops.begin(), stops.end());
            result.valuesChanged += SetTimeInRecord(*settings, "TimeSpanStop", longest, fileName);
        }
    }
    return result;
}

TakeLengthResult SetTakeLengthsAscii(std::string &text, const std::vector<int64_t> &stops) {
    TakeLengthResult result;
    std::vector<TextEdit> edits;
    static const std::string kStack = "AnimationStack: ";
    std::vector<size_t> stackStarts;
    for (size_t at = text.find(kStack); at != std::string::npos;
         at = text.find(kStack, at + kStack.size())) {
        stackStarts.push_back(at);
    }
    result.stacksFound = stackStarts.size();
    for (size_t i = 0; i < stackStarts.size() && i < stops.size(); ++i) {
        const size_t blockEnd = i + 1 < stackStarts.size() ? stackStarts[i + 1] : text.size();
        for (const char *name : {"LocalStop", "ReferenceStop"}) {
            FindAsciiTimeProperty(text, stackStarts[i], blockEnd, name, stops[i], edits);
        }
    }
    const size_t settings = text.find("GlobalSettings: ");
    if (!stops.empty() && settings != std::string::npos) {
        const size_t settingsEnd = std::min(text.find("\n}", settings), text.size());
        FindAsciiTimeProperty(text, settings, settingsEnd, "TimeSpanStop",
                              *std::max_element(stops.begin(), stops.end()), edits);
    }
    // Apply from the back so that earlier offsets stay valid.
    std::sort(edits.begin(), edits.end(),
              [](const TextEdit &a, const TextEdit &b) { return a.start > b.start; });
    for (const TextEdit &edit : edits) {
        text.replace(edit.start, edit.length, edit.replacement);
    }
    result.valuesChanged = edits.size();
    return result;
}

} // namespace agf::fbx
