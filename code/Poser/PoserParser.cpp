/** @file PoserParser.cpp */
#include "PoserParser.h"

#include "Common/ImportError.h"
#include "Common/NumberText.h"
#include "Common/TextEncoding.h"
#include "PoserTokenizer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>

namespace agf::poser {

namespace {

using WordList = std::initializer_list<std::string_view>;

bool Contains(WordList words, std::string_view word) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

// Keywords each block understands. An unknown keyword's arguments run to the end of its line
// but stop at a brace or at one of these, so that files written with several statements on
// one line still parse.
const WordList kFileKeywords = {"version", "actor", "figure", "figureResFile"};
// Top-level sections that are not figure actors: skipped as a whole, counted, no warning.
const WordList kSkippedSections = {"prop",
                                   "light",
                                   "camera",
                                   "controlProp",
                                   "hairProp",
                                   "magnetDeformerProp",
                                   "sphereZoneProp",
                                   "doc",
                                   "illustrationParms",
                                   "renderDefaults",
                                   "faceRoom",
                                   "movieinfo",
                                   "readScript",
                                   "setGeomHandlerOffset",
                                   "material"};
const WordList kActorKeywords = {"name",     "parent",      "channels",    "origin",
                                 "endPoint", "orientation", "objFileGeom", "geomHandlerGeom"};
// Actor statements that are known and deliberately ignored (no warning).
const WordList kActorQuiet = {"on",
                              "off",
                              "bend",
                              "dynamicsLock",
                              "hidden",
                              "addToMenu",
                              "castsShadow",
                              "includeInDepthCue",
                              "useZBuffer",
                              "conformingTarget",
                              "customMaterial",
                              "locked",
                              "displayOrigin",
                              "displayMode",
                              "displacementBounds",
                              "shadingRate",
                              "smoothPolys",
                              "visibleInReflections",
                              "visibleInRender",
                              "visibleInCamera",
                              "visibleInIDL",
                              "nonInkyParent",
                              "inkyParent",
                              "alternateGeom",
                              "defaultGeomName",
                              "geomCustom",
                              "creaseAngle",
                              "subdivLevel",
                              "storageOffset",
                              "material",
                              "animatableOrigin",
                              "shadowBlurRadius",
                              "shadowRaytraceSoftness",
                              "backfaceCull",
                              "displacementBoundsType",
                              "weld",
                              "visibleInDepthCue",
                              "loadMaterials",
                              "dynamicsSetup"};
const WordList kChannelKeywords = {"name", "keys", "staticValue"};
const WordList kKeysKeywords = {"static", "k",   "staticValue", "sl", "spl",
                                "lin",    "con", "sm",          "br"};
const WordList kFigureKeywords = {"root", "addChild"};
const WordList kFigureQuiet = {"name",           "printName",
                               "weld",           "figureType",
                               "origFigureType", "canonType",
                               "conforming",     "displayOrigin",
                               "allowsBending",  "setGeomHandlerOffset",
                               "inkyChain",      "defaultPick",
                               "figureResFile",  "useSkinning",
                               "skinType",       "useWeightMapsAsDefault"};
const WordList kVersionKeywords = {"number"};

ChannelKind KindOf(std::string_view type) {
    static const std::map<std::string_view, ChannelKind> kinds = {
        {"rotateX", ChannelKind::RotateX},
        {"rotateY", ChannelKind::RotateY},
        {"rotateZ", ChannelKind::RotateZ},
        {"translateX", ChannelKind::TranslateX},
        {"translateY", ChannelKind::TranslateY},
        {"translateZ", ChannelKind::TranslateZ},
        {"scale", ChannelKind::Scale},
        {"propagatingScale", ChannelKind::Scale},
        {"scaleX", ChannelKind::ScaleX},
        {"scaleY", ChannelKind::ScaleY},
        {"scaleZ", ChannelKind::ScaleZ},
        {"propagatingScaleX", ChannelKind::ScaleX},
        {"propagatingScaleY", ChannelKind::ScaleY},
        {"propagatingScaleZ", ChannelKind::ScaleZ},
    };
    const auto it = kinds.find(type);
    return it == kinds.end() ? ChannelKind::Other : it->second;
}

char RotationAxisOf(ChannelKind kind) {
    switch (kind) {
    case ChannelKind::RotateX:
        return 'X';
    case ChannelKind::RotateY:
        return 'Y';
    case ChannelKind::RotateZ:
        return 'Z';
    default:
        return 0;
    }
}

std::string StripQuotes(std::string value) {
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        return value.substr(1, value.size() - 2);
    }
    return value;
}

class Parser {
public:
    Parser(std::string_view text, std::string fileName, Warnings &warnings)
        : mText(text), mFile(std::move(fileName)), mTokens(TokenizePoser(text, mFile)),
          mWarnings(warnings) {}

