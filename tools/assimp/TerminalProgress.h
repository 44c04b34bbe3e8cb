/** @file TerminalProgress.h
 *  A progress display for long imports and exports, drawn on stderr when it is a terminal.
 */
#pragma once

#include <assimp/ProgressHandler.hpp>

#include <string>

namespace agf::cli {

/** Draws "importing hero.psk:  42%" on one stderr line, redrawn in place.
 *
 *  Assimp's default split is 0..50% for reading (or writing) and 50..100% for post-processing.
 *  An export, or an import without post-processing, has no second half, so there the first
 *  phase gets the whole range. The Importer / Exporter owns and deletes the handler. */
class TerminalProgress : public Assimp::ProgressHandler {
public:
    /** `hasPostProcessing`: whether a post-processing phase follows reading. */
    TerminalProgress(std::string label, bool hasPostProcessing);
    ~TerminalProgress() override;

    /** True when stderr is a terminal: only then is a progress handler installed. */
    static bool StderrIsTerminal();

    bool Update(float fraction) override;
    void UpdateFileRead(int currentStep, int numberOfSteps) override;
    void UpdatePostProcess(int currentStep, int numberOfSteps) override;
    void UpdateFileWrite(int currentStep, int numberOfSteps) override;

    /** Clears the progress line, so that whatever is printed next starts on a clean line. */
    void Finish();

private:
    std::string mLabel;
    float mFirstPhaseShare; // of the whole bar: 0.5 before post-processing, else 1
    int mLastPercent = -1;
    bool mDrawn = false;
};

} // namespace agf::cli
