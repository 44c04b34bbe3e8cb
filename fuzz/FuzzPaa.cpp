/** @file FuzzPaa.cpp
 *  The libFuzzer harness for the PAA/PAC texture decoder (code/Paa); the input format and the
 *  checks are in FuzzPaaCase.h.
 */
#include "FuzzPaaCase.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (const char *broken = agf::fuzz::RunPaaCase(data, size)) {
        std::fprintf(stderr, "agf_fuzz_paa: broken promise: %s\n", broken);
        __builtin_trap();
    }
    return 0;
}
