#!/usr/bin/env bash
# One CI stage per Assimp version (docs/assimp-versions.md): build Assimp <version> from Debian's
# source package into a private prefix (tools/build-assimp.sh), build our project against it,
# run the whole ctest, and for 6.0.5 (or with --clients) open our exports in glTF-Validator and
# Blender (tools/check-clients.sh). Prints the time of each step and of the stage.
#
#   sudo bash tools/ci-assimp-version.sh 6.0.5
#   sudo bash tools/ci-assimp-version.sh 5.4.3
#   bash tools/ci-assimp-version.sh 5.2.5 --system    Debian's installed libassimp-dev, no build
#
# Our build is Release at -O1 without debug information, with warnings as errors: the quickest
# to compile of the optimised builds (GCC 12's -O3 also reports false -Wnonnull and
# -Warray-bounds inside libstdc++, see tools/run-tests.sh).
# Options: --clients / --no-clients (default: on for 6.0.5 only); --system (build against the
# installed Assimp, for the 5.2.5 row of the matrix); --libcxx (clang 14 with LLVM's libc++,
# macOS's standard library, for Assimp and for us: GoogleTest is then built from Debian's source
# with the same library, and cpp-httplib used as upstream's header-only library,
# tools/httplib-header.sh). The build folders are build-assimp/<version>[-libcxx] (Assimp) and
# build-ci-assimp-<version>[-libcxx] (ours); AGF_JOBS sets the parallel jobs.
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:?usage: $0 <version> [--clients|--no-clients] [--system]}
shift
clients=0
[ "$version" = 6.0.5 ] && clients=1
system=0
libcxx=0
for option in "$@"; do
    case "$option" in
    --clients) clients=1 ;;
    --no-clients) clients=0 ;;
    --system) system=1 ;;
    --libcxx) libcxx=1 ;;
    *)
        echo "unknown option $option" >&2
        exit 2
        ;;
    esac
done

jobs=${AGF_JOBS:-$(nproc)}
stage_start=$SECONDS
step() { printf '== assimp %s: %s\n' "$version" "$*"; }
took() { printf '   %s: %d s\n' "$1" "$(($SECONDS - $2))"; }

bash tools/install-deps.sh
# With the shared samples present, a sample test that cannot find its file fails rather than
# skips (test/TestSupport.h, AGF_REQUIRE_SAMPLE).
if [ -d ../shared/samples ]; then
    export AGF_SAMPLES_REQUIRED=1
fi

variant=$version
assimp_options=()
cmake_options=()
if [ "$libcxx" -eq 1 ]; then
    [ "$system" -eq 0 ] || { echo "--libcxx needs an Assimp built with libc++, not --system" >&2; exit 2; }
    variant=$version-libcxx
    assimp_options=(--tag libcxx --cc clang-14 --cxx clang++-14 --cxxflags -stdlib=libc++
        --ldflags -stdlib=libc++)
    bash tools/httplib-header.sh "$PWD/build-libcxx-deps" >/dev/null
    export PKG_CONFIG_PATH="$PWD/build-libcxx-deps/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    cmake_options=(-DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
        -DCMAKE_CXX_FLAGS=-stdlib=libc++ -DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++
        -DCMAKE_SHARED_LINKER_FLAGS=-stdlib=libc++ -DAGF_GTEST_SOURCE_DIR=/usr/src/googletest)
fi
if [ "$system" -eq 0 ]; then
    step "build Assimp from Debian's source package"
    start=$SECONDS
    AGF_ASSIMP_DIR="$PWD/build-assimp" bash tools/build-assimp.sh "$version" --jobs "$jobs" \
        "${assimp_options[@]}"
    took "Assimp build" "$start"
    cmake_options+=(-DAGF_ASSIMP_ROOT="$PWD/build-assimp/$variant")
fi

build=build-ci-assimp-$variant
step "build our project against it"
start=$SECONDS
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g0" \
    -DAGF_WERROR=ON \
    "${cmake_options[@]}" | grep -E '^-- Assimp '
nice -n 10 cmake --build "$build" -j"$jobs" >"$build/build.log" 2>&1 || {
    grep -E 'error|Error' "$build/build.log" | head -40 >&2
    exit 1
}
took "our build" "$start"

step "ctest"
start=$SECONDS
found=$("$build/bin/assimp" version | grep -E "^Assimp (library|repairs)")
echo "   the command runs on $found"
(cd "$build" && ctest --output-on-failure -j"$jobs")
took "ctest" "$start"

if [ "$clients" -eq 1 ]; then
    step "glTF-Validator and Blender on what we write"
    start=$SECONDS
    bash tools/check-clients.sh "$build"
    took "client checks" "$start"
fi
printf '== assimp %s stage: %d s\n' "$version" "$((SECONDS - stage_start))"
