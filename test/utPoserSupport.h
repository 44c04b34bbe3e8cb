/** @file utPoserSupport.h
 *  Helpers of the Poser tests: importing, capturing warnings, evaluating a pose on the imported
 *  node tree, and the expected pose computed with glm straight from the spec's formulas.
 */
#pragma once

#include "TestSupport.h"

#include "PoserModels.h"

#include <assimp/scene.h>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace agf::test::poser {

namespace gen = agf::testgen::poser;

constexpr double kPnu = 2.62128;

using agf::test::ImportResult;

/** Imports a file with validation; `configure` may set properties first. */
inline ImportResult ImportFile(const std::filesystem::path &path,
                               const std::function<void(Assimp::Importer &)> &configure = {}) {
    return ImportValidated(path, configure);
}

/** Imports text or bytes from memory (no side files) with the extension hint. */
inline ImportResult ImportBytes(const std::vector<uint8_t> &bytes, const std::string &extension) {
    ImportResult result;
    result.importer = MakeImporter();
    result.scene = result.importer->ReadFileFromMemory(
        bytes.data(), bytes.size(), aiProcess_ValidateDataStructure, extension.c_str());
    if (result.scene == nullptr) {
        result.error = result.importer->GetErrorString();
    }
    return result;
}

inline ImportResult ImportText(const std::string &text, const std::string &extension) {
    return ImportBytes(std::vector<uint8_t>(text.begin(), text.end()), extension);
}

inline std::filesystem::path PoserModel(const std::string &name) {
    return TestModelsDir() / "poser" / name;
}

/** The warnings of a Poser import (the importer claims every Poser extension). */
inline agf::test::ImportWarnings PoserWarnings(const ImportResult &result) {
    return agf::test::ImportWarnings(*result.importer, "pz2");
}

// ---- the imported side: the node tree with the animation applied ----------------------------

inline glm::dmat4 ToGlm(const aiMatrix4x4 &m) {
    glm::dmat4 out;
    for (int row = 0; row < 4; ++row) {
        for (int column = 0; column < 4; ++column) {
            out[column][row] = m[row][column];
        }
    }
    return out;
}

template <typename Key> size_t KeyBefore(const Key *keys, unsigned count, double time) {
    size_t index = 0;
    while (index + 1 < count && keys[index + 1].mTime <= time) {
        ++index;
    }
    return index;
}

/** The node's local transform at `time` of `animation` (rest when it has no channel). Between
 *  keys: linear position and scale, slerp rotation. */
