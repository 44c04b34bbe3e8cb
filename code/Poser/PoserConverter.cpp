/** @file PoserConverter.cpp */
#include "PoserConverter.h"

#include "Common/FileLoading.h"
#include "Common/ImportError.h"
#include "Common/NumberText.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "PoserEuler.h"
#include "PoserGeometry.h"

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>
#include <assimp_gameformats/GameFormats.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace agf::poser {

namespace {

bool IsRotation(ChannelKind kind) {
    return kind == ChannelKind::RotateX || kind == ChannelKind::RotateY ||
           kind == ChannelKind::RotateZ;
}
bool IsTranslation(ChannelKind kind) {
    return kind == ChannelKind::TranslateX || kind == ChannelKind::TranslateY ||
           kind == ChannelKind::TranslateZ;
}
bool IsScaling(ChannelKind kind) {
    return kind == ChannelKind::Scale || kind == ChannelKind::ScaleX ||
           kind == ChannelKind::ScaleY || kind == ChannelKind::ScaleZ;
}

/** The channel's value at `frame`: the static value, or the keys interpolated linearly, held
 *  before the first and after the last. (Poser's default is a spline; linear interpolation
 *  differs only between keys, and keys are what a pose file stores.) */
double ValueAt(const PoserChannel &channel, double frame) {
    if ((channel.isStatic || channel.keys.empty()) && channel.hasStaticValue) {
        return channel.staticValue;
    }
    const std::vector<PoserKey> &keys = channel.keys;
    if (frame <= keys.front().frame) {
        return keys.front().value;
    }
    if (frame >= keys.back().frame) {
        return keys.back().value;
    }
    const auto after =
        std::upper_bound(keys.begin(), keys.end(), frame,
                         [](double f, const PoserKey &key) { return f < key.frame; });
    const PoserKey &b = *after;
    const PoserKey &a = *(after - 1);
    const double t = (frame - a.frame) / (b.frame - a.frame);
    return a.value + (b.value - a.value) * t;
}

/** The frames at which any of the channels has a key (static channels have none): {0} when
 *  none has. */
std::vector<double> KeyFrames(const std::vector<const PoserChannel *> &channels) {
    std::set<double> frames;
    for (const PoserChannel *channel : channels) {
        if (channel->isStatic && channel->hasStaticValue) {
            continue;
        }
        for (const PoserKey &key : channel->keys) {
            frames.insert(key.frame);
        }
    }
    if (frames.empty()) {
        frames.insert(0.0);
    }
    return std::vector<double>(frames.begin(), frames.end());
}

/** The last channel of a kind with a value (a later declaration overrides), or null. */
const PoserChannel *ChannelOf(const std::vector<const PoserChannel *> &channels, ChannelKind kind) {
    const PoserChannel *found = nullptr;
    for (const PoserChannel *channel : channels) {
        if (channel->kind == kind) {
            found = channel;
        }
    }
    return found;
}

double ValueOr(const PoserChannel *channel, double frame, double fallback) {
    return channel != nullptr ? ValueAt(*channel, frame) : fallback;
}

aiVector3D ToVector(const PoserVector &v, double scale) {
    return aiVector3D(static_cast<ai_real>(v.x * scale), static_cast<ai_real>(v.y * scale),
                      static_cast<ai_real>(v.z * scale));
}

aiMatrix4x4 Translation(const aiVector3D &t) {
    aiMatrix4x4 m;
    m.a4 = t.x;
    m.b4 = t.y;
    m.c4 = t.z;
    return m;
}

std::string FormatNumber(double value) {
    return NumberText(value, 9);
}

/** A joint of the skeleton the pose is put on. */
struct Joint {
    aiNode *node = nullptr;
    std::string order; ///< complete rotation order, e.g. "YZX"
    double orientation[3] = {0, 0, 0};
};

class Converter {
public:
    Converter(const PoserFile *pose, const PoserFile *figure, const PoserConvertOptions &options,
              Warnings &warnings)
        : mPose(pose), mFigure(figure), mOptions(options), mScale(options.pnuInMetres),
          mWarnings(warnings) {}

