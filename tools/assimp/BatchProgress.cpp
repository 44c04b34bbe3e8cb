/** @file BatchProgress.cpp */
#include "BatchProgress.h"

#include <cstdio>

namespace agf::cli {

namespace {

// A terminal line is redrawn at most this often; a log gets a line this often.
constexpr auto kTerminalInterval = std::chrono::milliseconds(100);
constexpr auto kLogInterval = std::chrono::seconds(5);

std::string Clock(double seconds) {
    const long whole = static_cast<long>(seconds + 0.5);
    char text[32];
    if (whole >= 3600) {
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", whole / 3600, whole / 60 % 60,
                      whole % 60);
    } else {
        std::snprintf(text, sizeof text, "%ld:%02ld", whole / 60, whole % 60);
    }
    return text;
}

} // namespace

BatchProgress::BatchProgress(size_t total, bool terminal)
    : mTotal(total), mTerminal(terminal), mStart(std::chrono::steady_clock::now()),
      mLastShown(mStart) {}

void BatchProgress::Finished(bool converted, bool failed) {
    ++mDone;
    mConverted += converted ? 1 : 0;
    mErrors += failed ? 1 : 0;
}

std::string BatchProgress::Describe() const {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - mStart).count();
    const double rate = elapsed > 0 ? static_cast<double>(mConverted) / elapsed : 0.0;
    char text[160];
    std::snprintf(text, sizeof text, "%zu/%zu done, %zu error%s, %.1f files/s, ETA %s", mDone,
                  mTotal, mErrors, mErrors == 1 ? "" : "s", rate,
                  rate > 0 ? Clock(static_cast<double>(mTotal - mDone) / rate).c_str() : "-");
    return text;
}

void BatchProgress::Show() {
    const auto now = std::chrono::steady_clock::now();
    if (now - mLastShown < (mTerminal ? kTerminalInterval : kLogInterval) && mDone < mTotal) {
        return;
    }
    mLastShown = now;
    const std::string line = "assimp batch: " + Describe();
    if (mTerminal) {
        const size_t pad = mDrawnWidth > line.size() ? mDrawnWidth - line.size() : 0;
        std::fprintf(stderr, "\r%s%s", line.c_str(), std::string(pad, ' ').c_str());
        mDrawnWidth = line.size();
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
}

void BatchProgress::Finish() {
    if (mTerminal && mDrawnWidth != 0) {
        std::fprintf(stderr, "\r%s\r", std::string(mDrawnWidth, ' ').c_str());
        std::fflush(stderr);
        mDrawnWidth = 0;
    }
}

} // namespace agf::cli