inline glm::dmat4 LocalAt(const aiNode *node, const aiAnimation *animation, double time) {
    if (animation != nullptr) {
        for (unsigned c = 0; c < animation->mNumChannels; ++c) {
            const aiNodeAnim *channel = animation->mChannels[c];
            if (channel->mNodeName != node->mName) {
                continue;
            }
            const auto vectorAt = [time](const aiVectorKey *keys, unsigned count) {
                const size_t i = KeyBefore(keys, count, time);
                if (i + 1 >= count || time <= keys[i].mTime) {
                    return keys[i].mValue;
                }
                const double t = (time - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
                return keys[i].mValue +
                       (keys[i + 1].mValue - keys[i].mValue) * static_cast<float>(t);
            };
            const size_t r = KeyBefore(channel->mRotationKeys, channel->mNumRotationKeys, time);
            aiQuaternion rotation = channel->mRotationKeys[r].mValue;
            if (r + 1 < channel->mNumRotationKeys && time > channel->mRotationKeys[r].mTime) {
                const double t =
                    (time - channel->mRotationKeys[r].mTime) /
                    (channel->mRotationKeys[r + 1].mTime - channel->mRotationKeys[r].mTime);
                aiQuaternion::Interpolate(rotation, channel->mRotationKeys[r].mValue,
                                          channel->mRotationKeys[r + 1].mValue,
                                          static_cast<float>(t));
            }
            const aiVector3D position = vectorAt(channel->mPositionKeys, channel->mNumPositionKeys);
            const aiVector3D scaling = vectorAt(channel->mScalingKeys, channel->mNumScalingKeys);
            const aiMatrix4x4 composed(scaling, rotation, position);
            return ToGlm(composed);
        }
    }
    return ToGlm(node->mTransformation);
}

/** Posed global transform of a node (root included). */
inline glm::dmat4 PosedGlobal(const aiNode *node, const aiAnimation *animation, double time) {
    glm::dmat4 global(1.0);
    for (const aiNode *current = node; current != nullptr; current = current->mParent) {
        global = LocalAt(current, animation, time) * global;
    }
    return global;
}

// ---- the expected side: spec sections 4 and 6.2 with glm, from the generator's tables ----------

inline glm::dvec3 Vec(const double (&v)[3]) {
    return glm::dvec3(v[0], v[1], v[2]);
}

inline glm::dvec3 AxisOf(char axis) {
    return axis == 'X'   ? glm::dvec3(1, 0, 0)
           : axis == 'Y' ? glm::dvec3(0, 1, 0)
                         : glm::dvec3(0, 0, 1);
}

/** E(order, angles) with the first listed axis applied first: R(last) * R(mid) * R(first). */
inline glm::dmat4 EulerMatrix(const std::string &order, const glm::dvec3 &degrees) {
    glm::dmat4 result(1.0);
    for (char axis : order) {
        const double angle = axis == 'X' ? degrees.x : axis == 'Y' ? degrees.y : degrees.z;
        result = glm::rotate(glm::dmat4(1.0), glm::radians(angle), AxisOf(axis)) * result;
    }
    return result;
}

/** Value of a pose dial at `frame` (keys linear, held at the ends); `fallback` when absent. */
inline double DialAt(const std::vector<gen::PoseDial> &dials, const std::string &actor,
                     const std::string &type, double frame, double fallback) {
    for (const gen::PoseDial &dial : dials) {
        if (dial.actor != actor || dial.type != type) {
            continue;
        }
        const auto &keys = dial.keys;
        if (frame <= keys.front().first) {
            return keys.front().second;
        }
        for (size_t i = 0; i + 1 < keys.size(); ++i) {
            if (frame <= keys[i + 1].first) {
                const double t = (frame - keys[i].first) / (keys[i + 1].first - keys[i].first);
                return keys[i].second + (keys[i + 1].second - keys[i].second) * t;
            }
        }
        return keys.back().second;
    }
    return fallback;
}

/** Expected posed global transforms of the chain figure's actors at `frame`, in metres. */
inline std::map<std::string, glm::dmat4> ExpectedGlobals(const std::vector<gen::PoseDial> &dials,
                                                         double frame) {
    std::map<std::string, glm::dmat4> globals;
    for (const gen::FigureActor &actor : gen::ChainFigure()) {
        glm::dvec3 parentOrigin(0.0);
        glm::dmat4 parentGlobal(1.0);
        if (actor.parent != "UNIVERSE") {
            for (const gen::FigureActor &parent : gen::ChainFigure()) {
                if (parent.name == actor.parent) {
                    parentOrigin = Vec(parent.origin);
                }
            }
            parentGlobal = globals.at(actor.parent);
        }
        const glm::dvec3 translate(DialAt(dials, actor.name, "translateX", frame, 0),
                                   DialAt(dials, actor.name, "translateY", frame, 0),
                                   DialAt(dials, actor.name, "translateZ", frame, 0));
        const glm::dvec3 angles(DialAt(dials, actor.name, "rotateX", frame, 0),
                                DialAt(dials, actor.name, "rotateY", frame, 0),
                                DialAt(dials, actor.name, "rotateZ", frame, 0));
        const glm::dmat4 frameRotation = EulerMatrix(actor.rotationOrder, Vec(actor.orientation));
        const glm::dmat4 rotation =
            frameRotation * EulerMatrix(actor.rotationOrder, angles) * glm::inverse(frameRotation);
        const glm::dvec3 position = (Vec(actor.origin) - parentOrigin + translate) * kPnu;
        globals[actor.name] = parentGlobal * glm::translate(glm::dmat4(1.0), position) * rotation;
    }
    return globals;
}

/** The bone tip of an actor in its own posed frame: (endPoint - origin) in metres. */
inline glm::dvec4 TipInActorFrame(const gen::FigureActor &actor) {
    return glm::dvec4((Vec(actor.endPoint) - Vec(actor.origin)) * kPnu, 1.0);
}

inline const aiAnimation *OnlyAnimation(const aiScene *scene) {
    return scene != nullptr && scene->mNumAnimations == 1 ? scene->mAnimations[0] : nullptr;
}

inline const aiNodeAnim *ChannelFor(const aiAnimation *animation, const std::string &node) {
    for (unsigned c = 0; animation != nullptr && c < animation->mNumChannels; ++c) {
        if (node == animation->mChannels[c]->mNodeName.C_Str()) {
            return animation->mChannels[c];
        }
    }
    return nullptr;
}

template <typename T> bool MetadataValue(const aiScene *scene, const std::string &key, T &value) {
    return scene->mMetaData != nullptr && scene->mMetaData->Get(key, value);
}

inline std::string MetadataString(const aiScene *scene, const std::string &key) {
    aiString value;
    return MetadataValue(scene, key, value) ? std::string(value.C_Str()) : "<missing " + key + ">";
}

} // namespace agf::test::poser
