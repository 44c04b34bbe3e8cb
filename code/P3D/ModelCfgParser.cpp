/** @file ModelCfgParser.cpp */
#include "ModelCfgParser.h"

#include "Common/ImportError.h"
#include "Common/StringHelpers.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace agf::p3d {

namespace {

constexpr size_t kMaxClassDepth = 64;
constexpr size_t kMaxInheritanceDepth = 64;

bool SameName(const std::string &a, const std::string &b) {
    return Lower(a) == Lower(b);
}

enum class TokenKind { Word, String, Symbol, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    size_t line = 1;
};

class Lexer {
public:
    Lexer(const std::string &text, const std::string &fileName)
        : mText(text), mFileName(fileName) {}

    Token next() {
        skipSpaceAndComments();
        Token token;
        token.line = mLine;
        if (mPos >= mText.size()) {
            return token;
        }
        const char c = mText[mPos];
        if (c == '"') {
            token.kind = TokenKind::String;
            ++mPos;
            while (true) {
                if (mPos >= mText.size()) {
                    fail(token.line, "string not closed");
                }
                const char d = mText[mPos++];
                if (d == '"') {
                    if (mPos < mText.size() && mText[mPos] == '"') {
                        token.text += '"'; // "" is an escaped quote
                        ++mPos;
                        continue;
                    }
                    break;
                }
                if (d == '\n') {
                    ++mLine;
                }
                token.text += d;
            }
            return token;
        }
        if (c == '+' && mPos + 1 < mText.size() && mText[mPos + 1] == '=') {
            token.kind = TokenKind::Symbol;
            token.text = "+=";
            mPos += 2;
            return token;
        }
        if (std::string("{}[]=;:,").find(c) != std::string::npos) {
            token.kind = TokenKind::Symbol;
            token.text = std::string(1, c);
            ++mPos;
            return token;
        }
        token.kind = TokenKind::Word;
        while (mPos < mText.size()) {
            const char d = mText[mPos];
            if (std::isspace(static_cast<unsigned char>(d)) ||
                std::string("{}[]=;:,\"").find(d) != std::string::npos ||
                (d == '/' && mPos + 1 < mText.size() &&
                 (mText[mPos + 1] == '/' || mText[mPos + 1] == '*'))) {
                break;
            }
            token.text += d;
            ++mPos;
        }
        return token;
    }

    [[noreturn]] void fail(size_t line, const std::string &problem) const {
        ThrowImportError(mFileName, "line " + std::to_string(line), 0, problem);
    }

private:
    void skipSpaceAndComments() {
        bool lineStart = mPos == 0 || mText[mPos - 1] == '\n';
        while (mPos < mText.size()) {
            const char c = mText[mPos];
            if (c == '\n') {
                ++mLine;
                ++mPos;
                lineStart = true;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++mPos;
            } else if (c == '#' && lineStart) {
                // Preprocessor directive: skip the line (continuations included).
                while (mPos < mText.size() && mText[mPos] != '\n') {
                    if (mText[mPos] == '\\' && mPos + 1 < mText.size() && mText[mPos + 1] == '\n') {
                        ++mLine;
                        ++mPos;
                    }
                    ++mPos;
                }
            } else if (c == '/' && mPos + 1 < mText.size() && mText[mPos + 1] == '/') {
                while (mPos < mText.size() && mText[mPos] != '\n') {
                    ++mPos;
                }
            } else if (c == '/' && mPos + 1 < mText.size() && mText[mPos + 1] == '*') {
                const size_t end = mText.find("*/", mPos + 2);
                const size_t stop = end == std::string::npos ? mText.size() : end + 2;
                mLine += static_cast<size_t>(
                    std::count(mText.begin() + static_cast<std::ptrdiff_t>(mPos),
                               mText.begin() + static_cast<std::ptrdiff_t>(stop), '\n'));
                mPos = stop;
            } else {
                return;
            }
        }
    }

    const std::string &mText;
    const std::string &mFileName;
    size_t mPos = 0;
    size_t mLine = 1;
};

class Parser {
public:
    Parser(const std::string &text, const std::string &fileName) : mLexer(text, fileName) {
        advance();
    }

