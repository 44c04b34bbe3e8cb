/** @file FuzzPbo.cpp
 *  The libFuzzer harness for the PBO archive reader (code/Pbo); the input format and the
 *  checks are in FuzzPboCase.h.
 */
#include "FuzzPboCase.h"

#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const agf::fuzz::PboCaseResult result = agf::fuzz::RunPboCase(data, size);
    if (result.broken != nullptr) {
        std::fprintf(stderr, "agf_fuzz_pbo: broken promise: %s\n", result.broken);
        __builtin_trap();
    }
    return 0;
}
