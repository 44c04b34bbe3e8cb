/** @file UeFormatImporters.h
 *  Factories for the UEFormat importers, used by the registry.
 */
#pragma once

#include "Common/AnimationSet.h"

namespace Assimp {
class BaseImporter;
}

namespace agf {

/** .uemodel models; animation files are read with `animationLoaders`, which must outlive the
 *  importer. */
Assimp::BaseImporter *CreateUeModelImporter(const AnimationLoaderTable &animationLoaders);

/** .ueanim animations and .uepose poses imported on their own. */
Assimp::BaseImporter *CreateUeAnimImporter();

} // namespace agf
