/** @file ExitCodes.cpp */
#include "ExitCodes.h"

#include <cstdio>

namespace agf::cli {

std::string OneLine(std::string text) {
    for (char &c : text) {
        if (c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.pop_back();
    }
    return text;
}

namespace {

MessageCapture *gCapture = nullptr;

} // namespace

MessageCapture::MessageCapture(size_t maxWarnings) : mMaxWarnings(maxWarnings) {
    gCapture = this;
}

MessageCapture::~MessageCapture() {
    gCapture = nullptr;
}

void ReportError(const std::string &message) {
    if (gCapture != nullptr) {
        gCapture->mError = OneLine(message);
        return;
    }
    // Whatever went to stdout so far comes first when both streams share a terminal or a file.
    std::fflush(stdout);
    std::fprintf(stderr, "assimp: %s\n", OneLine(message).c_str());
}

void ReportWarning(const std::string &message) {
    if (gCapture != nullptr) {
        if (gCapture->mWarnings.size() < gCapture->mMaxWarnings) {
            gCapture->mWarnings.push_back(OneLine(message));
        }
        return;
    }
    std::fflush(stdout);
    std::fprintf(stderr, "assimp: warning: %s\n", OneLine(message).c_str());
}

} // namespace agf::cli
