#!/usr/bin/env bash
# Sets up everything, builds, converts a bundled model to glTF binary and prints its `info`.
#   bash tools/quickstart.sh [model]    (as root, or as a user who may use sudo)
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

model=${1:-test_models/actorx/skinned_box.psk}
out=build/quickstart/$(basename "${model%.*}").glb
mkdir -p build/quickstart
build/bin/assimp export "$model" "$out"
build/bin/assimp info "$out"
echo
echo "Converted $model -> $out"
echo "The command is build/bin/assimp (add $(pwd)/build/bin to PATH to use it as 'assimp')."