    void run(aiScene *geometry, aiScene *scene) {
        const std::string rootName = BaseNameOf(
            mFigure != nullptr && !mOptions.figureFileName.empty() ? mOptions.figureFileName
                                                                   : mOptions.fileName);
        mRootName = uniqueRootName(rootName);
        auto root = std::make_unique<aiNode>(mRootName);
        if (mFigure != nullptr) {
            buildFigureSkeleton(root.get());
        } else {
            buildFlatSkeleton(root.get());
        }
        if (mPose != nullptr) {
            convertPose();
        }
        if (geometry != nullptr && mFigure != nullptr) {
            std::map<std::string, aiNode *> bones;
            for (const auto &[name, joint] : mJoints) {
                bones.emplace(name, joint.node);
            }
            AttachPoserGeometry(*geometry, bones, mScale, root.get(), mParts,
                                FileNameOf(mOptions.figureFileName), mWarnings);
        }
        writeSceneMetadata();
        mMetadata.mergeInto(scene->mMetaData);
        mParts.moveInto(scene);
        scene->mRootNode = root.release();
    }

private:
    std::string uniqueRootName(const std::string &wanted) const {
        std::set<std::string> names;
        for (const PoserFile *file : {mPose, mFigure}) {
            if (file != nullptr) {
                for (const PoserActor &actor : file->actors) {
                    names.insert(actor.name);
                }
            }
        }
        std::string name = wanted.empty() ? std::string("PoserFigure") : wanted;
        while (names.count(name) != 0) {
            name += "_Figure";
        }
        return name;
    }

    void buildFigureSkeleton(aiNode *root) {
        const std::vector<PoserActor> &actors = mFigure->actors;
        const std::string figureName = FileNameOf(mOptions.figureFileName);
        if (actors.empty()) {
            ThrowImportError(figureName, "figure", 0, "the figure has no actor blocks");
        }
        std::map<std::string, size_t> indexOf;
        for (size_t i = 0; i < actors.size(); ++i) {
            indexOf.emplace(actors[i].name, i);
        }
        std::map<std::string, std::string> addChildParent;
        for (const auto &[child, parent] : mFigure->addChild) {
            addChildParent.emplace(child, parent);
        }
        std::vector<NodeSource> nodes(actors.size());
        std::vector<int64_t> parents(actors.size(), -1);
        for (size_t i = 0; i < actors.size(); ++i) {
            const PoserActor &actor = actors[i];
            std::string parent = actor.parent;
            if (!actor.hasParentLine) {
                const auto it = addChildParent.find(actor.name);
                parent = it != addChildParent.end() ? it->second : std::string();
            }
            if (parent == "UNIVERSE") {
                parent.clear();
            }
            if (!parent.empty()) {
                const auto it = indexOf.find(parent);
                if (it == indexOf.end()) {
                    mWarnings.add(
                        WarningKind::OutOfRange,
                        FilePlace{figureName, "actor " + actor.name, actor.offset, actor.line},
                        "parent " + parent + " is not in the figure; attached to the root");
                } else {
                    parents[i] = static_cast<int64_t>(it->second);
                }
            }
        }
        for (size_t i = 0; i < actors.size(); ++i) {
            const PoserActor &actor = actors[i];
            aiVector3D local = ToVector(actor.origin, mScale);
            if (parents[i] >= 0) {
                local -= ToVector(actors[static_cast<size_t>(parents[i])].origin, mScale);
            }
            nodes[i].name = actor.name;
            nodes[i].parent = parents[i];
            nodes[i].local = Translation(local);
        }
        SourceContext context{figureName, "actor hierarchy", actors.front().offset};
        const std::vector<aiNode *> built = BuildNodeHierarchy(nodes, root, context);
        for (size_t i = 0; i < actors.size(); ++i) {
            const PoserActor &actor = actors[i];
            Joint joint;
            joint.node = built[i];
            joint.order = CompletePoserRotationOrder(actor.rotationOrder);
            joint.orientation[0] = actor.orientation.x;
            joint.orientation[1] = actor.orientation.y;
            joint.orientation[2] = actor.orientation.z;
            MetadataBuilder nodeMetadata;
            nodeMetadata.add(AGF_META_POSER_ORIGIN, ToVector(actor.origin, mScale))
                .add(AGF_META_POSER_END_POINT, ToVector(actor.endPoint, mScale))
                .add(AGF_META_POSER_ORIENTATION, ToVector(actor.orientation, 1.0))
                .add(AGF_META_POSER_ROTATION_ORDER, joint.order);
            nodeMetadata.mergeInto(built[i]->mMetaData);
            mJoints.emplace(actor.name, joint);
        }
    }

