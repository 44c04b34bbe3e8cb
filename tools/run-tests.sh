#!/usr/bin/env bash
# Sets up everything and runs every test: what CI runs (.ci/run) on a fresh Debian 12 machine.
# Three builds, one per Assimp version, each serving several checks, so that the whole run fits
# CI's time:
#
#  gcc-assimp-5.2   GCC 12 against Debian's Assimp 5.2.5, warnings as errors: every test
#                   (ctest), then glTF-Validator and Blender on what we write
#                   (tools/check-clients.sh), then Debian's assimp rebuilt with our formats built
#                   in and checked through Debian's own programs (tools/build-libassimp.sh --deb,
#                   tools/check-libassimp.sh; AGF_LIBASSIMP=0 skips this and the 6.0.5 one).
#  libcxx-assimp-5.4  clang 14 with LLVM's libc++ (macOS's standard library) at -O1, against
#                   Assimp 5.4.3 built the same way from Debian 13's source package
#                   (tools/ci-assimp-version.sh --libcxx): every test. libFuzzer and Debian's
#                   cpp-httplib are built with libstdc++, which is why the sanitizer build
#                   below keeps libstdc++.
#  clang-asan-6.0   clang 14 with AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer's
#                   coverage, against Assimp 6.0.5 built from Debian sid's source package
#                   (tools/build-assimp.sh): every test again but the one named below,
#                   glTF-Validator and Blender on what that build writes, sid's assimp rebuilt
#                   with our formats built in (at -O0) and checked through its own programs,
#                   then every libFuzzer target from its committed corpus for a fixed number
#                   of inputs from a fixed seed (tools/run-fuzz.sh smoke; AGF_FUZZ=0 skips it).
#  clang-tsan       clang 14 with ThreadSanitizer against Debian's Assimp 5.2.5: the host-safety
#                   tests alone (imports on several threads at once, a file shortened while it
#                   is imported).
#
# Each stage's time is printed as it ends, and all of them at the end. The README ("How it is
# tested") says what runs outside this script.
#   bash tools/run-tests.sh    (as root, or as a user who may use sudo)
set -euo pipefail
cd "$(dirname "$0")/.."

run_start=$SECONDS
stage_times=()
stage_start=$SECONDS
stage() {
    echo
    echo "== $* =="
    stage_start=$SECONDS
}
stage_done() {
    local line
    line=$(printf '%-58s %5d s' "$1" "$((SECONDS - stage_start))")
    stage_times+=("$line")
    echo "-- $line"
}

jobs=$(nproc)
# With the shared samples present, a sample test that cannot find its file fails rather than
# skips (test/TestSupport.h, AGF_REQUIRE_SAMPLE).
if [ -d ../shared/samples ]; then
    export AGF_SAMPLES_REQUIRED=1
fi

stage "set-up: Debian packages"
bash tools/install-deps.sh
stage_done "set-up (Debian packages)"

# ---- GCC, Debian's Assimp 5.2.5 ------------------------------------------------------------------
stage "gcc-assimp-5.2: build (warnings are errors)"
# -O2, as Debian builds its packages: GCC 12's -O3 inlining reports out-of-bounds and null
# copies inside libstdc++'s vector code that cannot happen (false positives of
# -Warray-bounds and -Wnonnull), which -Werror would turn into a failed build.
cmake -S . -B build-ci -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DAGF_WERROR=ON |
    grep -E '^-- Assimp ' || true
cmake --build build-ci -j"$jobs"
stage_done "gcc-assimp-5.2: build"

stage "gcc-assimp-5.2: ctest"
(cd build-ci && ctest --output-on-failure -j"$jobs")
stage_done "gcc-assimp-5.2: ctest"

stage "gcc-assimp-5.2: glTF-Validator and Blender on what we write"
bash tools/check-clients.sh build-ci
stage_done "gcc-assimp-5.2: clients"

# Debian's assimp rebuilt with our formats built in (the private prefix and the .deb files),
# then checked through Debian's own programs on libassimp5 without installing anything
# (docs/libassimp.md).
if [ "${AGF_LIBASSIMP:-1}" = 1 ]; then
    stage "gcc-assimp-5.2: libassimp with our formats built in, through Debian's programs"
    bash tools/build-libassimp.sh --deb
    bash tools/check-libassimp.sh build-ci/clients/node
    # 5.4.3's libassimp build runs outside CI (docs/libassimp-versions.md); that its patch still
    # applies to Debian's current source is checked here, in seconds. 6.0.5's is built below.
    bash tools/build-libassimp.sh --version 5.4.3 --patch-only
    stage_done "gcc-assimp-5.2: libassimp build and its programs"
