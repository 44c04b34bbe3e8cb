/** @file ActorXUnits.h
 *  The units and axes every ActorX file (PSK, PSA, PSW) is written in: Unreal's
 *  (Common/UnrealUnits.h).
 */
#pragma once

#include "Common/UnrealUnits.h"

namespace agf::actorx {

using agf::UnrealSceneUnits;

} // namespace agf::actorx