    void buildFlatSkeleton(aiNode *root) {
        if (mPose == nullptr || mPose->actors.empty()) {
            ThrowImportError(FileNameOf(mOptions.fileName), "pose", 0,
                             "the pose has no actor blocks");
        }
        std::vector<NodeSource> nodes;
        for (const PoserActor &actor : mPose->actors) {
            NodeSource node;
            node.name = actor.name;
            nodes.push_back(node);
        }
        SourceContext context{FileNameOf(mOptions.fileName), "actors", 0};
        const std::vector<aiNode *> built = BuildNodeHierarchy(nodes, root, context);
        for (size_t i = 0; i < mPose->actors.size(); ++i) {
            Joint joint;
            joint.node = built[i];
            joint.order = CompletePoserRotationOrder(mPose->actors[i].rotationOrder);
            MetadataBuilder nodeMetadata;
            nodeMetadata.add(AGF_META_POSER_ROTATION_ORDER, joint.order);
            nodeMetadata.mergeInto(built[i]->mMetaData);
            mJoints.emplace(mPose->actors[i].name, joint);
        }
    }

    const Joint *findJoint(const std::string &name) const {
        const auto exact = mJoints.find(name);
        if (exact != mJoints.end()) {
            return &exact->second;
        }
        const std::string lower = Lower(name);
        for (const auto &[jointName, joint] : mJoints) {
            if (Lower(jointName) == lower) {
                return &joint;
            }
        }
        return nullptr;
    }

    void convertPose() {
        const std::string poseName = FileNameOf(mOptions.fileName);
        if (mPose->actors.empty()) {
            ThrowImportError(poseName, "pose", 0, "the pose has no actor blocks");
        }
        std::vector<std::unique_ptr<aiNodeAnim>> channels;
        std::vector<std::string> unmatched;
        double lastFrame = 0;
        for (const PoserActor &actor : mPose->actors) {
            recordOtherChannels(actor);
            std::vector<const PoserChannel *> rotations;
            std::vector<const PoserChannel *> translations;
            std::vector<const PoserChannel *> scalings;
            for (const PoserChannel &channel : actor.channels) {
                if (!channel.hasValue()) {
                    continue;
                }
                if (IsRotation(channel.kind)) {
                    rotations.push_back(&channel);
                } else if (IsTranslation(channel.kind)) {
                    translations.push_back(&channel);
                } else if (IsScaling(channel.kind)) {
                    scalings.push_back(&channel);
                }
            }
            if (rotations.empty() && translations.empty() && scalings.empty()) {
                continue;
            }
            const Joint *joint = findJoint(actor.name);
            if (joint == nullptr) {
                unmatched.push_back(actor.name);
                continue;
            }
            channels.push_back(makeChannel(*joint, rotations, translations, scalings, lastFrame));
        }
        if (!unmatched.empty()) {
            const std::string list = JoinNames(unmatched, unmatched.size());
            mWarnings.add(WarningKind::Inconsistent, poseName, "pose", 0,
                          std::to_string(unmatched.size()) + " posed actor(s) not in figure " +
                              FileNameOf(mOptions.figureFileName) + " were ignored: " + list);
            mMetadata.add(AGF_META_POSER_UNMATCHED_ACTORS, list);
        }
        const bool animated = lastFrame > 0;
        mMetadata.add(AGF_META_POSER_FPS, animated ? mOptions.framesPerSecond : 0.0);
        if (channels.empty()) {
            if (mOtherChannelValues == 0) {
                ThrowImportError(poseName, "pose", 0,
                                 "no channel of the pose has a usable value (every key missing "
                                 "or refused)");
            }
            // A morph-only ("MOR") pose: its dials are in the metadata, no joint moves.
            mWarnings.add(WarningKind::Empty, poseName, "pose", 0,
                          "the pose moves no joint; no animation");
            return;
        }
        // Static pose: one key per channel at tick 0, 1 tick per second, duration 0 (spec 6.1;
        // Assimp's validation and the glTF writer accept it). Animated: ticks are frames.
        mParts.addAnimation(MakeAnimation(animationName(),
                                          animated ? mOptions.framesPerSecond : 1.0, lastFrame,
                                          std::move(channels)));
    }

