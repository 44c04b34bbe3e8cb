/** @file TerminalProgress.cpp */
#include "TerminalProgress.h"

#include "ThisProcess.h"

#include <algorithm>
#include <cstdio>

namespace agf::cli {

namespace {

float Fraction(int currentStep, int numberOfSteps) {
    return numberOfSteps > 0 ? static_cast<float>(currentStep) / static_cast<float>(numberOfSteps)
                             : 1.0f;
}

} // namespace

TerminalProgress::TerminalProgress(std::string label, bool hasPostProcessing)
    : mLabel(std::move(label)), mFirstPhaseShare(hasPostProcessing ? 0.5f : 1.0f) {}

TerminalProgress::~TerminalProgress() {
    Finish();
}

bool TerminalProgress::StderrIsTerminal() {
    return IsTerminal(stderr);
}

bool TerminalProgress::Update(float fraction) {
    // Assimp passes -1 for "some progress, amount unknown"; keep the last value then.
    if (fraction < 0.0f) {
        return true;
    }
    const int percent = static_cast<int>(std::clamp(fraction, 0.0f, 1.0f) * 100.0f + 0.5f);
    if (percent == mLastPercent) {
        return true;
    }
    mLastPercent = percent;
    std::fprintf(stderr, "\r%s: %3d%%", mLabel.c_str(), percent);
    std::fflush(stderr);
    mDrawn = true;
    return true; // returning false would cancel the import
}

void TerminalProgress::UpdateFileRead(int currentStep, int numberOfSteps) {
    Update(Fraction(currentStep, numberOfSteps) * mFirstPhaseShare);
}

void TerminalProgress::UpdatePostProcess(int currentStep, int numberOfSteps) {
    Update(mFirstPhaseShare + Fraction(currentStep, numberOfSteps) * (1.0f - mFirstPhaseShare));
}

void TerminalProgress::UpdateFileWrite(int currentStep, int numberOfSteps) {
    Update(Fraction(currentStep, numberOfSteps) * mFirstPhaseShare);
}

void TerminalProgress::Finish() {
    if (!mDrawn) {
        return;
    }
    // Overwrite the line with blanks ("\033[K" would need a terminal that understands it).
    const size_t width = mLabel.size() + 7;
    std::fprintf(stderr, "\r%s\r", std::string(width, ' ').c_str());
    std::fflush(stderr);
    mDrawn = false;
    mLastPercent = -1;
}

} // namespace agf::cli
