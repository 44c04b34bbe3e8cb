/** @file FxmParser.cpp
 *  The FXM layout (spec §2): header, optional joint table, 44 unknown bytes after it (36 in
 *  static files, counted from byte 8), submesh count, then per submesh: name, FVF block,
 *  triangles, vertices of the given stride and, in skinned files, 56-byte skin records.
 */
#include "FxmParser.h"

#include "Common/Warnings.h"

#include "Common/BinaryReader.h"
#include "Common/TextEncoding.h"
#include "IdolFxStrings.h"

#include <cmath>
#include <cstdio>

namespace agf::idolfx {

namespace {

constexpr size_t kGapAfterJoints = 12;
constexpr size_t kGapBeforeSubmeshCount = 32;
// Smallest submesh record: empty name (4) + 3 zeros + FVF + stride + constant + 2 counts.
constexpr uint64_t kMinSubmeshBytes = 4 + 7 * 4;
// Smallest joint record: 8 unknown bytes + empty name + parent + 16 floats.
constexpr uint64_t kMinJointBytes = 8 + 4 + 4 + 64;

bool AllZero(const uint8_t *bytes, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        if (bytes[i] != 0) {
            return false;
        }
    }
    return true;
}

uint32_t TexCoordSetCount(uint32_t fvf) {
    return (fvf & kFvfTexCountMask) >> kFvfTexCountShift;
}

// The stride an FVF code implies for the parts FXM files use (position, normal, 2D UV sets).
uint32_t StrideImpliedByFvf(uint32_t fvf) {
    uint32_t stride = 0;
    if ((fvf & kFvfPositionXyz) != 0) {
        stride += 12;
    }
    if ((fvf & kFvfNormal) != 0) {
        stride += 12;
    }
    return stride + 8 * TexCoordSetCount(fvf);
}

std::vector<FxmJoint> ReadJoints(BinaryReader &reader, uint32_t jointCount, Warnings &warnings) {
    reader.checkedCount(jointCount, kMinJointBytes, "joint");
    std::vector<FxmJoint> joints(jointCount);
    for (uint32_t j = 0; j < jointCount; ++j) {
        reader.setStructure("joint " + std::to_string(j));
        const uint8_t *prefix = reader.view(8);
        if (!AllZero(prefix, 8)) {
            warnings.add(WarningKind::Unknown, reader.fileName(), reader.structure(),
                         reader.offset() - 8, "the 8 unknown bytes before the name are not zero");
        }
        FxmJoint &joint = joints[j];
        joint.fileOffset = reader.offset() - 8;
        joint.name = ToUtf8(ReadLengthString(reader, kMaxIdolFxStringLength, "joint name"));
        const uint64_t parentOffset = reader.offset();
        joint.parent = reader.i32();
        if (joint.parent < -1 || joint.parent >= static_cast<int32_t>(jointCount)) {
            reader.failAt(parentOffset, "parent index " + std::to_string(joint.parent) +
                                            " out of range (" + std::to_string(jointCount) +
                                            " joints; -1 marks a root)");
        }
        if (joint.parent == static_cast<int32_t>(j)) {
            reader.failAt(parentOffset, "joint is its own parent");
        }
        for (float &element : joint.inverseBindRowMajor) {
            element = reader.f32();
        }
        for (float element : joint.inverseBindRowMajor) {
            if (!std::isfinite(element)) {
                reader.failAt(parentOffset + 4, "inverse bind matrix has a non-finite element");
            }
        }
    }
    return joints;
}

void ReadSkinRecords(BinaryReader &reader, FxmSubmesh &submesh, size_t jointCount,
                     size_t &implicitLastWeightHints, Warnings &warnings) {
    const uint64_t start = reader.offset();
    const size_t vertexCount = submesh.vertices.size();
    submesh.influenceStart.assign(vertexCount + 1, 0);
    submesh.influences.reserve(vertexCount);
    size_t clampedCounts = 0;
    size_t verticesWithoutWeight = 0;
    for (size_t v = 0; v < vertexCount; ++v) {
        const uint64_t recordOffset = reader.offset();
        const uint8_t *record = reader.view(kFxmSkinRecordSize);
        // Bytes 0-11 and 36-55 duplicate the plain vertex; bytes 13-15 are unknown.
        unsigned used = record[12] == 0 ? 1u : record[12];
        if (used > kFxmMaxInfluences) {
            used = kFxmMaxInfluences;
            ++clampedCounts;
        }
        float weights[kFxmMaxInfluences];
        uint8_t joints[kFxmMaxInfluences];
        float sum = 0.0f;
        for (unsigned k = 0; k < used; ++k) {
            weights[k] = BinaryReader::LoadF32(record + 16 + 4 * k);
            joints[k] = record[32 + k];
            if (!std::isfinite(weights[k])) {
                reader.failAt(recordOffset + 16 + 4 * k,
                              "skin record of vertex " + std::to_string(v) + ": weight " +
                                  std::to_string(k) + " is not a finite number");
            }
            if (joints[k] >= jointCount) {
                reader.failAt(recordOffset + 32 + k,
                              "skin record of vertex " + std::to_string(v) + ": joint index " +
                                  std::to_string(joints[k]) + " past the joint table (" +
                                  std::to_string(jointCount) + " joints)");
            }
            if (weights[k] > 0.0f) {
                sum += weights[k];
            }
        }
        if (used >= 2) {
            float leading = 0.0f;
            for (unsigned k = 0; k + 1 < used; ++k) {
                leading += weights[k];
            }
            if (std::fabs(leading - 1.0f) < 1e-3f) {
                ++implicitLastWeightHints;
            }
        }
        if (sum > 0.0f) {
            for (unsigned k = 0; k < used; ++k) {
                if (weights[k] > 0.0f) {
                    submesh.influences.push_back({joints[k], weights[k] / sum});
                }
            }
        } else {
            // Nothing usable: bind rigidly to the first listed joint rather than drop the vertex.
            submesh.influences.push_back({joints[0], 1.0f});
            ++verticesWithoutWeight;
        }
        submesh.influenceStart[v + 1] = static_cast<uint32_t>(submesh.influences.size());
    }
    if (clampedCounts != 0) {
        warnings.add(WarningKind::InvalidValue, reader.fileName(), reader.structure(), start,
                     std::to_string(clampedCounts) +
                         " skin records claim more than 4 influences; read 4");
    }
    if (verticesWithoutWeight != 0) {
        warnings.add(WarningKind::InvalidValue, reader.fileName(), reader.structure(), start,
                     std::to_string(verticesWithoutWeight) +
                         " vertices have no positive weight; bound fully to their first joint");
    }
}

FxmSubmesh ReadSubmesh(BinaryReader &reader, size_t index, size_t jointCount,
                       size_t &implicitLastWeightHints, Warnings &warnings) {
    FxmSubmesh submesh;
    submesh.fileOffset = reader.offset();
    reader.setStructure("submesh " + std::to_string(index));
    submesh.name = ToUtf8(ReadLengthString(reader, kMaxIdolFxStringLength, "submesh name"));
    const uint32_t zeros[3] = {reader.u32(), reader.u32(), reader.u32()};
    if (zeros[0] != 0 || zeros[1] != 0 || zeros[2] != 0) {
        warnings.add(WarningKind::Unknown, reader, "the three words after the name are not zero");
    }
    submesh.fvf = reader.u32();
    const uint64_t strideOffset = reader.offset();
    submesh.stride = reader.u32();
    submesh.streamConstant = reader.u32();
    const uint32_t faceCount = reader.u32();
    const uint64_t vertexCountOffset = reader.offset();
    const uint32_t vertexCount = reader.u32();

    if (submesh.stride < kMinFxmStride) {
        reader.failAt(strideOffset, "vertex stride " + std::to_string(submesh.stride) +
                                        " is smaller than " + std::to_string(kMinFxmStride) +
                                        " (position, normal and UV)");
    }
    if (vertexCount > kMaxFxmVertices) {
        reader.failAt(vertexCountOffset, "vertex count " + std::to_string(vertexCount) +
                                             " cannot be addressed by 16-bit indices");
    }
    const uint32_t implied = StrideImpliedByFvf(submesh.fvf);
    if (implied != submesh.stride) {
        char fvf[16];
        std::snprintf(fvf, sizeof fvf, "0x%X", submesh.fvf);
        warnings.add(WarningKind::Inconsistent, reader.fileName(), reader.structure(), strideOffset,
                     std::string("FVF ") + fvf + " implies a stride of " + std::to_string(implied) +
                         " bytes but the file says " + std::to_string(submesh.stride) +
                         "; the file's stride is used");
    }
    submesh.hasSecondUv = submesh.stride >= 40 && TexCoordSetCount(submesh.fvf) >= 2;
    if (submesh.streamConstant != 1) {
        warnings.add(WarningKind::Unknown, reader.fileName(), reader.structure(), strideOffset + 4,
                     "the constant after the stride is " + std::to_string(submesh.streamConstant) +
                         " instead of 1");
    }

    reader.setStructure("submesh " + std::to_string(index) + " triangles");
    reader.checkedCount(faceCount, 6, "triangle");
    submesh.triangles.resize(faceCount);
    const uint64_t trianglesOffset = reader.offset();
    for (auto &triangle : submesh.triangles) {
        triangle = {reader.u16(), reader.u16(), reader.u16()};
    }
    for (size_t t = 0; t < submesh.triangles.size(); ++t) {
        for (int corner = 0; corner < 3; ++corner) {
            if (submesh.triangles[t][corner] >= vertexCount) {
                reader.failAt(trianglesOffset + 6 * t + 2 * corner,
                              "triangle " + std::to_string(t) + ": index " +
                                  std::to_string(submesh.triangles[t][corner]) +
                                  " past the vertices (" + std::to_string(vertexCount) +
                                  " vertices)");
            }
        }
    }

    reader.setStructure("submesh " + std::to_string(index) + " vertices");
    const uint64_t perVertex =
        uint64_t(submesh.stride) + (jointCount != 0 ? kFxmSkinRecordSize : 0);
    reader.checkedCount(vertexCount, perVertex, "vertex");
    submesh.vertices.resize(vertexCount);
    for (FxmVertex &vertex : submesh.vertices) {
        BinaryReader record = reader.subReader(submesh.stride);
        vertex.position = ReadFloat3(record);
        vertex.normal = ReadFloat3(record);
        vertex.uv0 = ReadFloat2(record);
        if (submesh.hasSecondUv) {
            vertex.uv1 = ReadFloat2(record);
        }
    }
    if (jointCount != 0) {
        reader.setStructure("submesh " + std::to_string(index) + " skin records");
        ReadSkinRecords(reader, submesh, jointCount, implicitLastWeightHints, warnings);
    }
    return submesh;
}

} // namespace

