/** @file FbxBinaryRepair.cpp
 *  Repair of binary FBX files written by Assimp 5.2.5.
 */
#include "Export/FbxBinaryRepair.h"

#include "Common/AssimpVersion.h"
#include "Export/FbxTakeLength.h"

#include <cstring>
#include <map>

namespace agf::fbx {

namespace {

constexpr char kNameClassSeparator[] = {'\0', '\x01'};

/** The element count of an array property (its first four bytes, see FbxBinaryTree.cpp). */
uint32_t ArrayCount(const FbxProperty &array) {
    uint32_t count = 0;
    for (size_t i = 0; i < 4 && i < array.text.size(); ++i) {
        count |= static_cast<uint32_t>(static_cast<uint8_t>(array.text[i])) << (8 * i);
    }
    return count;
}

/** An uncompressed double array of `count` copies of `value`. */
FbxProperty DoubleArray(uint32_t count, double value) {
    FbxProperty array;
    array.type = 'd';
    auto put = [&array](uint32_t word) {
        for (int shift = 0; shift < 32; shift += 8) {
            array.text.push_back(static_cast<char>(word >> shift));
        }
    };
    put(count);
    put(0); // raw encoding
    put(count * 8);
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    for (uint32_t i = 0; i < count; ++i) {
        for (int shift = 0; shift < 64; shift += 8) {
            array.text.push_back(static_cast<char>(bits >> shift));
        }
    }
    return array;
}

const FbxRecord *Child(const FbxRecord &record, const char *name) {
    for (const FbxRecord &child : record.children) {
        if (child.name == name) {
            return &child;
        }
    }
    return nullptr;
}

} // namespace

size_t MatchFullWeightsToShapes(FbxBinaryFile &file, const std::string &fileName) {
    std::map<int64_t, uint32_t> indicesOfShape;
    std::map<int64_t, FbxRecord *> channels;
    std::vector<std::pair<int64_t, int64_t>> links; // (child, parent)
    for (FbxRecord &record : file.records) {
        if (record.name == "Objects") {
            for (FbxRecord &object : record.children) {
                if (object.propertyCount != 3 ||
                    (object.name != "Geometry" && object.name != "Deformer")) {
                    continue;
                }
                const std::vector<FbxProperty> fields = DecodeProperties(object, fileName);
                if (fields[0].type != 'L' || fields[2].type != 'S') {
                    continue;
                }
                if (fields[2].text == "Shape") {
                    const FbxRecord *indexes = Child(object, "Indexes");
                    const std::vector<FbxProperty> list = indexes != nullptr
                                                              ? DecodeProperties(*indexes, fileName)
                                                              : std::vector<FbxProperty>();
                    indicesOfShape[fields[0].integer] = list.empty() ? 0 : ArrayCount(list[0]);
                } else if (fields[2].text == "BlendShapeChannel") {
                    channels[fields[0].integer] = &object;
                }
            }
        } else if (record.name == "Connections") {
            for (const FbxRecord &link : record.children) {
                const std::vector<FbxProperty> fields = DecodeProperties(link, fileName);
                if (fields.size() >= 3 && fields[0].text == "OO" && fields[1].type == 'L' &&
                    fields[2].type == 'L') {
                    links.emplace_back(fields[1].integer, fields[2].integer);
                }
            }
        }
    }
    size_t changed = 0;
    for (const auto &[child, parent] : links) {
        const auto shape = indicesOfShape.find(child);
        const auto channel = channels.find(parent);
        if (shape == indicesOfShape.end() || channel == channels.end()) {
            continue;
        }
        for (FbxRecord &weights : channel->second->children) {
            if (weights.name != "FullWeights") {
                continue;
            }
            const std::vector<FbxProperty> list = DecodeProperties(weights, fileName);
            if (!list.empty() && ArrayCount(list[0]) == shape->second) {
                continue;
            }
            weights.properties = EncodeProperties({DoubleArray(shape->second, 100.0)});
            weights.propertyCount = 1;
            ++changed;
        }
    }
    return changed;
}

FbxRepairSteps FbxRepairStepsForLoadedAssimp() {
    FbxRepairSteps steps;
    steps.objectScopes = AssimpNeeds(AssimpRepair::FbxNullRecords);
    steps.shapeNames = AssimpNeeds(AssimpRepair::FbxShapeGeometryNames);
    steps.fullWeights = AssimpNeeds(AssimpRepair::FbxFullWeights);
    steps.shapeNormals = AssimpNeeds(AssimpRepair::MorphTargetNormals);
    return steps;
}

size_t AddMissingShapeNormals(FbxBinaryFile &file, const std::string &fileName) {
    size_t changed = 0;
    for (FbxRecord &record : file.records) {
        if (record.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : record.children) {
            if (object.name != "Geometry" || object.propertyCount != 3) {
                continue;
            }
            const std::vector<FbxProperty> fields = DecodeProperties(object, fileName);
            if (fields[2].type != 'S' || fields[2].text != "Shape" ||
                Child(object, "Normals") != nullptr) {
                continue;
            }
            const FbxRecord *indexes = Child(object, "Indexes");
            const std::vector<FbxProperty> list = indexes != nullptr
                                                      ? DecodeProperties(*indexes, fileName)
                                                      : std::vector<FbxProperty>();
            const uint32_t count = list.empty() ? 0 : ArrayCount(list[0]);
            object.children.push_back(RecordOf("Normals", {DoubleArray(count * 3, 0.0)}));
            ++changed;
        }
    }
    return changed;
}

void MarkObjectsAsScopes(FbxBinaryFile &file) {
    for (FbxRecord &record : file.records) {
        if (record.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : record.children) {
            object.closeWithNullRecord = true;
        }
    }
}

size_t FixShapeGeometryNames(FbxBinaryFile &file, const std::string &fileName) {
    size_t changed = 0;
    for (FbxRecord &record : file.records) {
        if (record.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : record.children) {
            if (object.name != "Geometry" || object.propertyCount != 3) {
                continue;
            }
            std::vector<FbxProperty> fields = DecodeProperties(object, fileName);
            if (fields[1].type != 'S' || fields[2].type != 'S' || fields[2].text != "Shape") {
                continue;
            }
            std::string &name = fields[1].text;
            const size_t separator =
                name.find(std::string(kNameClassSeparator, sizeof kNameClassSeparator));
            if (separator == std::string::npos ||
                name.compare(separator + 2, std::string::npos, "Geometry") == 0) {
                continue;
            }
            name.replace(separator + 2, std::string::npos, "Geometry");
            object.properties = EncodeProperties(fields);
            ++changed;
        }
    }
    return changed;
}

std::vector<uint8_t> RepairAssimp525BinaryFbx(const uint8_t *data, size_t size,
                                              const std::string &fileName,
                                              const std::vector<int64_t> &animationStops,
                                              FbxRepairReport *report,
                                              const std::function<void(FbxBinaryFile &)> &moreEdits,
                                              const FbxRepairSteps &steps) {
    FbxBinaryFile file = ReadFbxBinary(data, size, fileName);
    if (steps.objectScopes) {
        MarkObjectsAsScopes(file);
    }
    FbxRepairReport done;
    if (steps.shapeNames) {
        done.shapeNamesChanged = FixShapeGeometryNames(file, fileName);
    }
    if (steps.fullWeights) {
        done.fullWeightsResized = MatchFullWeightsToShapes(file, fileName);
    }
    if (steps.shapeNormals) {
        done.shapeNormalsAdded = AddMissingShapeNormals(file, fileName);
    }
    if (!animationStops.empty()) {
        const TakeLengthResult lengths = SetTakeLengths(file, animationStops, fileName);
        done.animationStacks = lengths.stacksFound;
        done.timesChanged = lengths.valuesChanged;
    }
    if (report != nullptr) {
        *report = done;
    }
    if (moreEdits) {
        moreEdits(file);
    }
    return WriteFbxBinary(file);
}

} // namespace agf::fbx
