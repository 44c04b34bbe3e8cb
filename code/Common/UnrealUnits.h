/** @file UnrealUnits.h
 *  The units and axes Unreal content is written in, whichever format carries it (ActorX,
 *  UEFormat): Unreal units, Z up.
 */
#pragma once

#include "Common/SceneBuilder.h"

namespace agf {

/** Unreal's space: Z up, 1 unit = 1 cm (UE4/5; UE1-3 content also uses 1 uu ~ 1 cm by
 *  convention), with the root rotation and scale options the importer applied. */
inline SceneUnits UnrealSceneUnits(bool rootRotatedToYUp, float rootScale) {
    SceneUnits units;
    units.upAxis = 2;
    units.unitScaleFactor = 1.0;
    units.units = "unreal unit (1 cm in UE4/5)";
    units.rootRotatedToYUp = rootRotatedToYUp;
    units.rootScale = rootScale;
    return units;
}

} // namespace agf
