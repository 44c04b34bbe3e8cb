/** @file FuzzLzo.cpp
 *  The libFuzzer harness for the P3D LZO1X decoder on its own; the input format and the checks
 *  are in FuzzLzoCase.h.
 */
#include "FuzzLzoCase.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (const char *broken = agf::fuzz::RunLzoCase(data, size)) {
        std::fprintf(stderr, "agf_fuzz_lzo: broken promise: %s\n", broken);
        __builtin_trap();
    }
    return 0;
}
