/** @file IdolFxModels.cpp
 *  The committed Idol FX test models (test_models/idolfx/).
 */
#include "GeneratedModels.h"
#include "IdolFxContent.h"

namespace agf::testgen {

void AppendIdolFxModels(std::vector<GeneratedModel> &models) {
    using namespace idolfx;
    models.push_back({"idolfx/static_1submesh_v1.fxm", "FXM version 1, one cube submesh, stride 32",
                      [] { return WriteFxm(StaticFxmSpec(1, 1)); }});
    models.push_back({"idolfx/static_2submeshes_v2.fxm",
                      "FXM version 2, strides 32 and 40 (second UV set, FVF 0x212)",
                      [] { return WriteFxm(StaticFxmSpec(2, 2)); }});
    models.push_back({"idolfx/static_3submeshes_v2.fxm",
                      "FXM version 2, strides 32, 40 and a padded 36",
                      [] { return WriteFxm(StaticFxmSpec(3, 2)); }});
    models.push_back({"idolfx/keypose_chain3.fxm",
                      "skinned FXM, 3-joint chain, skin records n = 0, 2, 3, 4",
                      [] { return WriteFxm(KeyposeFxmSpec(3)); }});
    models.push_back({"idolfx/keypose_chain4.fxm",
                      "skinned FXM, 4-joint chain; keypose_chain4.mot is its sibling motion",
                      [] { return WriteFxm(KeyposeFxmSpec(4)); }});
    models.push_back({"idolfx/keypose_chain4.mot",
                      "MOT for keypose_chain4.fxm: root position/rotation/scale keys, others "
                      "rotation keys, over 1 s",
                      [] { return WriteMot(ChainMotSpec(4)); }});
    models.push_back({"idolfx/keypose_chain5.fxm", "skinned FXM, 5-joint chain listed child-first",
                      [] { return WriteFxm(KeyposeFxmSpec(5)); }});
    models.push_back({"idolfx/two_submeshes.anb",
                      "ANB, 2 submeshes with UV counts unlike their point counts, 4 frames",
                      [] { return WriteAnb(TwoSubmeshAnbSpec()); }});
}

} // namespace agf::testgen
