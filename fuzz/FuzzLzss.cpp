/** @file FuzzLzss.cpp
 *  The libFuzzer harness for the P3D LZSS decoder on its own; the input format and the checks
 *  are in FuzzLzssCase.h.
 */
#include "FuzzLzssCase.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (const char *broken = agf::fuzz::RunLzssCase(data, size)) {
        std::fprintf(stderr, "agf_fuzz_lzss: broken promise: %s\n", broken);
        __builtin_trap();
    }
    return 0;
}