    void parseBody(CfgClass &owner, size_t depth, bool topLevel) {
        if (depth > kMaxClassDepth) {
            mLexer.fail(mToken.line,
                        "classes nested deeper than " + std::to_string(kMaxClassDepth) + " levels");
        }
        while (true) {
            if (mToken.kind == TokenKind::End) {
                if (!topLevel) {
                    mLexer.fail(mToken.line, "class '" + owner.name + "' is not closed");
                }
                return;
            }
            if (isSymbol("}")) {
                if (topLevel) {
                    mLexer.fail(mToken.line, "unexpected '}'");
                }
                return;
            }
            if (isSymbol(";")) {
                advance(); // stray semicolon
                continue;
            }
            if (mToken.kind != TokenKind::Word) {
                mLexer.fail(mToken.line, "unexpected '" + mToken.text + "'");
            }
            const std::string word = mToken.text;
            advance();
            if (word == "class") {
                parseClass(owner, depth);
            } else if (word == "delete") {
                expectWord("class name after delete");
                expectSymbol(";");
            } else {
                parseEntry(owner, word);
            }
        }
    }

private:
    void advance() { mToken = mLexer.next(); }
    bool isSymbol(const char *symbol) const {
        return mToken.kind == TokenKind::Symbol && mToken.text == symbol;
    }
    void expectSymbol(const char *symbol) {
        if (!isSymbol(symbol)) {
            mLexer.fail(mToken.line,
                        std::string("expected '") + symbol + "' but found '" + mToken.text + "'");
        }
        advance();
    }
    std::string expectWord(const char *what) {
        if (mToken.kind != TokenKind::Word) {
            mLexer.fail(mToken.line, std::string("expected ") + what);
        }
        std::string word = mToken.text;
        advance();
        return word;
    }

    void parseClass(CfgClass &owner, size_t depth) {
        auto cls = std::make_unique<CfgClass>();
        cls->name = expectWord("class name");
        cls->parent = &owner;
        if (isSymbol(":")) {
            advance();
            cls->base = expectWord("base class name");
        }
        if (isSymbol(";")) {
            advance(); // forward declaration: an empty class unless defined elsewhere
            if (owner.child(cls->name) == nullptr) {
                owner.classes.push_back(std::move(cls));
            }
            return;
        }
        expectSymbol("{");
        parseBody(*cls, depth + 1, false);
        expectSymbol("}");
        expectSymbol(";");
        // A later full definition replaces an earlier forward declaration.
        for (auto &existing : owner.classes) {
            if (SameName(existing->name, cls->name)) {
                existing = std::move(cls);
                return;
            }
        }
        owner.classes.push_back(std::move(cls));
    }

    void parseEntry(CfgClass &owner, const std::string &key) {
        const std::string lowerKey = Lower(key);
        if (isSymbol("[")) {
            advance();
            expectSymbol("]");
            bool append = false;
            if (isSymbol("+=")) {
                append = true;
                advance();
            } else {
                expectSymbol("=");
            }
            std::vector<std::string> elements;
            parseArray(elements, 0);
            expectSymbol(";");
            owner.arrays[lowerKey] = std::move(elements);
            owner.arrayAppends[lowerKey] = append;
            return;
        }
        expectSymbol("=");
        std::string value;
        while (!isSymbol(";")) {
            if (mToken.kind == TokenKind::End || isSymbol("}")) {
                mLexer.fail(mToken.line, "entry '" + key + "' is not terminated by ';'");
            }
            value += mToken.text;
            advance();
        }
        advance();
        owner.values[lowerKey] = value;
    }

    void parseArray(std::vector<std::string> &elements, size_t depth) {
        if (depth > kMaxClassDepth) {
            mLexer.fail(mToken.line, "arrays nested too deep");
        }
        expectSymbol("{");
        while (!isSymbol("}")) {
            if (mToken.kind == TokenKind::End) {
                mLexer.fail(mToken.line, "array is not closed");
            }
            if (isSymbol("{")) {
                parseArray(elements, depth + 1); // nested arrays are flattened
            } else if (isSymbol(",")) {
                advance();
            } else if (mToken.kind == TokenKind::String || mToken.kind == TokenKind::Word) {
                elements.push_back(mToken.text);
                advance();
            } else {
                mLexer.fail(mToken.line, "unexpected '" + mToken.text + "' in an array");
            }
        }
        advance();
    }

    Lexer mLexer;
    Token mToken;
};

// An entry array through the class bases: the nearest definition, and for `+=` the inherited
// elements before it.
bool InheritedArray(const CfgClass &cls, const std::string &key, std::vector<std::string> &out) {
    std::vector<const std::vector<std::string> *> parts;
    const CfgClass *current = &cls;
    for (size_t depth = 0; current != nullptr && depth < kMaxInheritanceDepth; ++depth) {
        auto found = current->arrays.find(key);
        if (found != current->arrays.end()) {
            parts.push_back(&found->second);
            if (!current->arrayAppends.at(key)) {
                break;
            }
        }
        current = current->baseClass();
    }
    out.clear();
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        out.insert(out.end(), (*it)->begin(), (*it)->end());
    }
    return !parts.empty();
}

