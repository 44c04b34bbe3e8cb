/** @file BatchProgress.h
 *  The progress of `assimp batch` on stderr: one line redrawn in place on a terminal, a plain
 *  line every few seconds otherwise (a log file, a CI job, a Slurm output file).
 */
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace agf::cli {

class BatchProgress {
public:
    /** `total`: the conversions of this run, those found up to date included. */
    BatchProgress(size_t total, bool terminal);

    /** One conversion finished; `converted`: by a worker (not found up to date). */
    void Finished(bool converted, bool failed);
    /** Redraws (terminal) or prints a line when one is due. */
    void Show();
    /** Clears the live line, so that the summary starts on a clean line. */
    void Finish();

    /** "123/456 done, 2 errors, 37.1 files/s, ETA 0:09". */
    std::string Describe() const;

private:
    size_t mTotal;
    size_t mDone = 0;
    size_t mConverted = 0;
    size_t mErrors = 0;
    bool mTerminal;
    size_t mDrawnWidth = 0;
    std::chrono::steady_clock::time_point mStart;
    std::chrono::steady_clock::time_point mLastShown;
};

} // namespace agf::cli