    /** The pose file's name with its extension ("walk.pz2"). Not the base name: Assimp 5.2.5's
     *  glTF writer gives nodes and animations ids from one pool and fails the export (silently)
     *  when an animation is named like a node, and the root node has the base name. */
    std::string animationName() const {
        std::string name = FileNameOf(mOptions.fileName);
        while (name.empty() || mJoints.count(name) != 0 || name == mRootName) {
            name += ".pose";
        }
        return name;
    }

    std::unique_ptr<aiNodeAnim> makeChannel(const Joint &joint,
                                            const std::vector<const PoserChannel *> &rotations,
                                            const std::vector<const PoserChannel *> &translations,
                                            const std::vector<const PoserChannel *> &scalings,
                                            double &lastFrame) const {
        const aiMatrix4x4 &rest = joint.node->mTransformation;
        const aiVector3D restTranslation(rest.a4, rest.b4, rest.c4);
        std::vector<aiQuatKey> rotationKeys;
        std::vector<aiVectorKey> positionKeys;
        std::vector<aiVectorKey> scalingKeys;
        if (!rotations.empty()) {
            const PoserChannel *x = ChannelOf(rotations, ChannelKind::RotateX);
            const PoserChannel *y = ChannelOf(rotations, ChannelKind::RotateY);
            const PoserChannel *z = ChannelOf(rotations, ChannelKind::RotateZ);
            for (double frame : KeyFrames(rotations)) {
                const double angles[3] = {ValueOr(x, frame, 0), ValueOr(y, frame, 0),
                                          ValueOr(z, frame, 0)};
                const PoserQuat q = PoserJointRotation(joint.order, joint.orientation, angles);
                rotationKeys.emplace_back(frame, q.toAssimp());
                lastFrame = std::max(lastFrame, frame);
            }
        }
        if (!translations.empty()) {
            const PoserChannel *x = ChannelOf(translations, ChannelKind::TranslateX);
            const PoserChannel *y = ChannelOf(translations, ChannelKind::TranslateY);
            const PoserChannel *z = ChannelOf(translations, ChannelKind::TranslateZ);
            for (double frame : KeyFrames(translations)) {
                const aiVector3D offset(static_cast<ai_real>(ValueOr(x, frame, 0) * mScale),
                                        static_cast<ai_real>(ValueOr(y, frame, 0) * mScale),
                                        static_cast<ai_real>(ValueOr(z, frame, 0) * mScale));
                positionKeys.emplace_back(frame, restTranslation + offset);
                lastFrame = std::max(lastFrame, frame);
            }
        }
        if (!scalings.empty()) {
            const PoserChannel *uniform = ChannelOf(scalings, ChannelKind::Scale);
            const PoserChannel *x = ChannelOf(scalings, ChannelKind::ScaleX);
            const PoserChannel *y = ChannelOf(scalings, ChannelKind::ScaleY);
            const PoserChannel *z = ChannelOf(scalings, ChannelKind::ScaleZ);
            for (double frame : KeyFrames(scalings)) {
                const double s = ValueOr(uniform, frame, 1.0);
                scalingKeys.emplace_back(
                    frame, aiVector3D(static_cast<ai_real>(s * ValueOr(x, frame, 1)),
                                      static_cast<ai_real>(s * ValueOr(y, frame, 1)),
                                      static_cast<ai_real>(s * ValueOr(z, frame, 1))));
                lastFrame = std::max(lastFrame, frame);
            }
        }
        return MakeNodeAnim(joint.node->mName.C_Str(), std::move(positionKeys),
                            std::move(rotationKeys), std::move(scalingKeys), rest);
    }