    PoserFile run() {
        if (mTokens.empty() || !mTokens.front().isOpen()) {
            ThrowImportError(mFile, "file", mTokens.empty() ? 0 : mTokens.front().offset,
                             "not a Poser file: it must start with '{'");
        }
        mPos = 1;
        parseFileBlock();
        if (mPos < mTokens.size()) {
            warn(WarningKind::Unknown, mTokens[mPos],
                 "text after the file's closing brace ignored");
        }
        finishActors();
        return std::move(mResult);
    }

private:
    // ---- token access ------------------------------------------------------------------------

    const PoserToken *peek(size_t ahead = 0) const {
        return mPos + ahead < mTokens.size() ? &mTokens[mPos + ahead] : nullptr;
    }

    const PoserToken &next(const char *structure) {
        if (mPos >= mTokens.size()) {
            // Cannot happen inside a block (the tokenizer checked the braces), but a statement
            // at the very end of the outer block may ask for more than there is.
            ThrowImportError(mFile, structure, mText.size(), "unexpected end of file");
        }
        return mTokens[mPos++];
    }

    [[noreturn]] void fail(const PoserToken &at, const std::string &structure,
                           const std::string &problem) const {
        ThrowImportError(FilePlace{mFile, structure, at.offset, at.line}, problem);
    }

    void warn(WarningKind kind, const PoserToken &at, const std::string &problem) const {
        mWarnings.add(kind, FilePlace{mFile, "text", at.offset, at.line}, problem);
    }

    // ---- structure helpers -------------------------------------------------------------------

    /** Called just after a '{': consumes through its matching '}'. */
    void skipRestOfBlock() {
        size_t depth = 1;
        while (depth > 0) {
            const PoserToken &token = next("block");
            if (token.isOpen()) {
                ++depth;
            } else if (token.isClose()) {
                --depth;
            }
        }
    }

    /** Skips the arguments of `keyword` (the rest of its line, up to a brace or a keyword the
     *  block knows) and the block that follows, if any. */
    void skipStatement(const PoserToken &keyword, WordList known) {
        while (const PoserToken *token = peek()) {
            if (token->line != keyword.line || token->isBrace() || Contains(known, token->text)) {
                break;
            }
            ++mPos;
        }
        if (const PoserToken *token = peek(); token != nullptr && token->isOpen()) {
            ++mPos;
            skipRestOfBlock();
        }
    }

    void skipUnknown(const PoserToken &keyword, const char *block, WordList known, WordList quiet) {
        if (!Contains(quiet, keyword.text) && mWarned.insert(std::string(keyword.text)).second) {
            warn(WarningKind::Unknown, keyword,
                 "unknown keyword '" + ToUtf8(std::string(keyword.text)) + "' in " + block +
                     " block skipped (further uses are skipped silently)");
        }
        skipStatement(keyword, known);
    }

    /** The rest of `keyword`'s line up to a brace, as one string (names may have spaces). A
     *  keyword of the block after the first word ends it too, for files written with several
     *  statements on one line. */
    std::string restOfLine(const PoserToken &keyword, WordList known) {
        const PoserToken *first = nullptr;
        const PoserToken *last = nullptr;
        while (const PoserToken *token = peek()) {
            if (token->line != keyword.line || token->isBrace() ||
                (first != nullptr && Contains(known, token->text))) {
                break;
            }
            first = first == nullptr ? token : first;
            last = token;
            ++mPos;
        }
        if (first == nullptr) {
            return std::string();
        }
        const size_t begin = static_cast<size_t>(first->offset);
        const size_t end = static_cast<size_t>(last->offset) + last->text.size();
        return ToUtf8(std::string(mText.substr(begin, end - begin)));
    }

    /** Expects '{' as the next token. */
    void expectOpen(const PoserToken &owner, const std::string &structure) {
        const PoserToken &token = next(structure.c_str());
        if (!token.isOpen()) {
            fail(token, structure,
                 "expected '{' after '" + ToUtf8(std::string(owner.text)) + "', found '" +
                     ToUtf8(std::string(token.text)) + "'");
        }
    }

    /** Reads the next token as a number. A word where a number must be is structural damage
     *  (ImportError); NaN and infinity are returned for the caller to refuse. */
    double number(const std::string &structure, const char *what) {
        const PoserToken &token = next(structure.c_str());
        double value = 0;
        if (token.isBrace() || !ReadNumber(token.text, value)) {
            fail(token, structure,
                 std::string("expected a number for ") + what + ", found '" +
                     ToUtf8(std::string(token.text)) + "'");
        }
        return value;
    }

