/** @file utImportOptions.cpp
 *  The option table (agf::ListImportOptions) against the public header that documents it, and
 *  the one policy for factors that must be positive: 0, negative, NaN and infinite values fail
 *  the import of every format with the same message.
 */
#include "TestSupport.h"

#include <assimp_gameformats/ImportOptions.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <regex>
#include <sstream>

namespace {

using agf::test::TestModelsDir;

struct DocumentedOption {
    std::string type;
    std::string defaultValue;
};

// "/** float, default 1.0 (stand-alone only): ..." above "#define AI_CONFIG_X "X"", by key.
std::map<std::string, DocumentedOption> OptionsDocumentedInTheHeader() {
    std::ifstream in(std::string(AGF_SOURCE_DIR) + "/include/assimp_gameformats/ImportOptions.h");
    std::stringstream text;
    text << in.rdbuf();
    const std::string header = text.str();
    const std::regex docHead(R"re(^/\*\*\s*(bool|int|float|string), default ("[^"]*"|[^\s:(]+))re");
    const std::regex define(R"re(^#define AI_CONFIG_\w+ "(\w+)")re");
    std::map<std::string, DocumentedOption> options;
    for (size_t at = header.find("\n#define AI_CONFIG_"); at != std::string::npos;
         at = header.find("\n#define AI_CONFIG_", at + 1)) {
        const std::string line = header.substr(at + 1, header.find('\n', at + 1) - at - 1);
        const size_t doc = header.rfind("/**", at);
        std::smatch key;
        std::smatch head;
        const std::string docText = doc == std::string::npos ? "" : header.substr(doc, at - doc);
        if (!std::regex_search(line, key, define) || !std::regex_search(docText, head, docHead)) {
            ADD_FAILURE() << "no \"type, default value\" doc line for: " << line;
            continue;
        }
        std::string value = head[2];
        if (value.size() >= 2 && value.front() == '"') {
            value = value.substr(1, value.size() - 2);
        }
        options[key[1]] = {head[1], value};
    }
    return options;
}

bool SameDefault(const std::string &type, const std::string &documented,
                 const std::string &listed) {
    if (type == "float" || type == "int") {
        return std::stod(documented) == std::stod(listed);
    }
    return documented == listed;
}

TEST(ImportOptions, TheTableAndTheHeaderAgreeOnEveryKeyTypeAndDefault) {
    const std::map<std::string, DocumentedOption> documented = OptionsDocumentedInTheHeader();
    ASSERT_GE(documented.size(), 30u) << "the header's doc format changed";
    const std::vector<agf::ImportOption> &listed = agf::ListImportOptions();
    EXPECT_EQ(listed.size(), documented.size());
    for (const agf::ImportOption &option : listed) {
        const auto found = documented.find(option.key);
        ASSERT_NE(found, documented.end()) << option.key << " is not documented in the header";
        EXPECT_EQ(found->second.type, option.type) << option.key;
        EXPECT_TRUE(SameDefault(option.type, found->second.defaultValue, option.defaultValue))
            << option.key << ": header says " << found->second.defaultValue << ", table "
            << option.defaultValue;
        EXPECT_FALSE(option.formats.empty()) << option.key;
        EXPECT_FALSE(option.summary.empty()) << option.key;
        EXPECT_EQ(agf::FindImportOption(option.key), &option);
    }
    EXPECT_EQ(agf::FindImportOption("IMPORT_NO_SUCH_OPTION"), nullptr);
}

// ---- One policy for bad factors ------------------------------------------------------------

struct FactorCase {
    const char *key;
    const char *model; ///< under test_models/
};

std::string CaseName(const testing::TestParamInfo<FactorCase> &info) {
    std::string name = info.param.key;
    for (char &c : name) {
        c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    }
    return name;
}

// Every float option of the table: a scale, a rate or a unit size.
const std::vector<FactorCase> kFactorCases = {
    {AI_CONFIG_IMPORT_PSK_SCALE, "actorx/skinned_box.psk"},
    {AI_CONFIG_IMPORT_PSA_SCALE, "actorx/psa_dense.psa"},
    {AI_CONFIG_IMPORT_PSW_SCALE, "actorx/world_levels/level_v2.psw"},
    {AI_CONFIG_IMPORT_PSW_HEIGHT_SCALE, "actorx/world_levels/level_v3.psw"},
    {AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, "idolfx/keypose_chain4.mot"},
    {AI_CONFIG_IMPORT_MOT_TICKS_PER_SECOND, "idolfx/keypose_chain4.fxm"},
    {AI_CONFIG_IMPORT_ANB_FPS, "idolfx/two_submeshes.anb"},
    {AI_CONFIG_IMPORT_PZ2_PNU_IN_METRES, "poser/chain.cr2"},
    {AI_CONFIG_IMPORT_PZ2_FPS, "poser/chain_walk.pz2"},
    {AI_CONFIG_IMPORT_UEFORMAT_SCALE, "ueformat/knight.uemodel"},
    {AI_CONFIG_IMPORT_UEFORMAT_SCALE, "ueformat/knight.ueanim"},
};

TEST(ImportOptions, EveryFloatOptionIsCoveredByTheBadFactorCases) {
    for (const agf::ImportOption &option : agf::ListImportOptions()) {
        if (option.type != "float" || option.exportOption) {
            continue; // the writers' factors: utPskWriterLimits.cpp, BadExportFactors
        }
        const bool covered = std::any_of(kFactorCases.begin(), kFactorCases.end(),
                                         [&](const FactorCase &c) { return option.key == c.key; });
        EXPECT_TRUE(covered) << option.key;
        EXPECT_GT(std::stod(option.defaultValue), 0.0) << option.key;
    }
}

class BadFactor : public testing::TestWithParam<FactorCase> {};

TEST_P(BadFactor, ZeroNegativeNanAndInfinityFailTheImportWithOneMessage) {
    const FactorCase &param = GetParam();
    const std::filesystem::path model = TestModelsDir() / param.model;
    ASSERT_TRUE(std::filesystem::exists(model)) << model;
    {
        const agf::test::ImportResult sound = agf::test::ImportValidated(model);
        ASSERT_NE(sound.scene, nullptr) << "the model itself must import: " << sound.error;
    }
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const float value : {0.0f, -1.0f, -0.0f, nan, inf, -inf}) {
        const agf::test::ImportResult result =
            agf::test::ImportValidated(model, [&](Assimp::Importer &importer) {
                importer.SetPropertyFloat(param.key, value);
            });
        EXPECT_EQ(result.scene, nullptr) << param.key << " = " << value;
        std::ostringstream shown;
        shown << static_cast<double>(value);
        EXPECT_EQ(result.error, model.filename().string() + ": options at byte 0: " + param.key +
                                    " must be a positive finite number, not " + shown.str())
            << param.key << " = " << value;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, BadFactor, testing::ValuesIn(kFactorCases),
                         [](const testing::TestParamInfo<FactorCase> &param) {
                             return CaseName(param) + "_" + std::to_string(param.index);
                         });

} // namespace
