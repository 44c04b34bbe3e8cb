/** @file AnimationLoaders.cpp */
#include "AnimationLoaders.h"

#include "ActorX/PsaLoading.h"
#include "IdolFX/MotLoading.h"
#include "UEFormat/UeFormatLoading.h"

namespace agf {

const AnimationLoaderTable &AnimationFileLoaders() {
    // To support another animation format, add one entry: its name, a signature probe and a
    // function that turns the file into an AnimationSet.
    static const AnimationLoaderTable loaders = {
        {"ActorX PSA", &actorx::IsPsa, &actorx::LoadPsaAnimationSet},
        {"ActorX PSAX", &actorx::IsPsax, &actorx::LoadPsaxAnimationSet},
        {"Idol FX MOT", &idolfx::IsMot, &idolfx::LoadMotAnimationSet},
        {"UEFormat UEANIM", &ueformat::IsUeAnim, &ueformat::LoadUeAnimAnimationSet},
        {"UEFormat UEPOSE", &ueformat::IsUePose, &ueformat::LoadUePoseAnimationSet},
    };
    return loaders;
}

} // namespace agf