    PoserVector vector3(const PoserToken &keyword, const std::string &structure) {
        PoserVector v;
        const std::string what = std::string(keyword.text) + " (three numbers)";
        v.x = number(structure, what.c_str());
        v.y = number(structure, what.c_str());
        v.z = number(structure, what.c_str());
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) {
            warn(WarningKind::InvalidValue, keyword,
                 structure + ": '" + std::string(keyword.text) +
                     "' is not finite; ignored (treated as 0 0 0)");
            return PoserVector();
        }
        v.present = true;
        return v;
    }

    // ---- blocks ------------------------------------------------------------------------------

    void parseFileBlock() {
        while (true) {
            const PoserToken &keyword = next("file");
            if (keyword.isClose()) {
                return;
            }
            if (keyword.isOpen()) {
                skipRestOfBlock();
                continue;
            }
            if (keyword.is("version")) {
                expectOpen(keyword, "version");
                parseVersionBlock();
            } else if (keyword.is("actor")) {
                parseActor(keyword);
            } else if (keyword.is("figure")) {
                expectOpen(keyword, "figure");
                parseFigureBlock();
            } else if (keyword.is("figureResFile")) {
                const std::string path = StripQuotes(restOfLine(keyword, kFileKeywords));
                if (!path.empty()) {
                    mResult.geometryPaths.push_back(path);
                }
            } else if (Contains(kSkippedSections, keyword.text)) {
                ++mResult.skippedBlocks;
                skipStatement(keyword, kFileKeywords);
            } else {
                skipUnknown(keyword, "file", kFileKeywords, {});
            }
        }
    }

    void parseVersionBlock() {
        while (true) {
            const PoserToken &keyword = next("version");
            if (keyword.isClose()) {
                return;
            }
            if (keyword.isOpen()) {
                skipRestOfBlock();
            } else if (keyword.is("number")) {
                const PoserToken &value = next("version");
                if (value.isBrace()) {
                    fail(value, "version", "'number' without a value");
                }
                mResult.version = ToUtf8(std::string(value.text));
            } else {
                skipUnknown(keyword, "version", kVersionKeywords, {"build"});
            }
        }
    }

    void parseFigureBlock() {
        while (true) {
            const PoserToken &keyword = next("figure");
            if (keyword.isClose()) {
                return;
            }
            if (keyword.isOpen()) {
                skipRestOfBlock();
            } else if (keyword.is("root")) {
                mResult.figureRoot = actorName(next("figure root"), "figure root").first;
            } else if (keyword.is("addChild")) {
                const std::string child = actorName(next("figure addChild"), "addChild").first;
                const std::string parent = actorName(next("figure addChild"), "addChild").first;
                mResult.addChild.emplace_back(child, parent);
            } else {
                skipUnknown(keyword, "figure", kFigureKeywords, kFigureQuiet);
            }
        }
    }

    std::pair<std::string, int> actorName(const PoserToken &token, const std::string &structure) {
        if (token.isBrace()) {
            fail(token, structure,
                 "expected an actor name, found '" + std::string(token.text) + "'");
        }
        auto split = SplitInstanceSuffix(token.text);
        split.first = ToUtf8(split.first);
        return split;
    }

    PoserActor &actorFor(const std::string &name, int instance, const PoserToken &at) {
        const auto it = mActorIndex.find(name);
        if (it != mActorIndex.end()) {
            PoserActor &actor = mResult.actors[it->second];
            if (actor.instance != instance && mWarnedInstances.insert(name).second) {
                warn(WarningKind::Duplicate, at,
                     "actor '" + name + "' appears with instance numbers " +
                         std::to_string(actor.instance) + " and " + std::to_string(instance) +
                         "; merged (one figure per file is imported)");
            }
            return actor;
        }
        mActorIndex.emplace(name, mResult.actors.size());
        PoserActor actor;
        actor.name = name;
        actor.instance = instance;
        actor.offset = at.offset;
        actor.line = at.line;
        mResult.actors.push_back(std::move(actor));
        return mResult.actors.back();
    }

