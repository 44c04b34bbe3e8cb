/** @file FuzzImport.cpp
 *  The libFuzzer harness for every importer. Built once per target; the compile definition
 *  AGF_FUZZ_TARGET names the row of kImportTargets to use (see fuzz/CMakeLists.txt).
 *
 *  A case fails (the process traps, libFuzzer saves the input) when the import crashes or a
 *  sanitizer fires, when a scene comes back that Assimp's validation refuses, or when the import
 *  fails with a message that is not one of ours (a std::bad_alloc, std::out_of_range... that
 *  escaped a parser and was caught by Assimp's BaseImporter).
 */
#include "FuzzImportCase.h"

#include <cstdio>
#include <cstdlib>

#ifndef AGF_FUZZ_TARGET
#error "AGF_FUZZ_TARGET must name the target, e.g. -DAGF_FUZZ_TARGET=\"psk\""
#endif

namespace {
const agf::fuzz::ImportTarget *gTarget = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    gTarget = agf::fuzz::FindImportTarget(AGF_FUZZ_TARGET);
    if (gTarget == nullptr) {
        std::fprintf(stderr, "unknown fuzz target %s\n", AGF_FUZZ_TARGET);
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const agf::fuzz::CaseResult result = agf::fuzz::RunImportCase(gTarget->extension, data, size);
    if (result.outcome == agf::fuzz::Outcome::ForeignError ||
        result.outcome == agf::fuzz::Outcome::ValidationFailed) {
        std::fprintf(stderr, "agf_fuzz_%s: %s: %s\n", gTarget->name,
                     agf::fuzz::OutcomeName(result.outcome), result.message.c_str());
        __builtin_trap();
    }
    return 0;
}
