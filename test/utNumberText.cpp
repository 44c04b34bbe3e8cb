/** @file utNumberText.cpp
 *  code/Common/NumberText.h: numbers read and written the same whatever the program's locale,
 *  with strtod's and printf's answers in the C locale as the oracle.
 */
#include "Common/NumberText.h"

#include <gtest/gtest.h>

#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace {

/** strtod in the C locale, the oracle (the tests never change the locale). */
size_t OraclePrefix(const std::string &text, double &value) {
    char *end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return static_cast<size_t>(end - text.c_str());
}

TEST(NumberText, ReadsWhatStrtodReadsInTheCLocale) {
    for (const std::string text : {"0",
                                   "1",
                                   "-1",
                                   "+2.5",
                                   "1.5",
                                   ".5",
                                   "5.",
                                   "-0.125",
                                   "1e3",
                                   "1E-3",
                                   "2.5e+10",
                                   "123456789.123456789",
                                   "3.4028235e38",
                                   "1e-320",
                                   "1e400",
                                   "-1e400",
                                   "1e-400",
                                   "0.000000000000000000000000000000000000000000000000001",
                                   "12abc",
                                   "1.5,2",
                                   "1e",
                                   "1e+",
                                   "7 8",
                                   "0x10",
                                   "inf",
                                   "-INF",
                                   "Infinity",
                                   "nan",
                                   "NaN"}) {
        double ours = 0;
        double oracle = 0;
        const size_t used = agf::ReadNumberPrefix(text, ours);
        const size_t oracleUsed = OraclePrefix(text, oracle);
        if (text == "0x10") {
            // Hexadecimal floats are C's, not the files': only the leading 0 is a number.
            EXPECT_EQ(used, 1u);
            EXPECT_EQ(ours, 0.0);
            continue;
        }
        EXPECT_EQ(used, oracleUsed) << text;
        if (std::isnan(oracle)) {
            EXPECT_TRUE(std::isnan(ours)) << text;
        } else {
            EXPECT_EQ(ours, oracle) << text;
        }
    }
}

TEST(NumberText, NothingToReadLeavesTheValue) {
    double value = 42;
    for (const std::string text : {"", "-", "+", ".", "e5", "abc", " 1", "-.e1"}) {
        EXPECT_EQ(agf::ReadNumberPrefix(text, value), 0u) << "'" << text << "'";
        EXPECT_FALSE(agf::ReadNumber(text, value)) << "'" << text << "'";
    }
    EXPECT_EQ(value, 42);
}

TEST(NumberText, AWholeNumberMustBeTheWholeText) {
    double value = 0;
    EXPECT_TRUE(agf::ReadNumber("-2.25e1", value));
    EXPECT_EQ(value, -22.5);
    EXPECT_FALSE(agf::ReadNumber("2.25 ", value));
    EXPECT_FALSE(agf::ReadNumber("2.25x", value));
    EXPECT_EQ(value, -22.5);
}

TEST(NumberText, WritesWhatPrintfWritesInTheCLocale) {
    for (const double value : {0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, 1e20, 1e-7, 123456.789, -2.5e-300,
                               3.4028234663852886e38}) {
        for (const int digits : {1, 3, 6, 9, 17}) {
            char oracle[64];
            std::snprintf(oracle, sizeof oracle, "%.*g", digits, value);
            EXPECT_EQ(agf::NumberText(value, digits), oracle) << value << " " << digits;
        }
    }
    EXPECT_EQ(agf::NumberText(std::numeric_limits<double>::infinity(), 6), "inf");
    EXPECT_EQ(agf::NumberText(-std::numeric_limits<double>::infinity(), 6), "-inf");
    EXPECT_EQ(agf::NumberText(std::numeric_limits<double>::quiet_NaN(), 6), "nan");
}

TEST(NumberText, WritesFixedDecimalsAsPrintfDoes) {
    for (const double value : {0.0, 1.0, -1.5, 0.1, 2.0 / 3.0, 123456.789, 999.9996, 1e-7}) {
        for (const int decimals : {0, 1, 3, 6}) {
            char oracle[64];
            std::snprintf(oracle, sizeof oracle, "%.*f", decimals, value);
            EXPECT_EQ(agf::FixedNumberText(value, decimals), oracle) << value << " " << decimals;
        }
    }
}

TEST(NumberText, SkipsOnlyLeadingBlanks) {
    EXPECT_EQ(agf::SkipBlanks(" \t 1.5 "), "1.5 ");
    EXPECT_EQ(agf::SkipBlanks("1.5"), "1.5");
    EXPECT_EQ(agf::SkipBlanks("   "), "");
}

} // namespace