    void parseActor(const PoserToken &keyword) {
        const PoserToken &nameToken = next("actor");
        const auto [name, instance] = actorName(nameToken, "actor");
        if (name.empty()) {
            fail(nameToken, "actor", "empty actor name");
        }
        const std::string structure = "actor " + name;
        expectOpen(nameToken, structure);
        const size_t index = &actorFor(name, instance, keyword) - mResult.actors.data();
        while (true) {
            const PoserToken &statement = next(structure.c_str());
            if (statement.isClose()) {
                return;
            }
            PoserActor &actor = mResult.actors[index];
            if (statement.isOpen()) {
                skipRestOfBlock();
            } else if (statement.is("name")) {
                restOfLine(statement,
                           kActorKeywords); // display name; the node keeps the internal name
            } else if (statement.is("parent")) {
                const std::string parent = actorName(next(structure.c_str()), structure).first;
                actor.parent = parent == "UNIVERSE" ? std::string() : parent;
                actor.hasParentLine = true;
            } else if (statement.is("origin")) {
                actor.origin = vector3(statement, structure);
            } else if (statement.is("endPoint")) {
                actor.endPoint = vector3(statement, structure);
            } else if (statement.is("orientation")) {
                actor.orientation = vector3(statement, structure);
            } else if (statement.is("objFileGeom")) {
                std::string path = StripQuotes(restOfLine(statement, kActorKeywords));
                // "objFileGeom 0 0 :Runtime:..." : two numbers before the path.
                for (int skip = 0; skip < 2; ++skip) {
                    const size_t space = path.find(' ');
                    if (space != std::string::npos &&
                        path.find_first_not_of("0123456789-", 0) >= space) {
                        path = StripQuotes(path.substr(path.find_first_not_of(' ', space)));
                    }
                }
                if (!path.empty()) {
                    mResult.geometryPaths.push_back(path);
                }
            } else if (statement.is("channels")) {
                expectOpen(statement, structure + " channels");
                parseChannels(index, structure + " channels");
            } else {
                skipUnknown(statement, "actor", kActorKeywords, kActorQuiet);
            }
        }
    }

    void parseChannels(size_t actorIndex, const std::string &structure) {
        while (true) {
            const PoserToken &type = next(structure.c_str());
            if (type.isClose()) {
                return;
            }
            if (type.isOpen()) {
                skipRestOfBlock();
                continue;
            }
            const PoserToken *second = peek();
            const PoserToken *third = peek(1);
            if (second != nullptr && second->isOpen()) {
                // "groups { ... }" (parameter palette layout) and similar: not a channel.
                ++mPos;
                skipRestOfBlock();
                continue;
            }
            if (second == nullptr || second->isBrace() || third == nullptr || !third->isOpen()) {
                skipUnknown(type, "channels", {}, {});
                continue;
            }
            mPos += 2;
            PoserChannel channel;
            channel.type = ToUtf8(std::string(type.text));
            channel.internalName = ToUtf8(std::string(second->text));
            channel.kind = KindOf(type.text);
            channel.offset = type.offset;
            channel.line = type.line;
            parseChannelBody(channel, structure + " " + channel.type + " " + channel.internalName);
            addChannel(mResult.actors[actorIndex], std::move(channel));
        }
    }

    void addChannel(PoserActor &actor, PoserChannel channel) {
        for (PoserChannel &existing : actor.channels) {
            if (existing.type == channel.type && existing.internalName == channel.internalName) {
                // Second declaration (a CR2's stub and full block, or a repeated pose entry):
                // the later one wins where it says something.
                if (channel.hasValue() || !existing.hasValue()) {
                    existing = std::move(channel);
                }
                return;
            }
        }
        actor.channels.push_back(std::move(channel));
    }

    void parseChannelBody(PoserChannel &channel, const std::string &structure) {
        while (true) {
            const PoserToken &keyword = next(structure.c_str());
            if (keyword.isClose()) {
                return;
            }
            if (keyword.isOpen()) {
                skipRestOfBlock();
            } else if (keyword.is("keys")) {
                expectOpen(keyword, structure + " keys");
                parseKeys(channel, structure + " keys");
            } else if (keyword.is("staticValue")) {
                readStaticValue(keyword, channel, structure);
            } else if (keyword.is("name")) {
                restOfLine(keyword, kChannelKeywords);
            } else {
                // Channel internals (limits, ERC slaving with bare actor/channel names on their
                // own lines, morph deltas) are never transforms: skipped without a warning.
                skipStatement(keyword, kChannelKeywords);
            }
        }
    }

    void readStaticValue(const PoserToken &keyword, PoserChannel &channel,
                         const std::string &structure) {
        const double value = number(structure, "staticValue");
        if (!std::isfinite(value)) {
            warn(WarningKind::InvalidValue, keyword,
                 structure + ": staticValue is not finite; ignored");
            return;
        }
        channel.hasStaticValue = true;
        channel.staticValue = value;
    }

