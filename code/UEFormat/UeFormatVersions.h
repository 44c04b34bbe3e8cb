/** @file UeFormatVersions.h
 *  The file versions of UEFormat (the header's version byte) and what each one changed. The
 *  authors document only the latest (10); the older ones are read as the authors' Blender
 *  add-on reads them (docs/specs/ueformat.md, "Versions").
 */
#pragma once

#include <cstdint>

namespace agf::ueformat {

/** NORMALS hold a binormal sign before each normal. */
constexpr uint8_t kVersionBinormalSign = 1;
/** VERTEXCOLORS hold named sets instead of one unnamed set. */
constexpr uint8_t kVersionNamedColorSets = 2;
/** COLLISION: convex hulls. */
constexpr uint8_t kVersionConvexCollision = 3;
/** LODS and SKELETON sections instead of one flat list of a single LOD's sections. */
constexpr uint8_t kVersionLodSections = 4;
/** SKELETON: VIRTUALBONES. */
constexpr uint8_t kVersionVirtualBones = 5;
/** MATERIALS: each material's path after its name. */
constexpr uint8_t kVersionMaterialPath = 6;
/** .ueanim: a METADATA section instead of frame count and rate before the sections. */
constexpr uint8_t kVersionAssetMetadata = 7;
/** Values in Unreal's own left-handed axes and UV origin (the importer mirrors Y and flips V);
 *  before, the writer had done both. */
constexpr uint8_t kVersionOriginalTransforms = 8;
/** .uepose files. */
constexpr uint8_t kVersionPoses = 9;
/** Attribute sets (count, then name + byte size + data each; arrays carry their own count)
 *  instead of sections (name, element count, byte size, data), and the object path in the
 *  header. */
constexpr uint8_t kVersionAttributeSets = 10;
/** The newest version read. */
constexpr uint8_t kLatestVersion = 10;

} // namespace agf::ueformat
