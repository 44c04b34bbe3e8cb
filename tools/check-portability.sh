#!/usr/bin/env bash
# Compiles every source of the library (code/) for other platforms' compilers and standard
# libraries, without linking (-fsyntax-only), warnings as errors:
#   mingw    MinGW-w64 g++ (Windows x86-64, POSIX threads), as a DLL's sources are built;
#   libcxx   clang 14 with libc++ (the standard library of macOS and of clang-only systems).
# It shows that nothing in the library needs glibc, Linux or GNU extensions; it builds and runs
# nothing (README, "Platforms and Assimp versions").
#
#   bash tools/check-portability.sh [mingw|libcxx|all]      (default: all)
#
# The third-party headers (Assimp, glm, stb, nlohmann-json, libsquish, zlib, libzstd) are the
# system's, seen through a folder of their own so that no glibc header comes with them.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/debian-packages.sh

which=${1:-all}
jobs=${AGF_JOBS:-$(nproc)}
headers=$(mktemp -d)
trap 'rm -rf "$headers"' EXIT
for header in assimp glm stb nlohmann squish.h zstd.h zstd_errors.h zlib.h zconf.h; do
    [ -e "/usr/include/$header" ] && ln -s "/usr/include/$header" "$headers/$header"
done
# Debian keeps zlib's zconf.h under the multiarch folder.
[ -e "$headers/zconf.h" ] || ln -s /usr/include/x86_64-linux-gnu/zconf.h "$headers/zconf.h"

common=(-std=c++17 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow
    -Wno-missing-field-initializers -Werror -Icode -Iinclude -isystem "$headers"
    -DAGF_VERSION=\"portability\" -DAGF_BUILDING_LIBRARY)

check() {
    local name=$1 compiler=$2
    shift 2
    local start=$SECONDS
    echo "== $name: $compiler $*"
    # One compiler per source, $jobs at a time; every failing file is printed.
    if find code -name '*.cpp' | sort |
        xargs -P "$jobs" -I{} sh -c "$compiler \"\$@\" {} || { echo 'FAILED: {}'; exit 255; }" \
            sh "${common[@]}" "$@"; then
        echo "   every library source compiles ($((SECONDS - start)) s)"
    else
        echo "   $name: some sources do not compile (above)" >&2
        return 1
    fi
}

status=0
if [ "$which" = all ] || [ "$which" = mingw ]; then
    ensure_debian_packages g++-mingw-w64-x86-64-posix
    check mingw x86_64-w64-mingw32-g++-posix || status=1
fi
if [ "$which" = all ] || [ "$which" = libcxx ]; then
    ensure_debian_packages clang-14 libc++-14-dev libc++abi-14-dev
    check libcxx clang++-14 -stdlib=libc++ || status=1
fi
exit $status
