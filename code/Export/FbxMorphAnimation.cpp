/** @file FbxMorphAnimation.cpp */
#include "FbxMorphAnimation.h"

#include "Export/FbxTakeLength.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <cstring>
#include <map>
#include <vector>

namespace agf::fbx {

namespace {

const std::string kSeparator("\0\x01", 2);

/** An FBX object with its uid, name (before the class separator) and sub-class. */
struct ObjectInfo {
    int64_t uid = 0;
    std::string kind; ///< the record name: "Model", "Geometry", "Deformer"...
    std::string name;
    std::string subclass; ///< "Mesh", "Shape", "BlendShape", "BlendShapeChannel"...
};

/** What the morph curves must be attached to, read from the objects and connections. */
struct FileGraph {
    std::vector<ObjectInfo> objects;
    std::multimap<int64_t, int64_t> parentsOf;  ///< "OO" child -> parent
    std::multimap<int64_t, int64_t> childrenOf; ///< "OO" parent -> child
    int64_t largestUid = 0;

    const ObjectInfo *byUid(int64_t uid) const {
        for (const ObjectInfo &object : objects) {
            if (object.uid == uid) {
                return &object;
            }
        }
        return nullptr;
    }
    /** Children of `parent` of record kind `kind` (and sub-class, when not empty). */
    std::vector<const ObjectInfo *> children(int64_t parent, const std::string &kind,
                                             const std::string &subclass = std::string()) const {
        std::vector<const ObjectInfo *> found;
        const auto range = childrenOf.equal_range(parent);
        for (auto it = range.first; it != range.second; ++it) {
            const ObjectInfo *child = byUid(it->second);
            if (child != nullptr && child->kind == kind &&
                (subclass.empty() || child->subclass == subclass)) {
                found.push_back(child);
            }
        }
        return found;
    }
};

FileGraph ReadGraph(const FbxBinaryFile &file, const std::string &fileName) {
    FileGraph graph;
    for (const FbxRecord &record : file.records) {
        if (record.name == "Objects") {
            for (const FbxRecord &object : record.children) {
                const std::vector<FbxProperty> fields = DecodeProperties(object, fileName);
                if (fields.size() < 3 || fields[0].type != 'L' || fields[1].type != 'S') {
                    continue;
                }
                ObjectInfo info;
                info.uid = fields[0].integer;
                info.kind = object.name;
                info.name = fields[1].text.substr(0, fields[1].text.find(kSeparator));
                info.subclass = fields[2].type == 'S' ? fields[2].text : std::string();
                graph.largestUid = std::max(graph.largestUid, info.uid);
                graph.objects.push_back(info);
            }
        } else if (record.name == "Connections") {
            for (const FbxRecord &link : record.children) {
                const std::vector<FbxProperty> fields = DecodeProperties(link, fileName);
                if (fields.size() >= 3 && fields[0].text == "OO" && fields[1].type == 'L') {
                    graph.parentsOf.emplace(fields[1].integer, fields[2].integer);
                    graph.childrenOf.emplace(fields[2].integer, fields[1].integer);
                }
            }
        }
    }
    return graph;
}

/** The blend-shape channels of the Model that shows `mesh` of `node`: a node with one mesh is
 *  one Model; Assimp gives each mesh of a node with several a child Model named after it. */
std::vector<const ObjectInfo *> ChannelsOf(const FileGraph &graph, const aiScene &scene,
                                           const aiNode &node, unsigned mesh) {
    const std::string modelName =
        node.mNumMeshes == 1 ? std::string(node.mName.C_Str())
                             : std::string(scene.mMeshes[node.mMeshes[mesh]]->mName.C_Str());
    for (const ObjectInfo &model : graph.objects) {
        if (model.kind != "Model" || model.name != modelName) {
            continue;
        }
        for (const ObjectInfo *geometry : graph.children(model.uid, "Geometry", "Mesh")) {
            for (const ObjectInfo *shape :
                 graph.children(geometry->uid, "Deformer", "BlendShape")) {
                return graph.children(shape->uid, "Deformer", "BlendShapeChannel");
            }
        }
    }
    return {};
}

int64_t LayerOf(const FileGraph &graph, const std::string &animation) {
    for (const ObjectInfo &stack : graph.objects) {
        if (stack.kind == "AnimationStack" && stack.name == animation) {
            for (const ObjectInfo *layer : graph.children(stack.uid, "AnimationLayer")) {
                return layer->uid;
            }
        }
    }
    return 0;
}

/** The weights (percent) of one target over a channel's keys; false when no key names it. */
bool TargetCurve(const aiMeshMorphAnim &channel, double secondsPerTick, unsigned target,
                 std::vector<int64_t> &times, std::vector<float> &percent) {
    bool used = false;
    for (unsigned k = 0; k < channel.mNumKeys; ++k) {
        const aiMeshMorphKey &key = channel.mKeys[k];
        float weight = 0.0f;
        for (unsigned v = 0; v < key.mNumValuesAndWeights; ++v) {
            if (key.mValues[v] == target) {
                weight = static_cast<float>(key.mWeights[v]);
                used = true;
            }
        }
        times.push_back(SecondsToFbxTime(key.mTime * secondsPerTick));
        percent.push_back(100.0f * weight);
    }
    return used;
}

class CurveWriter {
public:
    CurveWriter(FbxBinaryFile &file, int64_t largestUid) : mFile(file), mNextUid(largestUid + 1) {}

