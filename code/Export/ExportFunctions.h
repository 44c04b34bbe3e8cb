/** @file ExportFunctions.h
 *  Our replacements for export formats of Assimp 5.2.5, registered by RegisterExporters
 *  (code/Exporters.cpp), each an ExportFunction (ExportOutput.h).
 *
 *  FBX and Collada (FbxExport.cpp):
 *  Replacement "fbx", "fbxa" and "collada" export functions that work around Assimp 5.2.5's
 *  writers (README, "FBX output").
 *
 *  Each copies the scene, re-times its animations to seconds (AnimationRetiming.h), for FBX
 *  gives morph targets normals (MorphTargetNormals.h), runs Assimp's own writer on the copy
 *  through a private Exporter (which still has the built-in formats), and fixes what that
 *  writer gets wrong:
 *  - "fbx": the file is repaired (FbxBinaryRepair.h: null records, object scopes, shape names,
 *    exact animation lengths) and our metadata is written as user properties;
 *  - "fbxa": the exact animation lengths;
 *  - "collada": the scene's channels get one set of key times first (ChannelKeyAlignment.h),
 *    or the writer produces a file that cannot be read back.
 *
 *  glTF 2 (GltfExport.cpp):
 *  Replacement "glb2" and "gltf2" export functions: Assimp 5.2.5's glTF 2 writer, then a pass
 *  over its JSON that adds what that writer drops, so that every file passes glTF-Validator.
 *
 *  On a copy of the scene, before Assimp's writer (GltfScenePreparation.h): the root is scaled
 *  to metres (unless AI_CONFIG_EXPORT_GLTF_KEEP_UNITS), the meshes of one node share their
 *  morph targets, and bind matrices get an exact last row. Assimp's writer runs into memory
 *  (MemoryFileSystem.h) with target names on. Then, in the JSON (GltfDocument.h): node and
 *  scene extras from our metadata (GltfExtras.h), KHR_lights_punctual (GltfLights.h),
 *  morph-weight channels (GltfMorphWeights.h), and no empty buffers or animations. Then the
 *  files are written through the caller's IOSystem.
 */
#pragma once

#include "Common/ExportOutput.h"

namespace agf {

ExportFunction ExportFbxBinary;
ExportFunction ExportFbxAscii;
ExportFunction ExportCollada;

ExportFunction ExportGlb;
ExportFunction ExportGltf;

} // namespace agf
