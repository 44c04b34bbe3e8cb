#!/usr/bin/python3
"""Imports one file with Debian's pyassimp (python3-pyassimp: Assimp's C API through ctypes)
and prints what it holds as JSON: meshes, faces, bone names, animations with their length in
seconds, and the path of the libassimp that read it.

pyassimp loads whichever libassimp.so.5 the dynamic loader finds, so the same script reads a
file with Debian's library or, under LD_LIBRARY_PATH, with ours (tools/check-libassimp.sh).
    /usr/bin/python3 tools/libassimp/scene_summary.py <file>
Exit status 1 when the file cannot be imported.

Debian's pyassimp 5.2.5 declares aiBone without the mArmature and mNode pointers that Assimp
5.2 added, so its pyassimp.load() fails on every file with bones ("NULL pointer access"). This
script therefore takes the scene from pyassimp's own import function (aiImportFile) and its
scene, mesh and animation structures, and reads bones through a corrected aiBone.
"""
import ctypes
import json
import sys

from pyassimp import core, structs
from pyassimp.postprocess import aiProcess_ValidateDataStructure


class Bone52(ctypes.Structure):
    """aiBone of Assimp 5.2 (include/assimp/mesh.h), as far as the name."""

    _fields_ = [
        ("mName", structs.String),
        ("mNumWeights", ctypes.c_uint),
        ("mArmature", ctypes.c_void_p),
        ("mNode", ctypes.c_void_p),
        ("mWeights", ctypes.c_void_p),
    ]


def text(string):
    return bytes(string.data[:string.length]).decode("utf-8", "replace")


def loaded_libassimp():
    """The path of the libassimp this process runs on."""
    with open("/proc/self/maps") as maps:
        for line in maps:
            if "libassimp.so" in line:
                return line.split()[-1]
    return ""


def described(scene):
    meshes = [scene.mMeshes[i].contents for i in range(scene.mNumMeshes)]
    bones = set()
    for mesh in meshes:
        for j in range(mesh.mNumBones):
            bone = ctypes.cast(mesh.mBones[j], ctypes.POINTER(Bone52)).contents
            bones.add(text(bone.mName))
    animations = []
    for i in range(scene.mNumAnimations):
        animation = scene.mAnimations[i].contents
        ticks = animation.mTicksPerSecond if animation.mTicksPerSecond > 0 else 1.0
        animations.append({"name": text(animation.mName),
                           "seconds": animation.mDuration / ticks,
                           "channels": animation.mNumChannels})
    return {
        "library": loaded_libassimp(),
        "meshes": len(meshes),
        "faces": sum(mesh.mNumFaces for mesh in meshes),
        "bones": sorted(bones),
        "animations": animations,
    }


def main():
    library = core._assimp_lib
    scene = library.load(sys.argv[1].encode(sys.getfilesystemencoding()),
                         aiProcess_ValidateDataStructure)
    if not scene:
        library.dll.aiGetErrorString.restype = ctypes.c_char_p
        message = library.dll.aiGetErrorString().decode("utf-8", "replace")
        print(json.dumps({"error": f"Could not import: {message}"}))
        return 1
    print(json.dumps(described(scene.contents)))
    library.release(scene)
    return 0


if __name__ == "__main__":
    sys.exit(main())