    void add(int64_t layer, int64_t channel, const std::vector<int64_t> &times,
             const std::vector<float> &percent) {
        const int64_t nodeUid = mNextUid++;
        const int64_t curveUid = mNextUid++;
        FbxRecord curveNode = RecordOf(
            "AnimationCurveNode",
            {IntegerProperty('L', nodeUid),
             TextProperty("DeformPercent" + kSeparator + "AnimCurveNode"), TextProperty("")});
        FbxRecord table = RecordOf("Properties70", {});
        table.children.push_back(
            RecordOf("P", {TextProperty("d|DeformPercent"), TextProperty("Number"),
                           TextProperty(""), TextProperty("A"), RealProperty(0.0)}));
        curveNode.children.push_back(table);
        mObjects.push_back(curveNode);

        const auto count = static_cast<uint32_t>(times.size());
        const int32_t flags = 0, refCount = static_cast<int32_t>(count);
        const float attributes[4] = {0, 0, 0, 0};
        FbxRecord curve =
            RecordOf("AnimationCurve", {IntegerProperty('L', curveUid),
                                        TextProperty(kSeparator + "AnimCurve"), TextProperty("")});
        curve.children.push_back(RecordOf("Default", {RealProperty(0.0)}));
        curve.children.push_back(RecordOf("KeyVer", {IntegerProperty('I', 4009)}));
        curve.children.push_back(RecordOf("KeyTime", {ArrayProperty('l', times.data(), count, 8)}));
        curve.children.push_back(
            RecordOf("KeyValueFloat", {ArrayProperty('f', percent.data(), count, 4)}));
        curve.children.push_back(RecordOf("KeyAttrFlags", {ArrayProperty('i', &flags, 1, 4)}));
        curve.children.push_back(
            RecordOf("KeyAttrDataFloat", {ArrayProperty('f', attributes, 4, 4)}));
        curve.children.push_back(
            RecordOf("KeyAttrRefCount", {ArrayProperty('i', &refCount, 1, 4)}));
        mObjects.push_back(curve);

        mLinks.push_back(RecordOf(
            "C", {TextProperty("OO"), IntegerProperty('L', nodeUid), IntegerProperty('L', layer)}));
        mLinks.push_back(
            RecordOf("C", {TextProperty("OP"), IntegerProperty('L', nodeUid),
                           IntegerProperty('L', channel), TextProperty("DeformPercent")}));
        mLinks.push_back(
            RecordOf("C", {TextProperty("OP"), IntegerProperty('L', curveUid),
                           IntegerProperty('L', nodeUid), TextProperty("d|DeformPercent")}));
    }

    /** Appends what was added to the file's Objects and Connections. */
    void finish() {
        for (FbxRecord &record : mFile.records) {
            if (record.name == "Objects") {
                record.children.insert(record.children.end(), mObjects.begin(), mObjects.end());
            } else if (record.name == "Connections") {
                record.children.insert(record.children.end(), mLinks.begin(), mLinks.end());
            }
        }
    }

private:
    FbxBinaryFile &mFile;
    int64_t mNextUid;
    std::vector<FbxRecord> mObjects;
    std::vector<FbxRecord> mLinks;
};

} // namespace

MorphAnimationReport AddMorphWeightCurves(FbxBinaryFile &file, const aiScene &scene,
                                          const std::string &fileName) {
    MorphAnimationReport report;
    bool any = false;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        any = any || scene.mAnimations[a]->mNumMorphMeshChannels != 0;
    }
    if (!any || scene.mRootNode == nullptr) {
        return report;
    }
    const FileGraph graph = ReadGraph(file, fileName);
    CurveWriter writer(file, graph.largestUid);
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        const int64_t layer = LayerOf(graph, animation.mName.C_Str());
        // 0 ticks per second means unspecified, which Assimp's writers take as 1.
        const double secondsPerTick =
            animation.mTicksPerSecond > 0.0 ? 1.0 / animation.mTicksPerSecond : 1.0;
        for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
            const aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
            const aiNode *node = scene.mRootNode->FindNode(channel.mName);
            if (layer == 0 || node == nullptr || node->mNumMeshes == 0) {
                ++report.skipped;
                continue;
            }
            for (unsigned m = 0; m < node->mNumMeshes; ++m) {
                const aiMesh &mesh = *scene.mMeshes[node->mMeshes[m]];
                const std::vector<const ObjectInfo *> channels = ChannelsOf(graph, scene, *node, m);
                for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
                    const ObjectInfo *target = nullptr;
                    for (const ObjectInfo *candidate : channels) {
                        target = candidate->name == mesh.mAnimMeshes[t]->mName.C_Str() ? candidate
                                                                                       : target;
                    }
                    std::vector<int64_t> times;
                    std::vector<float> percent;
                    if (!TargetCurve(channel, secondsPerTick, t, times, percent)) {
                        continue;
                    }
                    if (target == nullptr) {
                        ++report.skipped;
                        continue;
                    }
                    writer.add(layer, target->uid, times, percent);
                    ++report.curves;
                }
            }
        }
    }
    writer.finish();
    return report;
}

} // namespace agf::fbx
