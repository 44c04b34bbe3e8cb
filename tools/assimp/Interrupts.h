/** @file Interrupts.h
 *  Ctrl-C and the other requests to stop, noted instead of ending the process, so that
 *  `assimp batch` and `assimp view` can stop in their own time: the batch writes its report,
 *  the viewer closes its server. Portable C++ (std::signal): a handler only sets a flag, which
 *  the program looks at (the batch between two waits, the viewer from a thread of its own).
 */
#pragma once

namespace agf::cli {

/** From now on Ctrl-C (SIGINT), SIGTERM and, where the system has them, SIGHUP (the terminal
 *  went away) and SIGBREAK (Ctrl-Break on Windows) only set the flag. On Windows the C library
 *  gives each signal back its default after one: a second Ctrl-C ends the process at once. */
void CatchInterrupts();

/** Whether one of them has arrived since CatchInterrupts. */
bool Interrupted();

/** Ignores them all: for a worker, whose parent takes Ctrl-C (which reaches every process of
 *  the terminal's foreground group, or of the console) and decides what becomes of its work. */
void IgnoreInterrupts();

} // namespace agf::cli
