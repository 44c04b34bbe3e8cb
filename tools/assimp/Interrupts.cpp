/** @file Interrupts.cpp */
#include "Interrupts.h"

#include <csignal>

namespace agf::cli {

namespace {

volatile std::sig_atomic_t gInterrupted = 0;

extern "C" void NoteInterrupt(int) {
    gInterrupted = 1;
}

void SetHandlers(void (*handler)(int)) {
    std::signal(SIGINT, handler);
    std::signal(SIGTERM, handler);
#if defined(SIGHUP)
    std::signal(SIGHUP, handler);
#endif
#if defined(SIGBREAK)
    std::signal(SIGBREAK, handler);
#endif
}

} // namespace

void CatchInterrupts() {
    SetHandlers(NoteInterrupt);
}

bool Interrupted() {
    return gInterrupted != 0;
}

void IgnoreInterrupts() {
    SetHandlers(SIG_IGN);
}

} // namespace agf::cli
