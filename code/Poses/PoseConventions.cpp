/** @file PoseConventions.cpp
 *  The PoseLib16 conventions: their names and their formulas.
 */
#include "Poses/PoseConventions.h"

#include "Common/StringHelpers.h"

#include <stdexcept>

namespace agf {

const char *PoseConventionName(PoseConvention convention) {
    switch (convention) {
    case PoseConvention::Raw:
        return "raw";
    case PoseConvention::NoRoll:
        return "norool";
    case PoseConvention::Ik:
        return "ik";
    case PoseConvention::Combined:
        return "combined";
    case PoseConvention::CombinedB:
        return "combined-b";
    }
    return "unknown";
}

PoseConvention ParsePoseConvention(const std::string &text) {
    // Each convention answers to its PoseLib16 UI name, the spec's metadata name and its number,
    // so that users can type what their documentation calls it.
    struct Spelling {
        const char *name;
        PoseConvention convention;
    };
    static const Spelling kSpellings[] = {
        {"raw", PoseConvention::Raw},
        {"library", PoseConvention::Raw},
        {"blenderlibrary", PoseConvention::Raw},
        {"1", PoseConvention::Raw},
        {"norool", PoseConvention::NoRoll},
        {"noroll", PoseConvention::NoRoll},
        {"no-roll", PoseConvention::NoRoll},
        {"restmatrix", PoseConvention::NoRoll},
        {"2", PoseConvention::NoRoll},
        {"ik", PoseConvention::Ik},
        {"posematrix", PoseConvention::Ik},
        {"3", PoseConvention::Ik},
        {"combined", PoseConvention::Combined},
        {"combined-a", PoseConvention::Combined},
        {"4", PoseConvention::Combined},
        {"4a", PoseConvention::Combined},
        {"combined-b", PoseConvention::CombinedB},
        {"combinedb", PoseConvention::CombinedB},
        {"4b", PoseConvention::CombinedB},
    };
    const std::string key = Lower(Trim(text));
    for (const Spelling &spelling : kSpellings) {
        if (key == spelling.name) {
            return spelling.convention;
        }
    }
    throw std::invalid_argument("unknown pose convention '" + text +
                                "' (expected raw|library|1, norool|restmatrix|2, "
                                "ik|posematrix|3, combined|4|4a or combined-b|4b)");
}

namespace poses {

Quatd SaveRotation(PoseConvention convention, const SourceBoneRotations &bone) {
    const Quatd &l = bone.restLocal;
    const Quatd &lp = bone.posedLocal;
    const Quatd &R = bone.restWorld;
    const Quatd delta = Inverse(l) * lp; // q: the change from rest in the bone's own axes
    Quatd saved;
    switch (convention) {
    case PoseConvention::Raw:
        saved = delta;
        break;
    case PoseConvention::NoRoll:
        saved = R * delta * Inverse(R);
        break;
    case PoseConvention::Ik:
        saved = lp;
        break;
    case PoseConvention::Combined:
        // 4a: R * (rot(Lrest)^-1 * rot(Ppose^-1 * Bpose)) * R^-1. Without constraints the
        // parent-relative posed rotation is lp, so this is the no-roll value.
        saved = R * delta * Inverse(R);
        break;
    case PoseConvention::CombinedB:
        saved = R * lp * Inverse(R);
        break;
    }
    return saved.Normalize();
}

Quatd LoadRotation(PoseConvention convention, const Quatd &savedRotation, const Quatd &l,
                   const Quatd &R) {
    Quatd local;
    switch (convention) {
    case PoseConvention::Raw:
        local = l * savedRotation;
        break;
    case PoseConvention::NoRoll:
    case PoseConvention::Combined:
        local = l * Inverse(R) * savedRotation * R;
        break;
    case PoseConvention::Ik:
        local = savedRotation;
        break;
    case PoseConvention::CombinedB:
        local = Inverse(R) * savedRotation * R;
        break;
    }
    return local.Normalize();
}

} // namespace poses

} // namespace agf
