/** @file P3dConverter.h
 *  Turns a parsed P3D model into an aiScene: one node per LOD (named by its resolution), meshes
 *  per (texture, material) pair, materials with embedded rvmat values, the skeleton and skin
 *  weights, memory points and proxies as nodes, selections and properties as metadata.
 *
 *  Coordinates: the engine is left-handed, Y up, metres. Positions are mirrored across the XY
 *  plane (z negated); Y stays up, so the root is not rotated. MLOD keeps the file vertex order
 *  and negates its inward normals (spec 2.8, checked on the samples). ODOL keeps MLOD's inward
 *  normals and stores each polygon in the binarizer's order (triangles 0 1 2 as 1 0 2, quads
 *  0 1 2 3 as 1 0 3 2): the converter undoes that order, then applies the MLOD rule, for every
 *  ODOL version (checked on the OFP twin tomahawk, v7 and MLOD). Stored normals that disagree
 *  with the winding only give a warning. V is flipped (top-origin files).
 */
#pragma once

#include "Common/Warnings.h"
#include "P3dFileData.h"

#include <string>
#include <vector>

struct aiScene;

namespace agf::p3d {

struct ConvertOptions {
    /** AI_CONFIG_IMPORT_P3D_LODS: "all", "first" or a list of resolutions or names. */
    std::string lodChoice;
    /** A skeleton from model.cfg or the import option, used when the model has none. */
    std::vector<Bone> externalSkeleton;
    std::string externalSkeletonName;
    std::string externalSkeletonSource; ///< where it came from, for metadata
    /** AI_CONFIG_IMPORT_GAMEFORMATS_THREADS: LODs are converted on up to this many threads
     *  (the scene and the warnings do not depend on it). */
    unsigned threads = 1;
    /** The file's size, which the morph targets made of point-cache frames are kept within
     *  (Common/CopyBudget.h). */
    size_t inputBytes = 0;
};

/** What one point-cache frame costs per vertex of its LOD once it is a morph target: the
 *  converter's sparse copy (a vertex index and a position) and the aiAnimMesh's position. */
constexpr size_t kFrameCopyBytesPerVertex = 4 + 12 + 12;

/** What one metadata entry of a LOD node costs in the scene: its aiString key and an aiString
 *  value of 1 KB each. A P3D structure of a few bytes (a named property, a selection, a point
 *  flag value, a section, a whole MLOD LOD) becomes one or more entries, so the entries written
 *  are kept within a budget of the file's size (Common/CopyBudget.h), like the frames. */
constexpr size_t kMetadataEntryBytes = 2 * 1028 + 16;

/** Fills `scene` (which must be empty). Recoverable problems are appended to `warnings`.
 *  Throws ImportError when the LOD choice matches nothing. Consumes `model`: each LOD's arrays
 *  are released as soon as that LOD is converted. */
void ConvertModel(Model &&model, const ConvertOptions &options, const std::string &fileName,
                  aiScene *scene, Warnings &warnings);

/** The diffuse colour of a procedural texture "#(argb,w,h,m)color(r,g,b,a,...)"; false when the
 *  text is not a colour. */
bool ParseProceduralColor(const std::string &texture, float (&rgba)[4]);

} // namespace agf::p3d
