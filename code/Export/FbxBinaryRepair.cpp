/** @file FbxBinaryRepair.cpp
 *  Repair of binary FBX files written by Assimp 5.2.5.
 */
#include "Export/FbxBinaryRepair.h"

#include "Export/FbxTakeLength.h"

namespace agf::fbx {

namespace {

constexpr char kNameClassSeparator[] = {'\0', '\x01'};

} // namespace

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
                                              FbxRepairReport *report) {
    FbxBinaryFile file = ReadFbxBinary(data, size, fileName);
    MarkObjectsAsScopes(file);
    FbxRepairReport done;
    done.shapeNamesChanged = FixShapeGeometryNames(file, fileName);
    if (!animationStops.empty()) {
        const TakeLengthResult lengths = SetTakeLengths(file, animationStops, fileName);
        done.animationStacks = lengths.stacksFound;
        done.timesChanged = lengths.valuesChanged;
    }
    if (report != nullptr) {
        *report = done;
    }
    return WriteFbxBinary(file);
}

} // namespace agf::fbx
