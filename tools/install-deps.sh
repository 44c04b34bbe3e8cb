#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need, when any is missing.
# Run as root (or through sudo); as another user it only reports what is missing.
set -euo pipefail

packages=(
    cmake g++ make pkg-config      # the toolchain
    libassimp-dev                  # the Assimp library our importers plug into (5.2.x)
    libglm-dev                     # vector/quaternion maths for converters and test oracles
    libgtest-dev                   # GoogleTest, the test framework
    libbenchmark-dev               # Google Benchmark, for bench/
    libstb-dev                     # stb_image, decodes PSW landscape heightmaps (PNG)
    zlib1g-dev                     # zlib, inflates Poser's gzip files (P2Z, CRZ)
    clang-14 libclang-rt-14-dev    # libFuzzer and its sanitizer runtimes, for the fuzz smoke
                                   # (tools/run-fuzz.sh; gcc has no libFuzzer)
)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "missing Debian packages: ${missing[*]}" >&2
    echo "run: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
