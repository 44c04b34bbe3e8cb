/** @file FbxBinaryRepair.h
 *  Turns a binary FBX file written by Assimp 5.2.5 into one that Assimp and Blender read.
 *
 *  What 5.2.5's writer gets wrong, and what the repair does:
 *  1. Nested lists end without their null record (the writer appends an empty string instead
 *     of 25 zero bytes), so no reader accepts the file: the tree is rewritten with them
 *     (FbxBinaryTree.h).
 *  2. Objects without children (AnimationLayer) get no `{ }` scope; Assimp's reader then
 *     ignores them, losing every animation: every object is given a scope.
 *  3. Shape geometries are named "name\x00\x01Blendshape"; Blender requires the class part of
 *     a Geometry name to be "Geometry" and stops importing: it is renamed.
 *  4. Animation lengths are whole seconds: the exact ones are written (FbxTakeLength.h).
 *  5. A blend-shape channel's FullWeights always has one entry, even when its shape moves no
 *     vertex (an empty Indexes list); Blender then refuses the whole file. FullWeights gets one
 *     entry per index, as the FBX SDK writes it.
 *  6. A shape that moves no vertex gets no Normals, which the same version's reader requires:
 *     it drops that morph target. Such shapes get an empty Normals array.
 *
 *  Bytes in, bytes out. Already-correct input is accepted; items 1 and 2 then change nothing.
 *  Newer Assimp versions write some of these right (Common/AssimpVersion.h says which): the
 *  caller asks only for the steps its Assimp needs.
 */
#pragma once

#include "Export/FbxBinaryTree.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace agf::fbx {

/** Which repairs to make: each is needed only on the Assimp versions that write the defect
 *  (AssimpRepair::FbxNullRecords, FbxShapeGeometryNames, FbxFullWeights in
 *  Common/AssimpVersion.h; FbxRepairStepsForLoadedAssimp). */
struct FbxRepairSteps {
    bool objectScopes = true; ///< item 2 (item 1 is the tree writer's, and idempotent)
    bool shapeNames = true;   ///< item 3
    bool fullWeights = true;  ///< item 5
    bool shapeNormals = true; ///< item 6
};

/** The steps the Assimp loaded in this process needs. */
FbxRepairSteps FbxRepairStepsForLoadedAssimp();

/** What a repair did. */
struct FbxRepairReport {
    size_t animationStacks = 0;    ///< AnimationStack records found
    size_t timesChanged = 0;       ///< LocalStop / ReferenceStop / TimeSpanStop values written
    size_t shapeNamesChanged = 0;  ///< shape geometry names given the "Geometry" class
    size_t fullWeightsResized = 0; ///< blend-shape channels whose FullWeights were resized
    size_t shapeNormalsAdded = 0;  ///< shapes given a Normals array
};

/** Marks every object (every child of the top-level "Objects" record) to keep a nested list
 *  even when it has no children, as the FBX SDK writes objects. */
void MarkObjectsAsScopes(FbxBinaryFile &file);

/** Renames the class part of shape geometry names ("Geometry" records of class "Shape") to
 *  "Geometry". Returns the number of names changed. */
size_t FixShapeGeometryNames(FbxBinaryFile &file, const std::string &fileName);

/** Gives every BlendShapeChannel's FullWeights one entry (100) per index of its shape, found
 *  through the file's "OO" connections. Returns the number of channels changed. */
size_t MatchFullWeightsToShapes(FbxBinaryFile &file, const std::string &fileName);

/** Gives every shape geometry without a Normals array one of zero vectors, one per index of
 *  the shape. Returns the number of shapes changed. */
size_t AddMissingShapeNormals(FbxBinaryFile &file, const std::string &fileName);

/** The `steps` of the above on the bytes of a file. `animationStops` are the exact animation
 *  lengths in KTime, in aiScene::mAnimations order (empty: lengths are left alone, item 4).
 *  `moreEdits`, when given, changes the repaired tree before it is written (our metadata,
 *  FbxMetadata.h). Throws agf::ImportError for input that is not a well-formed binary FBX
 *  record tree. */
std::vector<uint8_t> RepairAssimp525BinaryFbx(
    const uint8_t *data, size_t size, const std::string &fileName,
    const std::vector<int64_t> &animationStops, FbxRepairReport *report = nullptr,
    const std::function<void(FbxBinaryFile &)> &moreEdits = {}, const FbxRepairSteps &steps = {});

} // namespace agf::fbx
