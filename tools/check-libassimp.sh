#!/usr/bin/env bash
# Checks the libassimp that tools/build-libassimp.sh built (the private prefix
# build-libassimp/lib) through Debian's own programs on libassimp5, unchanged, under
# LD_LIBRARY_PATH: the stock assimp command, pyassimp, a C program on the C API, f3d; that
# the library keeps Debian's soname and exported symbols; and, when build-libassimp/debs exists
# (--deb), the packages, without installing them (tools/libassimp/check_libassimp.py).
#   bash tools/check-libassimp.sh [validator-dir]
#   bash tools/check-libassimp.sh --version 6.0.5 [validator-dir]
#                       the library of `tools/build-libassimp.sh --version 6.0.5`, with that
#                       release's own assimp command and pyassimp, against the same source built
#                       without our patch by tools/build-assimp.sh
#                       (tools/libassimp/check_libassimp_version.py)
# AGF_LIBASSIMP_DIR (default build-libassimp) is the folder tools/build-libassimp.sh built.
# validator-dir holds node_modules/gltf-validator (tools/check-clients.sh installs it into
# <build>/clients/node); without one it is installed into build-libassimp/clients/node.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages this step needs beyond tools/install-deps.sh's (installed when missing).
missing=()
for package in assimp-utils python3-pyassimp f3d xvfb xauth assimp-testmodels; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
        missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

version=
if [ "${1:-}" = --version ]; then
    version=${2:?--version needs a version, e.g. 6.0.5}
    shift 2
fi
validator=${1:-build-libassimp/clients/node}
if [ ! -f "$validator/node_modules/gltf-validator/package.json" ]; then
    echo "installing gltf-validator from npm into $validator"
    npm install --prefix "$validator" --no-audit --no-fund --loglevel=error \
        gltf-validator@2.0.0-dev.3.10 >/dev/null
fi
# Debian's python3, which has python3-pyassimp (not a python3 of another installation).
if [ -n "$version" ]; then
    out=${AGF_LIBASSIMP_DIR:-build-libassimp-$version}
    exec /usr/bin/python3 tools/libassimp/check_libassimp_version.py --version "$version" \
        --lib "$out/lib" --work "$out/check" --validator "$validator"
fi
out=${AGF_LIBASSIMP_DIR:-build-libassimp}
debs=()
if [ -d "$out/debs" ]; then
    debs=(--debs "$out/debs")
fi
/usr/bin/python3 tools/libassimp/check_libassimp.py --lib "$out/lib" --work "$out/check" \
    --validator "$validator" "${debs[@]}"