    void parseKeys(PoserChannel &channel, const std::string &structure) {
        size_t refusedNonFinite = 0;
        size_t refusedFrame = 0;
        const PoserToken *firstRefused = nullptr;
        while (true) {
            const PoserToken &keyword = next(structure.c_str());
            if (keyword.isClose()) {
                break;
            }
            if (keyword.isOpen()) {
                skipRestOfBlock();
            } else if (keyword.is("k")) {
                const double frame = number(structure, "a key frame");
                const double value = number(structure, "a key value");
                if (!std::isfinite(frame) || !std::isfinite(value)) {
                    ++refusedNonFinite;
                    firstRefused = firstRefused == nullptr ? &keyword : firstRefused;
                } else if (frame < 0 || frame > kMaxPoserFrame) {
                    ++refusedFrame;
                    firstRefused = firstRefused == nullptr ? &keyword : firstRefused;
                } else {
                    channel.keys.push_back({frame, value});
                }
            } else if (keyword.is("static")) {
                channel.isStatic = number(structure, "static") != 0.0;
            } else if (keyword.is("staticValue")) {
                readStaticValue(keyword, channel, structure);
            } else if (keyword.is("sl")) {
                number(structure, "sl");
            } else if (keyword.is("spl") || keyword.is("lin") || keyword.is("con") ||
                       keyword.is("sm") || keyword.is("br")) {
                // Interpolation and smoothing flags: keys are interpolated linearly.
            } else {
                skipUnknown(keyword, "keys", kKeysKeywords, {});
            }
        }
        if (firstRefused != nullptr) {
            std::string problem = structure + ": ";
            if (refusedNonFinite != 0) {
                problem +=
                    std::to_string(refusedNonFinite) + " key(s) with NaN or infinite numbers";
            }
            if (refusedFrame != 0) {
                problem += std::string(refusedNonFinite != 0 ? " and " : "") +
                           std::to_string(refusedFrame) + " key(s) with a frame outside 0.." +
                           std::to_string(static_cast<long long>(kMaxPoserFrame));
            }
            warn(WarningKind::InvalidValue, *firstRefused, problem + " refused");
        }
        std::stable_sort(channel.keys.begin(), channel.keys.end(),
                         [](const PoserKey &a, const PoserKey &b) { return a.frame < b.frame; });
        // One key per frame: the last one written wins.
        std::vector<PoserKey> unique;
        unique.reserve(channel.keys.size());
        for (const PoserKey &key : channel.keys) {
            if (!unique.empty() && unique.back().frame == key.frame) {
                unique.back() = key;
            } else {
                unique.push_back(key);
            }
        }
        channel.keys.swap(unique);
    }

    void finishActors() {
        for (PoserActor &actor : mResult.actors) {
            actor.rotationOrder.clear();
            for (const PoserChannel &channel : actor.channels) {
                const char axis = RotationAxisOf(channel.kind);
                if (axis != 0 && actor.rotationOrder.find(axis) == std::string::npos) {
                    actor.rotationOrder += axis;
                }
            }
        }
    }

    std::string_view mText;
    std::string mFile;
    std::vector<PoserToken> mTokens;
    Warnings &mWarnings;
    size_t mPos = 0;
    PoserFile mResult;
    std::map<std::string, size_t> mActorIndex;
    std::set<std::string> mWarned;
    std::set<std::string> mWarnedInstances;
};

} // namespace

PoserFile ParsePoser(std::string_view text, const std::string &fileName, Warnings &warnings) {
    return Parser(text, fileName, warnings).run();
}

std::pair<std::string, int> SplitInstanceSuffix(std::string_view name) {
    const size_t colon = name.find_last_of(':');
    if (colon == std::string_view::npos || colon + 1 >= name.size() || colon == 0) {
        return {std::string(name), -1};
    }
    const std::string_view digits = name.substr(colon + 1);
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string_view::npos) {
        return {std::string(name), -1};
    }
    int instance = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), instance);
    return {std::string(name.substr(0, colon)), instance};
}

bool LooksLikePoserText(const uint8_t *data, size_t size) {
    size_t i = 0;
    if (size >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) {
        i = 3;
    }
    const auto skipSpace = [&]() {
        while (i < size && data[i] <= ' ') {
            ++i;
        }
    };
    skipSpace();
    if (i >= size || data[i] != '{') {
        return false;
    }
    ++i;
    skipSpace();
    static const char kVersion[] = "version";
    const size_t length = sizeof kVersion - 1;
    if (size - i < length || std::equal(kVersion, kVersion + length, data + i) == false) {
        return false;
    }
    i += length;
    return i == size || data[i] <= ' ' || data[i] == '{';
}

} // namespace agf::poser
