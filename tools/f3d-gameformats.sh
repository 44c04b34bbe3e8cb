#!/usr/bin/env bash
# f3d on any file the loaded libassimp reads. Debian 12's f3d (1.3.1) picks its reader by the
# file's extension and hands Assimp only .fbx, .dae, .dxf and .off, with no option to force a
# reader, so `f3d model.psk` never reaches libassimp. This converts the model with the stock
# `assimp` command into a temporary binary FBX, which f3d does give to Assimp, and runs f3d
# on it with the remaining arguments. Our formats come from the libassimp that command loads:
# the system package, or the private prefix through LD_LIBRARY_PATH (docs/libassimp.md);
# AGF_ASSIMP names another command (our build/bin/assimp needs neither).
#
#   LD_LIBRARY_PATH=$PWD/build-libassimp/lib tools/f3d-gameformats.sh model.psk [f3d options]
#   (headless: xvfb-run -a tools/f3d-gameformats.sh model.psk --output shot.png)
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 MODEL [f3d options...]" >&2
    exit 2
fi
model=$1
shift
assimp=${AGF_ASSIMP:-/usr/bin/assimp}

name=$(basename "$model")
extension=${name##*.}
case "${extension,,}" in
fbx | dae | dxf | off | gltf | glb | obj | ply | stl | 3ds | wrl | vtk | vtp)
    # f3d reads these itself.
    exec f3d "$model" "$@"
    ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
converted="$work/${name%.*}.fbx"
if ! "$assimp" export "$model" "$converted" >"$work/export.log" 2>&1; then
    tail -3 "$work/export.log" >&2
    echo "f3d-gameformats: $assimp cannot convert $model (is libassimp the one with our formats?)" >&2
    exit 1
fi
f3d "$converted" "$@"