fi

# ---- clang with libc++, Assimp 5.4.3 -------------------------------------------------------------
stage "libcxx-assimp-5.4: Assimp 5.4.3 from Debian's source package, our build, ctest (libc++)"
AGF_JOBS=$jobs bash tools/ci-assimp-version.sh 5.4.3 --no-clients --libcxx
stage_done "libcxx-assimp-5.4: Assimp build, our build (-O1), ctest"

# ---- clang with sanitizers, Assimp 6.0.5 ---------------------------------------------------------
stage "clang-asan-6.0: Assimp 6.0.5 from Debian's source package"
AGF_ASSIMP_DIR="$PWD/build-assimp" bash tools/build-assimp.sh 6.0.5 --jobs "$jobs"
stage_done "clang-asan-6.0: Assimp 6.0.5 build"

stage "clang-asan-6.0: build"
# -O1 with line tables: what the sanitizers need for useful reports, at a fraction of the
# compile time of -O2 -g. The fuzz targets come from the same objects.
cmake -S . -B build-asan -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DAGF_SANITIZE=ON \
      -DAGF_BUILD_FUZZERS=ON -DAGF_ASSIMP_ROOT="$PWD/build-assimp/6.0.5" |
    grep -E '^-- Assimp ' || true
cmake --build build-asan -j"$jobs"
stage_done "clang-asan-6.0: build"

stage "clang-asan-6.0: ctest"
# The install-consumer test links an uninstrumented application: it ran in the GCC build.
# Leaks inside libassimp itself (its OBJ importer on a malformed line, replayed by the fuzz
# regressions) are suppressed, as in the fuzz targets: we cannot fix Assimp from here.
export LSAN_OPTIONS="suppressions=$PWD/fuzz/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    ctest --output-on-failure -j"$jobs" -E '^install_consumer$')
stage_done "clang-asan-6.0: ctest"

stage "clang-asan-6.0: glTF-Validator and Blender on what the 6.0.5 build writes"
bash tools/check-clients.sh build-asan
stage_done "clang-asan-6.0: clients"

if [ "${AGF_LIBASSIMP:-1}" = 1 ]; then
    stage "libassimp-6.0: sid's assimp with our formats built in, through its own programs"
    # Debian's configuration at -O0 -g0 (--quick), a third of the compile time of its -O2 -g:
    # what is checked is the patch and what the programs read, which the flags do not change.
    # Compared with the unpatched build of the same source made above (build-assimp/6.0.5).
    export AGF_LIBASSIMP_DIR="$PWD/build-libassimp-6.0.5-quick"
    bash tools/build-libassimp.sh --version 6.0.5 --quick
    bash tools/check-libassimp.sh --version 6.0.5 build-ci/clients/node
    unset AGF_LIBASSIMP_DIR
    stage_done "libassimp-6.0: build (-O0) and its programs"
fi

if [ "${AGF_FUZZ:-1}" = 1 ]; then
    stage "clang-asan-6.0: fuzz smoke, every libFuzzer target from its committed corpus"
    # A fixed number of inputs from a fixed seed, not a fixed time, so a slower machine tries as
    # many. A crash fails here; the log shows the reproducer and its hexdump (tools/run-fuzz.sh).
    AGF_FUZZ_BUILD_DIR="$PWD/build-asan" bash tools/run-fuzz.sh smoke
    stage_done "clang-asan-6.0: fuzz smoke"
fi

# ---- clang with ThreadSanitizer, Debian's Assimp 5.2.5 ---------------------------------------
stage "clang-tsan: the host-safety tests under ThreadSanitizer"
# Only the library and the one test program (test/CMakeLists.txt, agf_thread_tests).
cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DAGF_SANITIZE_THREAD=ON |
    grep -E '^-- Assimp ' || true
cmake --build build-tsan -j"$jobs" --target agf_thread_tests
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 build-tsan/bin/agf_thread_tests
stage_done "clang-tsan: build and host-safety tests"

echo
echo "== stage times =="
printf '%s\n' "${stage_times[@]}"
printf '%-58s %5d s\n' "total" "$((SECONDS - run_start))"
