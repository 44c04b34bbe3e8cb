/** @file UnrealPropsText.cpp */
#include "UnrealPropsText.h"

#include "Common/StringHelpers.h"

#include <algorithm>
#include <cctype>

namespace agf {

namespace {

bool IsIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

/** One `Key=Value` of a line: the key as written and the value up to the next ',' or '}'. */
struct Field {
    std::string key;
    std::string value;
};

/** The `Key=Value` fields of a line, whether it is `Key = Value` or an inline struct
 *  `{ A=1, B=Class'Path' }`. A field whose value opens a struct has the value "{". */
std::vector<Field> FieldsOnLine(const std::string &line) {
    std::vector<Field> fields;
    size_t at = 0;
    while (at < line.size()) {
        if (line[at] == '\'') {
            const size_t close = line.find('\'', at + 1);
            if (close == std::string::npos) {
                break;
            }
            at = close + 1;
            continue;
        }
        if (!IsIdentifierChar(line[at]) || (at > 0 && IsIdentifierChar(line[at - 1]))) {
            ++at;
            continue;
        }
        size_t end = at;
        while (end < line.size() && IsIdentifierChar(line[end])) {
            ++end;
        }
        size_t equals = end;
        while (equals < line.size() && line[equals] == ' ') {
            ++equals;
        }
        if (equals >= line.size() || line[equals] != '=') {
            at = end;
            continue;
        }
        size_t valueEnd = equals + 1;
        bool quoted = false;
        while (valueEnd < line.size() &&
               (quoted || (line[valueEnd] != ',' && line[valueEnd] != '}'))) {
            quoted = line[valueEnd] == '\'' ? !quoted : quoted;
            ++valueEnd;
        }
        std::string value = Trim(line.substr(equals + 1, valueEnd - equals - 1));
        if (!value.empty() && value.front() == '{') {
            value = "{";
            valueEnd = line.find('{', equals) + 1;
        }
        fields.push_back(Field{line.substr(at, end - at), std::move(value)});
        at = valueEnd;
    }
    return fields;
}

/** The braces a line opens minus those it closes, quoted paths left out. */
int BraceBalance(const std::string &line) {
    int balance = 0;
    bool quoted = false;
    for (const char c : line) {
        if (c == '\'') {
            quoted = !quoted;
        } else if (!quoted && c == '{') {
            ++balance;
        } else if (!quoted && c == '}') {
            --balance;
        }
    }
    return balance;
}

/** The property a top-level line sets: the identifier it starts with ("" when none). */
std::string PropertyOf(const std::string &line) {
    const std::string trimmed = Trim(line);
    size_t end = 0;
    while (end < trimmed.size() && IsIdentifierChar(trimmed[end])) {
        ++end;
    }
    return trimmed.substr(0, end);
}

bool IsTextureParameterArray(const std::string &property) {
    return EqualsIgnoreCase(property, "TextureParameterValues") ||
           EqualsIgnoreCase(property, "CollectedTextureParameters");
}

/** Collects the parameters of one array, element by element. Elements name the parameter and
 *  the texture in either order, so a parameter is complete once both have been seen. */
class TextureParameterCollector {
public:
    explicit TextureParameterCollector(std::vector<TextureParameter> &out) : mOut(out) {}

    /** Drops a half-seen element: it does not carry over into the next one or the next array. */
    void startElement() {
        mCurrent = TextureParameter{};
        mHasName = mHasTexture = false;
    }

    void take(const Field &field) {
        const std::string key = Lower(field.key);
        if (key == "parametername" || key == "name") {
            mCurrent.name = field.value;
            mHasName = true;
        } else if (key == "parametervalue" || key == "texture") {
            const std::vector<ObjectReference> references = ObjectReferencesOnLine(field.value);
            mCurrent.texture = references.empty() ? ObjectReference{} : references.front();
            mHasTexture = true;
        } else {
            return;
        }
        if (mHasName && mHasTexture) {
            if (!mCurrent.texture.path.empty() && !mCurrent.name.empty()) {
                mOut.push_back(mCurrent);
            }
            startElement();
        }
    }

private:
    std::vector<TextureParameter> &mOut;
    TextureParameter mCurrent;
    bool mHasName = false;
    bool mHasTexture = false;
};

} // namespace

std::vector<std::string> TextLines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find_first_of("\r\n", start);
        if (end == std::string::npos) {
            end = text.size();
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string ObjectNameOf(const std::string &path) {
    std::string name = path;
    const size_t slash = name.find_last_of('/');
    if (slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    const size_t dot = name.find_last_of('.');
    if (dot != std::string::npos) {
        name.erase(0, dot + 1);
    }
    return name;
}

std::string PackageOf(const std::string &path) {
    const size_t dot = path.find('.');
    if (path.empty() || path.front() == '/' || dot == std::string::npos ||
        path.find('/') != std::string::npos) {
        return std::string();
    }
    return path.substr(0, dot);
}

std::vector<ObjectReference> ObjectReferencesOnLine(const std::string &line) {
    std::vector<ObjectReference> references;
    size_t quote = line.find('\'');
    while (quote != std::string::npos) {
        size_t classStart = quote;
        while (classStart > 0 && IsIdentifierChar(line[classStart - 1])) {
            --classStart;
        }
        const size_t close = line.find('\'', quote + 1);
        if (close == std::string::npos) {
            break;
        }
        if (classStart < quote) {
            ObjectReference reference{line.substr(classStart, quote - classStart),
                                      line.substr(quote + 1, close - quote - 1)};
            if (!reference.path.empty()) {
                references.push_back(std::move(reference));
            }
            quote = line.find('\'', close + 1);
        } else {
            quote = close; // an opening quote without a class: try the next one
        }
    }
    return references;
}

std::vector<ObjectReference> TextureReferences(const std::string &text) {
    std::vector<ObjectReference> textures;
    for (const std::string &line : TextLines(text)) {
        for (ObjectReference &reference : ObjectReferencesOnLine(line)) {
            if (Lower(reference.className).find("texture") != std::string::npos) {
                textures.push_back(std::move(reference));
            }
        }
    }
    return textures;
}

std::vector<TextureParameter> ParseTextureParameters(const std::string &text) {
    std::vector<TextureParameter> parameters;
    int depth = 0;
    bool inArray = false;
    TextureParameterCollector collector(parameters);
    for (const std::string &line : TextLines(text)) {
        const std::string property = depth == 0 ? PropertyOf(line) : std::string();
        if (!property.empty()) {
            // A line of its own that opens the array's block ("{") keeps the array open.
            inArray = IsTextureParameterArray(property);
            collector.startElement();
        }
        if (inArray) {
            for (const Field &field : FieldsOnLine(line)) {
                collector.take(field);
            }
        }
        // A damaged file may close more than it opened: the top level stays the top level.
        depth = std::max(0, depth + BraceBalance(line));
    }
    return parameters;
}

bool ParseParentReference(const std::string &text, ObjectReference &parent) {
    int depth = 0;
    for (const std::string &line : TextLines(text)) {
        if (depth == 0 && EqualsIgnoreCase(PropertyOf(line), "Parent")) {
            const std::vector<ObjectReference> references = ObjectReferencesOnLine(line);
            if (!references.empty()) {
                parent = references.front();
                return true;
            }
        }
        depth = std::max(0, depth + BraceBalance(line));
    }
    return false;
}

} // namespace agf