    void recordOtherChannels(const PoserActor &actor) {
        for (const PoserChannel &channel : actor.channels) {
            if (channel.kind != ChannelKind::Other) {
                continue;
            }
            const std::string group = AGF_META_POSER_CHANNELS + MetadataName(actor.name) +
                                      MetadataName(channel.internalName);
            mMetadata.add(group + AGF_META_POSER_CHANNEL_TYPE, channel.type);
            ++mOtherChannels;
            if (!channel.hasValue()) {
                continue;
            }
            ++mOtherChannelValues;
            mMetadata.add(
                group + AGF_META_POSER_CHANNEL_VALUE,
                ValueAt(channel, channel.keys.empty() ? 0.0 : channel.keys.front().frame));
            if (!(channel.isStatic && channel.hasStaticValue) && channel.keys.size() > 1) {
                std::string keys;
                for (const PoserKey &key : channel.keys) {
                    keys += (keys.empty() ? "" : ";") + FormatNumber(key.frame) + " " +
                            FormatNumber(key.value);
                }
                mMetadata.add(group + AGF_META_POSER_CHANNEL_KEYS, keys);
            }
        }
    }

    void writeSceneMetadata() {
        const PoserFile *main = mPose != nullptr ? mPose : mFigure;
        SceneUnits units; // Y up; the data is converted to metres (DEVELOPERS.md, Coordinates)
        units.unitScaleFactor = 100.0;
        units.units = "metre (converted from Poser native units, 1 PNU = " +
                      FormatNumber(mOptions.pnuInMetres) + " m)";
        AddUnitsMetadata(mMetadata, units);
        mMetadata.add(AI_METADATA_SOURCE_FORMAT, mOptions.formatName)
            .add("SourceAsset_FormatVersion", main->version)
            .add(AGF_META_POSER_PNU_IN_METRES, mOptions.pnuInMetres)
            .add(AGF_META_POSER_FIGURE, FileNameOf(mOptions.figureFileName))
            .add(AGF_META_POSER_GEOMETRY, mOptions.geometryFile)
            .add(AGF_META_POSER_SKIPPED_BLOCKS, static_cast<uint64_t>(main->skippedBlocks));
        if (mPose != nullptr) {
            mMetadata.add(AGF_META_POSER_POSE_CONVENTION, "poser")
                .add(AGF_META_POSER_APPROXIMATE, int32_t(mFigure == nullptr ? 1 : 0))
                .add(AGF_META_POSER_OTHER_CHANNEL_COUNT, static_cast<uint64_t>(mOtherChannels));
        }
    }

    const PoserFile *mPose;
    const PoserFile *mFigure;
    const PoserConvertOptions &mOptions;
    double mScale;
    Warnings &mWarnings;
    std::map<std::string, Joint> mJoints;
    std::string mRootName;
    SceneParts mParts;
    MetadataBuilder mMetadata;
    size_t mOtherChannels = 0;
    size_t mOtherChannelValues = 0;
};

} // namespace

void ConvertPoserScene(const PoserFile *pose, const PoserFile *figure, aiScene *geometry,
                       const PoserConvertOptions &options, aiScene *scene, Warnings &warnings) {
    if (pose == nullptr && figure == nullptr) {
        ThrowImportError(FileNameOf(options.fileName), "scene", 0, "nothing to convert");
    }
    Converter(pose, figure, options, warnings).run(geometry, scene);
}

} // namespace agf::poser
