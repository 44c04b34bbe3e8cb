/** @file AdditiveAnimation.h
 *  Additive clips made playable: keys that are deltas from a base pose, applied to that pose
 *  the way Unreal applies them (AI_CONFIG_IMPORT_ANIMATION_ADDITIVE).
 *
 *  Unreal stores an additive clip as, per bone and key, a translation to add, a rotation to
 *  apply after the base's and a scale delta s with the scale multiplied by (1 + s) (its
 *  additive identity has scale 0). In local space each bone's delta composes with the bone's
 *  base local transform: t = tb + dt, r = dr * rb, s = sb * (1 + ds). In mesh space
 *  (AAT_RotationOffsetMeshSpace) the rotations compose in component space: every bone's base
 *  rotation is taken to component space (Rc = Rc(parent) * rb, from the top of the skeleton,
 *  the scene root excluded), the delta applied there (Rc' = dr * Rc) and the result brought
 *  back to local (r = Rc'(parent)^-1 * Rc'); translations and scales compose as in local space.
 *  Our converters mirror a left-handed file's rotations by conjugation with the mirror, which
 *  commutes with these products: restoring after conversion gives the mirrored restored pose.
 *
 *  Writers that fill a bone's missing track with the reference pose (CUE4Parse does so for
 *  every bone an additive sequence does not animate) store what is not a delta: a component
 *  whose keys all equal the bone's bind value, where that value is not the delta identity, is
 *  taken as "no change" (one Adjusted warning per clip).
 */
#pragma once

#include "Common/AnimationSampling.h"
#include "Common/AnimationSet.h"

#include <string>
#include <unordered_map>
#include <vector>

struct aiAnimation;
struct aiNode;
struct aiScene;

namespace Assimp {
class Importer;
} // namespace Assimp

namespace agf {

class Warnings;

/** What AI_CONFIG_IMPORT_ANIMATION_ADDITIVE and ..._SPACE ask for. */
struct AdditiveOptions {
    enum class Base { Keep, Bind, Animation };
    Base base = Base::Keep;
    std::string baseAnimation;                  ///< Base::Animation: its name
    AdditiveSpace space = AdditiveSpace::Local; ///< where the file does not say
};

/** Reads the two options ("keep" / "bind" / an animation name; "local" / "mesh", either case).
 *  Another space throws ImportError naming `fileName` and the option. */
AdditiveOptions ReadAdditiveOptions(const Assimp::Importer *importer, const std::string &fileName);

/** "local" or "mesh". */
const char *AdditiveSpaceName(AdditiveSpace space);

/** The keys of one node: deltas going in, absolute local keys coming out. */
struct NodeKeys {
    aiNode *node = nullptr;
    KeyArray<aiVectorKey> positions;
    KeyArray<aiQuatKey> rotations;
    KeyArray<aiVectorKey> scalings;
};

/** The pose additive keys are applied to: the bind pose (each node's own transform), or one
 *  frame of an animation (its channels sampled there; nodes it does not animate rest). */
class AdditiveBasePose {
public:
    static AdditiveBasePose Bind() { return AdditiveBasePose(); }
    /** `animation` (bound to `root`'s nodes by channel name) at `tick`. */
    static AdditiveBasePose Frame(const aiAnimation &animation, double tick, aiNode *root);

    TransformParts of(const aiNode *node) const;
    /** The nodes the base animation moves: they take its pose under the restored clip too. */
    const std::vector<aiNode *> &animatedNodes() const { return mAnimated; }

private:
    std::unordered_map<const aiNode *, TransformParts> mParts;
    std::vector<aiNode *> mAnimated;
};

/** Applies the deltas of one clip (at most one NodeKeys per node; an empty key list is no
 *  change) to `base` in `space` (Local or Mesh), and returns the absolute local keys of every
 *  node that moves: the keyed nodes, in mesh space also the skeleton nodes below them (the
 *  nodes named by the scene's mesh bones, the keyed nodes and the nodes between them and the
 *  root), and the nodes `base` animates. Mesh space samples every delta at the union of the
 *  clip's key times; when that would make more than 4 keys per delta key (plus 65536), the
 *  clip is returned unchanged with a LimitReached warning naming `clipName` and `fileName`, and
 *  `*restored` (when given) is set to false. */
std::vector<NodeKeys> ApplyAdditive(std::vector<NodeKeys> deltas, const AdditiveBasePose &base,
                                    AdditiveSpace space, const aiScene &scene,
                                    const std::string &fileName, const std::string &clipName,
                                    Warnings &warnings, bool *restored = nullptr);

} // namespace agf
