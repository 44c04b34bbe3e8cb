/** @file P3dResolution.h
 *  LOD resolution codes (specs/p3d.md section 7): names for LOD nodes and the LOD choice of the
 *  AI_CONFIG_IMPORT_P3D_LODS option.
 */
#pragma once

#include <string>
#include <vector>

namespace agf::p3d {

/** "LOD 0.000", "ShadowVolume 10", "Geometry", "Memory", "Fire Geometry"... Large codes are
 *  matched with a relative tolerance of 1e-5 (they are not exact in float). */
std::string ResolutionName(float resolution);

/** True for visual LODs (0 <= resolution < 1000). */
bool IsVisualResolution(float resolution);

/** True for the LODs whose named selections are points rather than geometry parts: Memory,
 *  Land Contact, Paths, Hit Points. */
bool IsPointLod(float resolution);

/** Which LODs to import, from the option text: "" or "all"; "first" (the first visual LOD in
 *  file order); or a list of resolutions and LOD names separated by ';' or ','. Returns one flag
 *  per LOD. `problem` is set for list entries that match no LOD. */
std::vector<bool> SelectLods(const std::vector<float> &resolutions, const std::string &choice,
                             std::string &problem);

} // namespace agf::p3d
