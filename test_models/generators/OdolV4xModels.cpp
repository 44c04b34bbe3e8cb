/** @file OdolV4xModels.cpp
 *  The committed ODOL v48, v50, v68 and v73 test files: the skinned model of the v40 file
 *  (skeleton, skin, two sections with embedded rvmats, two UV sets, a proxy, selections, a
 *  frame, animations), written in each layout with different array packings.
 */
#include "GeneratedModels.h"
#include "OdolV4xWriter.h"
#include "P3dTestModels.h"

namespace agf::testgen {

namespace p3d {

std::vector<OdolV4xVariant> OdolV4xVariants() {
    using Packing = OdolV4xOptions::Packing;
    const Vec3 centre{0.5f, 1.25f, -0.75f};
    return {
        {"p3d/odol48_skinned.p3d",
         "ODOL v48 (ArmA 2): LZO for arrays of 1024 bytes and more",
         {48, Packing::ByVersion, centre}},
        {"p3d/odol50_skinned.p3d",
         "ODOL v50 (ArmA 2 OA / DayZ mod): clip flags in the vertex block",
         {50, Packing::ByVersion, centre}},
        {"p3d/odol68_alternate.p3d",
         "ODOL v68: per-array flags, LZO and raw alternating",
         {68, Packing::Alternate, centre}},
        {"p3d/odol73_lzo.p3d",
         "ODOL v73 (Arma 3): every array LZO, 32-bit indices",
         {73, Packing::AllLzo, centre}},
        {"p3d/odol73_raw.p3d",
         "ODOL v73 (Arma 3): every array raw, 32-bit indices",
         {73, Packing::AllRaw, Vec3{0, 0, 0}}},
    };
}

} // namespace p3d

void AppendOdolV4xModels(std::vector<GeneratedModel> &models) {
    for (const p3d::OdolV4xVariant &variant : p3d::OdolV4xVariants()) {
        const p3d::OdolV4xOptions options = variant.options;
        models.push_back({variant.relativePath, variant.description, [options] {
                              return p3d::WriteOdolV4x(p3d::OdolV40SkinnedModel(), options);
                          }});
    }
}

} // namespace agf::testgen
