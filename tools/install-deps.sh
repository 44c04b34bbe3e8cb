#!/usr/bin/env bash
# Installs the Debian 12 packages the build and the tests need, when any is missing: as root,
# or through sudo for a user who may use it.
set -euo pipefail
. "$(dirname "$0")/debian-packages.sh"

packages=(
    cmake g++ make pkg-config      # the toolchain
    libassimp-dev                  # the Assimp library our importers plug into (5.2.x)
    libglm-dev                     # vector/quaternion maths for converters and test oracles
    libgtest-dev                   # GoogleTest, the test framework
    libbenchmark-dev               # Google Benchmark, for bench/
    libstb-dev                     # stb_image, decodes PSW landscape heightmaps (PNG) and
                                   # textures (TGA, BMP...); stb_image_write encodes them as PNG
    libsquish-dev                  # libsquish, decodes the DXT blocks of PAA and DDS textures
    zlib1g-dev                     # zlib, inflates Poser's gzip files (P2Z, CRZ) and
                                   # UEFormat's GZIP bodies
    libzstd-dev                    # libzstd, decompresses UEFormat's ZSTD bodies (.uemodel,
                                   # .ueanim, .uepose)
    liblzo2-dev                    # liblzo2, the tests' oracle for our LZO1X decoder (not linked
                                   # into the library: GPL, and it cannot report input used)
    nlohmann-json3-dev             # JSON for the glTF writer's pass over Assimp's output
    blender python3-numpy          # the real client the tests open our FBX and glb in
                                   # (tools/clients/); Blender 3.4's glTF importer needs numpy
    libcpp-httplib-dev             # cpp-httplib, the loopback HTTP server of `assimp view`
    libjs-three                    # three.js r111, built into the page of `assimp view`
    chromium                       # headless Chromium, opens that page in the viewer tests
    clang-14 libclang-rt-14-dev    # libFuzzer and the sanitizers' runtimes, for the sanitizer
                                   # builds and the fuzz smoke (gcc has no libFuzzer)
    libc++-14-dev libc++abi-14-dev # LLVM's standard library, macOS's: the sanitizer build uses
                                   # it in place of libstdc++
)

# glTF-Validator runs on Node.js (installed from npm by tools/check-clients.sh); machines that
# come without a node take Debian's.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    packages+=(nodejs npm)
fi

ensure_debian_packages "${packages[@]}"
