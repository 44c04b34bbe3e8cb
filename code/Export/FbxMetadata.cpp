/** @file FbxMetadata.cpp */
#include "FbxMetadata.h"

#include <assimp/scene.h>

#include <limits>
#include <map>
#include <vector>

namespace agf::fbx {

namespace {

const std::string kNameClassSeparator("\0\x01", 2);

FbxRecord UserProperty(const std::string &name, const char *type, const char *label,
                       std::vector<FbxProperty> values) {
    std::vector<FbxProperty> fields = {TextProperty(name), TextProperty(type), TextProperty(label),
                                       TextProperty("U")};
    fields.insert(fields.end(), values.begin(), values.end());
    FbxRecord record;
    record.name = "P";
    record.propertyCount = fields.size();
    record.properties = EncodeProperties(fields);
    return record;
}

void AppendProperties(const aiMetadata &metadata, const std::string &prefix,
                      std::vector<FbxRecord> &out) {
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        const std::string key = prefix + metadata.mKeys[i].C_Str();
        const void *data = metadata.mValues[i].mData;
        if (data == nullptr) {
            continue;
        }
        switch (metadata.mValues[i].mType) {
        case AI_BOOL:
            out.push_back(UserProperty(key, "bool", "",
                                       {IntegerProperty('I', *static_cast<const bool *>(data))}));
            break;
        case AI_INT32:
            out.push_back(
                UserProperty(key, "int", "Integer",
                             {IntegerProperty('I', *static_cast<const int32_t *>(data))}));
            break;
        case AI_UINT64: {
            const uint64_t value = *static_cast<const uint64_t *>(data);
            if (value <= uint64_t(std::numeric_limits<int32_t>::max())) {
                out.push_back(UserProperty(key, "int", "Integer",
                                           {IntegerProperty('I', static_cast<int64_t>(value))}));
            } else {
                out.push_back(UserProperty(key, "double", "Number",
                                           {RealProperty(static_cast<double>(value))}));
            }
            break;
        }
        case AI_FLOAT:
            out.push_back(UserProperty(key, "double", "Number",
                                       {RealProperty(*static_cast<const float *>(data))}));
            break;
        case AI_DOUBLE:
            out.push_back(UserProperty(key, "double", "Number",
                                       {RealProperty(*static_cast<const double *>(data))}));
            break;
        case AI_AISTRING:
            out.push_back(UserProperty(
                key, "KString", "", {TextProperty(static_cast<const aiString *>(data)->C_Str())}));
            break;
        case AI_AIVECTOR3D: {
            const aiVector3D &v = *static_cast<const aiVector3D *>(data);
            out.push_back(UserProperty(key, "Vector", "",
                                       {RealProperty(v.x), RealProperty(v.y), RealProperty(v.z)}));
            break;
        }
        case AI_AIMETADATA:
            AppendProperties(*static_cast<const aiMetadata *>(data), key + ".", out);
            break;
        default:
            break;
        }
    }
}

/** The Properties70 child of `record`, created when missing. */
FbxRecord &PropertyTable(FbxRecord &record) {
    for (FbxRecord &child : record.children) {
        if (child.name == "Properties70") {
            return child;
        }
    }
    FbxRecord table;
    table.name = "Properties70";
    record.children.insert(record.children.begin(), table);
    return record.children.front();
}

/** The name (first field) of a Properties70 entry. */
std::string PropertyName(const FbxRecord &entry, const std::string &fileName) {
    if (entry.name != "P" || entry.propertyCount == 0) {
        return std::string();
    }
    const std::vector<FbxProperty> fields = DecodeProperties(entry, fileName);
    return fields[0].type == 'S' ? fields[0].text : std::string();
}

/** Adds our user properties to the table of `record`. An entry of the same name that the writer
 *  already put there (Assimp 5.4 and 6.0 write node metadata as plain properties, which
 *  Blender does not import, and skip vectors) is replaced, so each key appears once. */
size_t AddTo(FbxRecord &record, const aiMetadata &metadata, const std::string &fileName) {
    std::vector<FbxRecord> properties;
    AppendProperties(metadata, std::string(), properties);
    FbxRecord &table = PropertyTable(record);
    std::map<std::string, size_t> existing;
    for (size_t i = 0; i < table.children.size(); ++i) {
        existing.emplace(PropertyName(table.children[i], fileName), i);
    }
    for (FbxRecord &property : properties) {
        const auto found = existing.find(PropertyName(property, fileName));
        if (found != existing.end()) {
            table.children[found->second] = std::move(property);
        } else {
            table.children.push_back(std::move(property));
        }
    }
    return properties.size();
}

/** Nodes with metadata by name; names used twice map to nullptr. */
void CollectNodes(const aiNode *node, std::map<std::string, const aiNode *> &byName) {
    const auto inserted = byName.emplace(node->mName.C_Str(), node);
    if (!inserted.second) {
        inserted.first->second = nullptr;
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        CollectNodes(node->mChildren[c], byName);
    }
}

} // namespace

MetadataReport AddMetadataUserProperties(FbxBinaryFile &file, const aiScene &scene,
                                         const std::string &fileName) {
    MetadataReport report;
    std::map<std::string, const aiNode *> byName;
    if (scene.mRootNode != nullptr) {
        CollectNodes(scene.mRootNode, byName);
    }
    for (FbxRecord &record : file.records) {
        if (record.name == "Documents" && scene.mMetaData != nullptr) {
            for (FbxRecord &document : record.children) {
                if (document.name == "Document") {
                    report.properties += AddTo(document, *scene.mMetaData, fileName);
                }
            }
        }
        if (record.name != "Objects") {
            continue;
        }
        for (FbxRecord &object : record.children) {
            if (object.name != "Model" || object.propertyCount < 2) {
                continue;
            }
            const std::vector<FbxProperty> fields = DecodeProperties(object, fileName);
            if (fields[1].type != 'S') {
                continue;
            }
            const std::string name =
                fields[1].text.substr(0, fields[1].text.find(kNameClassSeparator));
            const auto found = byName.find(name);
            if (found == byName.end()) {
                continue;
            }
            if (found->second == nullptr) {
                ++report.ambiguous;
                continue;
            }
            if (found->second->mMetaData != nullptr &&
                found->second->mMetaData->mNumProperties != 0) {
                report.properties += AddTo(object, *found->second->mMetaData, fileName);
                ++report.models;
            }
        }
    }
    return report;
}

} // namespace agf::fbx