const std::string *FindValue(const CfgClass &cls, const std::string &key) {
    const CfgClass *current = &cls;
    for (size_t depth = 0; current != nullptr && depth < kMaxInheritanceDepth; ++depth) {
        auto found = current->values.find(key);
        if (found != current->values.end()) {
            return &found->second;
        }
        current = current->baseClass();
    }
    return nullptr;
}

bool CollectBones(const CfgClass &skeletons, const std::string &name, std::vector<Bone> &bones,
                  std::set<std::string> &visiting, std::string &problem) {
    const CfgClass *cls = skeletons.child(name);
    if (cls == nullptr) {
        problem = "no CfgSkeletons class '" + name + "'";
        return false;
    }
    if (!visiting.insert(Lower(name)).second || visiting.size() > kMaxInheritanceDepth) {
        problem = "skeletonInherit of '" + name + "' forms a cycle";
        return false;
    }
    const std::string *inherit = FindValue(*cls, "skeletoninherit");
    if (inherit != nullptr && !inherit->empty()) {
        if (!CollectBones(skeletons, *inherit, bones, visiting, problem)) {
            return false;
        }
    }
    std::vector<std::string> list;
    if (InheritedArray(*cls, "skeletonbones", list)) {
        for (size_t i = 0; i + 1 < list.size(); i += 2) {
            bones.push_back(Bone{list[i], list[i + 1]});
        }
        if (list.size() % 2 != 0) {
            problem = "skeletonBones[] of '" + name + "' has an odd number of names";
        }
    }
    return true;
}

} // namespace

const CfgClass *CfgClass::child(const std::string &childName) const {
    for (const auto &cls : classes) {
        if (SameName(cls->name, childName)) {
            return cls.get();
        }
    }
    return nullptr;
}

const CfgClass *CfgClass::baseClass() const {
    if (base.empty()) {
        return nullptr;
    }
    for (const CfgClass *scope = parent; scope != nullptr; scope = scope->parent) {
        const CfgClass *found = scope->child(base);
        if (found != nullptr && found != this) {
            return found;
        }
    }
    return nullptr;
}

std::unique_ptr<CfgClass> ParseConfig(const std::string &text, const std::string &fileName) {
    auto root = std::make_unique<CfgClass>();
    Parser parser(text, fileName);
    parser.parseBody(*root, 0, true);
    return root;
}

bool ResolveSkeleton(const CfgClass &root, const std::string &skeletonName,
                     std::vector<Bone> &bones, std::string &problem) {
    bones.clear();
    problem.clear();
    const CfgClass *skeletons = root.child("CfgSkeletons");
    if (skeletons == nullptr) {
        problem = "no CfgSkeletons class";
        return false;
    }
    std::set<std::string> visiting;
    return CollectBones(*skeletons, skeletonName, bones, visiting, problem);
}

std::string SkeletonNameForModel(const CfgClass &root, const std::string &modelName) {
    const CfgClass *models = root.child("CfgModels");
    const CfgClass *model = models != nullptr ? models->child(modelName) : nullptr;
    if (model == nullptr) {
        return std::string();
    }
    const std::string *name = FindValue(*model, "skeletonname");
    if (name == nullptr) {
        return std::string();
    }
    return *name;
}

std::vector<Bone> ParseBoneList(const std::string &text) {
    std::vector<std::string> names;
    std::string current;
    bool quoted = false;
    bool haveToken = false;
    for (char c : text) {
        if (c == '"') {
            if (quoted) {
                names.push_back(current);
                current.clear();
                haveToken = false;
            }
            quoted = !quoted;
            continue;
        }
        if (!quoted && (c == ',' || c == ';' || std::isspace(static_cast<unsigned char>(c)))) {
            if (haveToken) {
                names.push_back(current);
                current.clear();
                haveToken = false;
            }
            continue;
        }
        current += c;
        haveToken = !quoted;
    }
    if (haveToken) {
        names.push_back(current);
    }
    std::vector<Bone> bones;
    for (size_t i = 0; i + 1 < names.size(); i += 2) {
        bones.push_back(Bone{names[i], names[i + 1]});
    }
    return bones;
}

} // namespace agf::p3d