FxmFile ParseFxm(const uint8_t *data, size_t size, const std::string &fileName,
                 Warnings &warnings) {
    BinaryReader reader(data, size, fileName);
    reader.setStructure("header");
    FxmFile file;
    file.version = reader.u32();
    if (file.version > 2) {
        reader.failAt(0, "version " + std::to_string(file.version) +
                             " is not an Idol FX FXM version (0, 1 or 2)");
    }
    file.skeletonFlag = reader.u32();
    const uint64_t jointCountOffset = reader.offset();
    const uint32_t jointCount = reader.u32();
    if (file.skeletonFlag != 0 && jointCount != 0) {
        if (jointCount > kMaxFxmJoints) {
            reader.failAt(jointCountOffset, "joint count " + std::to_string(jointCount) +
                                                " exceeds the limit of " +
                                                std::to_string(kMaxFxmJoints));
        }
        if (file.skeletonFlag > 1) {
            warnings.add(WarningKind::Unsupported, fileName, "header", 4,
                         "skeleton flag " + std::to_string(file.skeletonFlag) +
                             " (more than one keypose?); only the first joint table is read");
        }
        file.joints = ReadJoints(reader, jointCount, warnings);
        reader.setStructure("block after the joints");
        reader.skip(kGapAfterJoints);
    } else if (jointCount != 0) {
        warnings.add(WarningKind::Unknown, fileName, "header", jointCountOffset,
                     "static file with a non-zero word (" + std::to_string(jointCount) +
                         ") where skinned files count their joints; ignored");
    }
    reader.setStructure("header");
    const uint8_t *gap = reader.view(kGapBeforeSubmeshCount);
    if (!AllZero(gap, kGapBeforeSubmeshCount) ||
        (file.hasJoints() && !AllZero(gap - kGapAfterJoints, kGapAfterJoints))) {
        warnings.add(WarningKind::Unknown, reader,
                     "the unknown block before the submesh count is not zero");
    }
    const uint64_t countOffset = reader.offset();
    const uint32_t submeshCount = reader.u32();
    if (submeshCount == 0 || submeshCount > kMaxFxmSubmeshes) {
        reader.failAt(countOffset, "submesh count " + std::to_string(submeshCount) +
                                       " outside 1.." + std::to_string(kMaxFxmSubmeshes));
    }
    reader.checkedCount(submeshCount, kMinSubmeshBytes, "submesh");
    size_t implicitLastWeightHints = 0;
    file.submeshes.reserve(submeshCount);
    for (uint32_t s = 0; s < submeshCount; ++s) {
        file.submeshes.push_back(
            ReadSubmesh(reader, s, file.joints.size(), implicitLastWeightHints, warnings));
    }
    if (!reader.atEnd()) {
        warnings.add(WarningKind::Unknown, fileName, "end of file", reader.offset(),
                     std::to_string(reader.remaining()) + " bytes after the last submesh ignored");
    }
    // implicitLastWeightHints counts skin records that would also fit the implicit-last-weight
    // reading of the spec's open question; it is kept for a debugger, not reported.
    (void)implicitLastWeightHints;
    return file;
}

