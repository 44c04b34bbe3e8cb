/** @file ModelCfgParser.h
 *  A reader for BI config text (model.cfg) sufficient for CfgSkeletons and CfgModels: classes
 *  with inheritance (`class B: A`), scalar and array entries (`x = ...;`, `x[] = {...};`,
 *  `x[] += {...};`), forward declarations and `delete`. Preprocessor lines (#include, #define)
 *  are skipped, not expanded.
 */
#pragma once

#include "P3dFileData.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace agf::p3d {

/** One config class. Names compare case-insensitively, as in the engine. */
struct CfgClass {
    std::string name;
    std::string base; ///< "" when the class has no base
    CfgClass *parent = nullptr;
    std::map<std::string, std::string> values;              ///< lower-case key -> scalar
    std::map<std::string, std::vector<std::string>> arrays; ///< lower-case key -> elements
    std::map<std::string, bool> arrayAppends;               ///< key written with +=
    std::vector<std::unique_ptr<CfgClass>> classes;

    /** A direct child class by name, or nullptr. */
    const CfgClass *child(const std::string &name) const;
    /** The base class, looked up among the siblings and then outwards, or nullptr. */
    const CfgClass *baseClass() const;
};

/** Parses config text. Throws ImportError (naming `fileName` and the line) on bad syntax. */
std::unique_ptr<CfgClass> ParseConfig(const std::string &text, const std::string &fileName);

/** The bones of a CfgSkeletons class with inheritance resolved: entries inherited through the
 *  class base when not defined, `skeletonInherit` bones first, then the class's own. Returns
 *  false when there is no such skeleton. */
bool ResolveSkeleton(const CfgClass &root, const std::string &skeletonName,
                     std::vector<Bone> &bones, std::string &problem);

/** The skeleton name CfgModels gives for a model (the p3d base name), following the class
 *  base; "" when the model has no entry. */
std::string SkeletonNameForModel(const CfgClass &root, const std::string &modelName);

/** Parses a `skeletonBones[]`-style list "bone, parent, bone, parent, ..." (commas, semicolons
 *  or whitespace between names; quotes optional; "" for no parent). */
std::vector<Bone> ParseBoneList(const std::string &text);

} // namespace agf::p3d
