/** @file ExportSupport.h
 *  What our replacement exporters share: a scene copy to change, Assimp's own writer run on it,
 *  writing the result and logging failures (Common/ExportOutput.h).
 */
#pragma once

#include "Common/ExportOutput.h"

#include <assimp/scene.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace Assimp {
class ExportProperties;
class IOSystem;
} // namespace Assimp

namespace agf {

struct SceneDeleter {
    void operator()(aiScene *scene) const { delete scene; }
};
using ScenePtr = std::unique_ptr<aiScene, SceneDeleter>;

/** A deep copy of `scene` (Assimp::SceneCombiner::CopyScene) that a writer may change. */
ScenePtr CopyOfScene(const aiScene *scene);

/** The post-processing flag that keeps the outer export's "bJoinIdenticalVertices" for a
 *  private Exporter (its Export overwrites the property from its own flags, and the FBX writer
 *  reads it). */
unsigned int InnerPreprocessing(const Assimp::ExportProperties *properties);

/** Runs Assimp's built-in writer `formatId` on `scene` into memory (one file). */
std::vector<uint8_t> ExportBuiltInToMemory(const aiScene &scene, const char *formatId,
                                           const Assimp::ExportProperties *properties);

} // namespace agf