bool LooksLikeFxm(const uint8_t *data, size_t size) {
    try {
        BinaryReader reader(data, size, "signature");
        const uint32_t version = reader.u32();
        const uint32_t flag = reader.u32();
        if (version > 2 || flag > 1) {
            return false;
        }
        const uint32_t jointCount = reader.u32();
        if (flag == 1 && jointCount != 0) {
            if (jointCount > kMaxFxmJoints) {
                return false;
            }
            reader.skip(8);
            const uint32_t length = reader.u32();
            if (length == 0 || length > 256) {
                return false;
            }
            const std::string name(reinterpret_cast<const char *>(reader.view(length)), length);
            const int32_t parent = reader.i32();
            return IsPrintableName(name) && parent >= -1 && parent < int32_t(jointCount);
        }
        if (jointCount != 0 || !AllZero(reader.view(kGapBeforeSubmeshCount), 32)) {
            return false;
        }
        const uint32_t submeshCount = reader.u32();
        if (submeshCount == 0 || submeshCount > kMaxFxmSubmeshes) {
            return false;
        }
        const uint32_t nameLength = reader.u32();
        if (nameLength > 256) {
            return false;
        }
        const std::string name(reinterpret_cast<const char *>(reader.view(nameLength)), nameLength);
        reader.skip(12);
        const uint32_t fvf = reader.u32();
        const uint32_t stride = reader.u32();
        return IsPrintableName(name) && (fvf & kFvfPositionXyz) != 0 && stride >= kMinFxmStride &&
               stride <= 256;
    } catch (const ImportError &) {
        return false;
    }
}

} // namespace agf::idolfx
