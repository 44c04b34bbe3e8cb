#!/usr/bin/env bash
# Opens what we write in the real programs people use (tools/clients/check_clients.py):
# Khronos glTF-Validator on every glb/glTF the tests wrote and on exports of every test model
# and sample, and Blender 3.4 on a set of FBX and glb exports.
#   bash tools/check-clients.sh [build-dir]      (default: build; needs build/bin/assimp)
# glTF-Validator comes from the npm registry, pinned, into <build-dir>/clients/node.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build}
validator=$build/clients/node
if [ ! -f "$validator/node_modules/gltf-validator/package.json" ]; then
    echo "installing gltf-validator from npm into $validator"
    npm install --prefix "$validator" --no-audit --no-fund --loglevel=error \
        gltf-validator@2.0.0-dev.3.10 >/dev/null
fi
python3 tools/clients/check_clients.py --assimp "$build/bin/assimp" --work "$build/clients" \
    --validator "$validator" --extra-gltf-dir "$build/test/agf_scratch"
