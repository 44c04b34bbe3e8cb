/** @file PskParser.cpp
 *  Reads the PSK chunks into PskFile. The chunk walker (ActorXChunks) finds the chunks; this file
 *  reads their records in a fixed order (points before wedges, wedges before faces...) because
 *  writers order chunks differently and later chunks are validated against earlier counts.
 */
#include "PskParser.h"

#include "ActorXChunks.h"
#include "ActorXRecords.h"
#include "Common/HugePages.h"
#include "Common/Parallel.h"
#include "Common/TextEncoding.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

namespace agf::psk {

namespace {

using actorx::Chunk;
using actorx::ChunkList;

/** Up to this many points, wedge point indices are 16-bit values with junk above (2.1). */
constexpr size_t kMaxPointsForMasking = 65536;
/** Bulk chunks with fewer records than this are read on the calling thread alone: starting a
 *  thread costs about as much as reading this many. */
constexpr size_t kMinimumThreadPart = 65536;

// The bulk records are used where the file's bytes hold them: these structs are their layout.
static_assert(sizeof(Vec3) == actorx::kPointRecordSize &&
              sizeof(Vec3) == actorx::kNormalRecordSize);
static_assert(sizeof(Wedge) == actorx::kWedgeRecordSize && offsetof(Wedge, u) == 4 &&
              offsetof(Wedge, v) == 8 && offsetof(Wedge, material) == 12);
static_assert(sizeof(RawWeight) == actorx::kWeightRecordSize && offsetof(RawWeight, point) == 4 &&
              offsetof(RawWeight, bone) == 8);
static_assert(2 * sizeof(float) == actorx::kUvRecordSize);

class Parser {
public:
    Parser(FileBytes bytes, const std::string &fileName, Warnings &warnings, unsigned threads)
        : mData(bytes.data()), mWritable(bytes.data()), mSize(bytes.size()), mFile(fileName),
          mWarnings(warnings), mThreads(threads) {
        mOut.storage = std::move(bytes);
    }

    PskFile run() {
        mChunks = actorx::WalkChunksOf(actorx::kMeshMagic, mData, mSize, mFile, mWarnings);
        if (mChunks.magic != actorx::kMeshMagic) {
            ThrowImportError(mFile, "file header", 0,
                             "not a PSK mesh: the file starts with " + mChunks.magic +
                                 ", not ACTRHEAD");
        }
        checkWalkEnd();
        mOut.typeFlag = mChunks.magicTypeFlag;
        noteDuplicateChunks();

        readPoints();
        readWedges();
        readFaces();
        readMaterials();
        readBones();
        readWeights();
        readNormals();
        readColors();
        readExtraUvs();
        readPointMorphs();
        readWedgeMorphs();
        readSockets();
        readPhysics();
        return std::move(mOut);
    }

private:
    // A PSK is useless when cut short: its counts tie every chunk to the others.
    void checkWalkEnd() {
        switch (mChunks.end) {
        case actorx::WalkEnd::Complete:
            return;
        case actorx::WalkEnd::TrailingBytes:
            ThrowImportError(mFile, "chunk header", mChunks.endOffset,
                             "the file is truncated: it ends " +
                                 std::to_string(mSize - mChunks.endOffset) +
                                 " bytes into a 32-byte chunk header");
        case actorx::WalkEnd::PayloadPastEnd:
            ThrowImportError(mFile, mChunks.endChunk, mChunks.endOffset,
                             "the file is truncated: the chunk's records run past the end of "
                             "the file (" +
                                 std::to_string(mSize) + " bytes)");
        case actorx::WalkEnd::UnreadableHeader:
        case actorx::WalkEnd::NegativeSize:
            // The walker recorded a warning; what came before is sound.
            return;
        }
    }

    void noteDuplicateChunks() {
        std::set<std::string> seen;
        for (const Chunk &chunk : mChunks.chunks) {
            if (!seen.insert(chunk.id).second) {
                warn(WarningKind::Duplicate, chunk,
                     "repeated chunk ignored (the first one is used)");
            }
        }
    }

    /** The first chunk with any of the given ids. */
    const Chunk *find(std::initializer_list<const char *> ids) const {
        for (const Chunk &chunk : mChunks.chunks) {
            for (const char *id : ids) {
                if (chunk.id == id) {
                    return &chunk;
                }
            }
        }
        return nullptr;
    }

    /** The chunk's records for the bulk loops (points, wedges, faces, weights): checked once
     *  here to lie inside the chunk, then read with direct loads instead of a bounds check per
     *  field. */
    static const uint8_t *records(const Chunk &chunk, size_t stride, const std::string &file) {
        BinaryReader reader = actorx::ChunkReader(chunk, file);
        reader.checkedCount(static_cast<int64_t>(chunk.recordCount), stride, chunk.id.c_str());
        return chunk.payload;
    }
    static float f32At(const uint8_t *p) { return BinaryReader::LoadF32(p); }
    static uint32_t u32At(const uint8_t *p) { return BinaryReader::LoadU32(p); }

    /** A bulk chunk's records, each kPerRecord values of T, for the caller to check and fix up
     *  in place: borrowed from the file's bytes when they hold exactly that layout (the usual
     *  case), otherwise read into an owned array with `load(record, values)`, a record of a
     *  larger stride or at an unaligned offset. */
    template <typename T, size_t kPerRecord = 1, typename Load>
    RecordArray<T> recordsOf(const Chunk &chunk, size_t stride, Load load) const {
        const uint8_t *data = records(chunk, stride, mFile);
        uint8_t *writable = mWritable + (data - mData);
        const size_t count = chunk.recordCount;
        if (stride == sizeof(T) * kPerRecord && CanBorrowRecordsAt<T>(writable)) {
            return RecordArray<T>::Borrow(writable, count * kPerRecord);
        }
        std::vector<T> values;
        ResizeLarge(values, count * kPerRecord);
        inParts(count, [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i) {
                load(data + i * stride, &values[i * kPerRecord]);
            }
        });
        return RecordArray<T>(std::move(values));
    }

    static void LoadVec3(const uint8_t *p, Vec3 *out) {
        *out = Vec3{f32At(p), f32At(p + 4), f32At(p + 8)};
    }

    /** A reader positioned at record `index`, stepping by the chunk's record size. */
    static BinaryReader &at(BinaryReader &reader, size_t stride, size_t index) {
        reader.seek(stride * index);
        return reader;
    }

    [[noreturn]] void failRecord(const Chunk &chunk, size_t stride, size_t index,
                                 const std::string &problem) const {
        ThrowImportError(mFile, chunk.id + " record " + std::to_string(index),
                         chunk.payloadOffset + uint64_t(stride) * index, problem);
    }

    static std::string readName(BinaryReader &reader, size_t size = actorx::kNameFieldSize) {
        return FixedFieldToUtf8(reinterpret_cast<const char *>(reader.view(size)), size);
    }

    /** Runs `work` over consecutive ranges of a bulk chunk's `count` records, on several threads
     *  when the chunk is large. A part stops at its first bad record, and ParallelRanges
     *  rethrows the error of the earliest part: the first bad record of the chunk, as a single
     *  pass would report it. */
    void inParts(size_t count, const std::function<void(size_t begin, size_t end)> &work) const {
        ParallelRanges(count, mThreads, kMinimumThreadPart, work);
    }

    void warn(WarningKind kind, const Chunk &chunk, const std::string &problem) {
        mWarnings.add(kind, mFile, chunk.id, chunk.headerOffset, problem);
    }

    void readPoints() {
        const Chunk *chunk = find({"PNTS0000"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kPointRecordSize, mFile);
        readVec3Records(*chunk, stride, mOut.points);
    }

    /** A chunk whose records start with three floats (PNTS0000, VTXNORMS): nothing to check. */
    void readVec3Records(const Chunk &chunk, size_t stride, RecordArray<Vec3> &out) const {
        out = recordsOf<Vec3>(chunk, stride, LoadVec3);
    }

    void readWedges() {
        const Chunk *chunk = find({"VTXW0000"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kWedgeRecordSize, mFile);
        const size_t pointCount = mOut.points.size();
        const bool mask = pointCount <= kMaxPointsForMasking;
        mOut.wedges = recordsOf<Wedge>(*chunk, stride, [](const uint8_t *p, Wedge *wedge) {
            wedge->point = u32At(p);
            wedge->u = f32At(p + 4);
            wedge->v = f32At(p + 8);
            wedge->material = p[12];
        });
        Wedge *wedges = mOut.wedges.data();
        std::atomic<uint32_t> maskedWedges{0};
        inParts(chunk->recordCount, [&](size_t begin, size_t end) {
            uint32_t masked = 0;
            for (size_t i = begin; i < end; ++i) {
                const uint32_t raw = wedges[i].point;
                const uint32_t point = mask ? (raw & 0xFFFFu) : raw;
                // Written only when it changes: a mapped file's page is copied at its first
                // write.
                if (point != raw) {
                    wedges[i].point = point;
                    ++masked;
                }
                if (point >= pointCount) {
                    failRecord(*chunk, stride, i,
                               "wedge point index " + std::to_string(point) + " out of range (" +
                                   std::to_string(pointCount) + " points)");
                }
            }
            maskedWedges += masked;
        });
        mOut.maskedWedges = maskedWedges;
    }

    void readFaces() {
        const Chunk *faces16 = find({"FACE0000"});
        const Chunk *faces32 = find({"FACE3200"});
        if (faces16 != nullptr && faces32 != nullptr) {
            warn(WarningKind::Duplicate, *faces32,
                 "the file has both FACE0000 and FACE3200; FACE3200 is used");
        }
        const Chunk *chunk = faces32 != nullptr ? faces32 : faces16;
        if (chunk == nullptr) {
            return;
        }
        mOut.faces32 = chunk == faces32;
        const size_t stride = actorx::CheckRecordSize(
            *chunk, mOut.faces32 ? actorx::kFace32RecordSize : actorx::kFace16RecordSize, mFile);
        const size_t wedgeCount = mOut.wedges.size();
        mOut.faces = recordsOf<Face>(*chunk, stride, mOut.faces32 ? LoadFace32 : LoadFace16);
        const Face *faces = mOut.faces.data();
        inParts(chunk->recordCount, [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i) {
                for (int corner = 0; corner < 3; ++corner) {
                    const uint32_t wedge = faces[i].wedges[corner];
                    if (wedge >= wedgeCount) {
                        failRecord(*chunk, stride, i,
                                   "face wedge index " + std::to_string(wedge) + " out of range (" +
                                       std::to_string(wedgeCount) + " wedges)");
                    }
                }
            }
        });
        if (!mOut.faces.borrowed()) {
            // Widened into an array of their own: the memory that held them in the file's
            // bytes can go.
            ReleasePages(mWritable + (records(*chunk, stride, mFile) - mData),
                         stride * chunk->recordCount);
        }
    }

    static void LoadFace32(const uint8_t *p, Face *face) {
        for (int corner = 0; corner < 3; ++corner) {
            face->wedges[corner] = u32At(p + 4 * corner);
        }
        face->material = p[12];
        face->auxMaterial = p[13];
        face->smoothingGroups = u32At(p + 14);
    }

    static void LoadFace16(const uint8_t *p, Face *face) {
        for (int corner = 0; corner < 3; ++corner) {
            face->wedges[corner] = BinaryReader::LoadU16(p + 2 * corner);
        }
        face->material = p[6];
        face->auxMaterial = p[7];
        face->smoothingGroups = u32At(p + 8);
    }

    void readMaterials() {
        const Chunk *chunk = find({"MATT0000"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kMaterialRecordSize, mFile);
        BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
        mOut.materials.resize(chunk->recordCount);
        for (size_t i = 0; i < chunk->recordCount; ++i) {
            Material &material = mOut.materials[i];
            material.name = readName(at(reader, stride, i));
            material.textureIndex = reader.i32();
            material.polyFlags = reader.u32();
            material.auxMaterial = reader.i32();
            material.auxFlags = reader.u32();
            material.lodBias = reader.i32();
            material.lodStyle = reader.i32();
        }
    }

    void readBones() {
        const Chunk *chunk = find({"REFSKELT", "REFSKEL0"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kBoneRecordSize, mFile);
        BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
        const size_t count = chunk->recordCount;
        mOut.bones.resize(count);
        for (size_t i = 0; i < count; ++i) {
            Bone &bone = mOut.bones[i];
            bone.name = readName(at(reader, stride, i));
            bone.flags = reader.u32();
            bone.childCount = reader.i32();
            bone.parent = reader.i32();
            bone.orientation = ReadFloat4(reader);
            bone.position = ReadFloat3(reader);
            bone.length = reader.f32();
            bone.size = ReadFloat3(reader);
            // Bone 0 is the root whatever its parent says (0 or -1 in the wild); every other
            // bone needs a real parent.
            if (i != 0 && (bone.parent < 0 || static_cast<size_t>(bone.parent) >= count)) {
                failRecord(*chunk, stride, i,
                           "bone " + std::to_string(i) + " (" + bone.name + ") has parent " +
                               std::to_string(bone.parent) + " out of range (" +
                               std::to_string(count) + " bones)");
            }
            if (i != 0 && static_cast<size_t>(bone.parent) == i) {
                failRecord(*chunk, stride, i,
                           "bone " + std::to_string(i) + " (" + bone.name + ") is its own parent");
            }
        }
    }

    /** One part of RAWWEIGHTS after readWeights filtered it: the records it keeps are moved to
     *  the front of its range. */
    struct WeightPart {
        size_t begin = 0;
        size_t kept = 0;
        size_t badIndex = 0;
        size_t firstBad = 0;
    };

    void readWeights() {
        const Chunk *chunk = find({"RAWWEIGHTS", "RAWW0000"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kWeightRecordSize, mFile);
        const size_t count = chunk->recordCount;
        RecordArray<RawWeight> weights =
            recordsOf<RawWeight>(*chunk, stride, [](const uint8_t *p, RawWeight *weight) {
                weight->weight = f32At(p);
                weight->point = u32At(p + 4);
                weight->bone = u32At(p + 8);
            });
        RawWeight *records = weights.data();
        // Filtered in parts, each compacting its own range in place, then joined in record
        // order: the same list, and the same counts, as one pass.
        std::mutex partsMutex;
        std::vector<WeightPart> parts;
        inParts(count, [&](size_t begin, size_t end) {
            WeightPart part;
            part.begin = begin;
            for (size_t i = begin; i < end; ++i) {
                const RawWeight weight = records[i];
                const int32_t point = static_cast<int32_t>(weight.point);
                const int32_t bone = static_cast<int32_t>(weight.bone);
                if (point < 0 || static_cast<size_t>(point) >= mOut.points.size() || bone < 0 ||
                    static_cast<size_t>(bone) >= mOut.bones.size()) {
                    if (part.badIndex++ == 0) {
                        part.firstBad = i;
                    }
                    continue;
                }
                // Zero, negative and non-finite weights carry no influence (2.8).
                if (!(weight.weight > 0.0f) || !std::isfinite(weight.weight)) {
                    continue;
                }
                // Moved only when an earlier record was dropped (see readWedges).
                if (begin + part.kept != i) {
                    records[begin + part.kept] = weight;
                }
                ++part.kept;
            }
            const std::lock_guard<std::mutex> lock(partsMutex);
            parts.push_back(part);
        });
        std::sort(parts.begin(), parts.end(),
                  [](const WeightPart &a, const WeightPart &b) { return a.begin < b.begin; });
        size_t kept = 0;
        size_t badIndex = 0;
        size_t firstBad = 0;
        for (const WeightPart &part : parts) {
            if (part.begin != kept) {
                std::memmove(records + kept, records + part.begin, part.kept * sizeof(RawWeight));
            }
            kept += part.kept;
            if (part.badIndex != 0 && badIndex == 0) {
                firstBad = part.firstBad;
            }
            badIndex += part.badIndex;
        }
        weights.shrink(kept);
        mOut.weights = std::move(weights);
        if (badIndex != 0) {
            warn(WarningKind::OutOfRange, *chunk,
                 std::to_string(badIndex) +
                     " weights with a point or bone index out of range dropped (first: "
                     "record " +
                     std::to_string(firstBad) + "; " + std::to_string(mOut.points.size()) +
                     " points, " + std::to_string(mOut.bones.size()) + " bones)");
        }
    }

    void readNormals() {
        const Chunk *chunk = find({"VTXNORMS"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kNormalRecordSize, mFile);
        if (chunk->recordCount != mOut.points.size()) {
            warn(WarningKind::Inconsistent, *chunk,
                 std::to_string(chunk->recordCount) + " normals for " +
                     std::to_string(mOut.points.size()) + " points; chunk ignored");
            return;
        }
        readVec3Records(*chunk, stride, mOut.normals);
    }

    void readColors() {
        const Chunk *chunk = find({"VERTEXCOLOR", "VTXCOLOR"});
        if (chunk == nullptr) {
            return;
        }
        const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kColorRecordSize, mFile);
        if (chunk->recordCount != mOut.wedges.size()) {
            warn(WarningKind::Inconsistent, *chunk,
                 std::to_string(chunk->recordCount) + " colours for " +
                     std::to_string(mOut.wedges.size()) + " wedges; chunk ignored");
            return;
        }
        BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
        mOut.colors.resize(chunk->recordCount * 4);
        for (size_t i = 0; i < chunk->recordCount; ++i) {
            at(reader, stride, i).bytes(&mOut.colors[i * 4], 4);
        }
    }

    /** The <n> of "<prefix><n>", or -1 when the rest is not a decimal number. */
    static int64_t TrailingIndex(const std::string &id, size_t prefixLength) {
        if (id.size() <= prefixLength || id.size() - prefixLength > 9) {
            return -1;
        }
        int64_t value = 0;
        for (size_t k = prefixLength; k < id.size(); ++k) {
            if (id[k] < '0' || id[k] > '9') {
                return -1;
            }
            value = value * 10 + (id[k] - '0');
        }
        return value;
    }

    void readExtraUvs() {
        std::set<int64_t> seen;
        for (const Chunk *chunk : mChunks.findPrefix("EXTRAUV")) {
            // "EXTRAUVS<n>" from ActorX, UEViewer and CUE4Parse; "EXTRAUV<n>" from Blender.
            const size_t prefix = chunk->id.size() > 7 && chunk->id[7] == 'S' ? 8 : 7;
            const int64_t index = TrailingIndex(chunk->id, prefix);
            if (index < 0) {
                warn(WarningKind::Unknown, *chunk, "unrecognised extra UV chunk id; ignored");
                continue;
            }
            if (!seen.insert(index).second) {
                continue; // reported by noteDuplicateChunks
            }
            const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kUvRecordSize, mFile);
            if (chunk->recordCount != mOut.wedges.size()) {
                warn(WarningKind::Inconsistent, *chunk,
                     std::to_string(chunk->recordCount) + " UVs for " +
                         std::to_string(mOut.wedges.size()) + " wedges; chunk ignored");
                continue;
            }
            ExtraUvSet set;
            set.index = static_cast<uint32_t>(index);
            set.uv = recordsOf<float, 2>(*chunk, stride, [](const uint8_t *p, float *uv) {
                uv[0] = f32At(p);
                uv[1] = f32At(p + 4);
            });
            mOut.extraUvs.push_back(std::move(set));
        }
        std::sort(mOut.extraUvs.begin(), mOut.extraUvs.end(),
                  [](const ExtraUvSet &a, const ExtraUvSet &b) { return a.index < b.index; });
    }

    void readPointMorphs() {
        const Chunk *info = find({"MRPHINFO"});
        const Chunk *data = find({"MRPHDATA"});
        if (info == nullptr || info->recordCount == 0) {
            return;
        }
        if (data == nullptr) {
            warn(WarningKind::Inconsistent, *info,
                 "MRPHINFO without MRPHDATA; morph targets ignored");
            return;
        }
        const size_t infoStride =
            actorx::CheckRecordSize(*info, actorx::kMorphInfoRecordSize, mFile);
        const size_t dataStride =
            actorx::CheckRecordSize(*data, actorx::kMorphDataRecordSize, mFile);
        BinaryReader infoReader = actorx::ChunkReader(*info, mFile);
        BinaryReader dataReader = actorx::ChunkReader(*data, mFile);
        size_t next = 0;
        size_t badPoints = 0;
        for (size_t m = 0; m < info->recordCount; ++m) {
            PointMorph morph;
            morph.name = readName(at(infoReader, infoStride, m));
            const int32_t vertexCount = infoReader.i32();
            if (vertexCount < 0 || static_cast<size_t>(vertexCount) > data->recordCount - next) {
                warn(WarningKind::OutOfRange, *info,
                     "morph " + std::to_string(m) + " (" + morph.name + ") claims " +
                         std::to_string(vertexCount) + " vertices but MRPHDATA has " +
                         std::to_string(data->recordCount - next) +
                         " left; it and later morphs are ignored");
                break;
            }
            morph.deltas.reserve(static_cast<size_t>(vertexCount));
            for (int32_t k = 0; k < vertexCount; ++k, ++next) {
                PointMorphDelta delta;
                delta.positionDelta = ReadFloat3(at(dataReader, dataStride, next));
                delta.normalDelta = ReadFloat3(dataReader);
                const int32_t point = dataReader.i32();
                if (point < 0 || static_cast<size_t>(point) >= mOut.points.size()) {
                    ++badPoints;
                    continue;
                }
                delta.point = static_cast<uint32_t>(point);
                morph.deltas.push_back(delta);
            }
            mOut.pointMorphs.push_back(std::move(morph));
        }
        if (next != data->recordCount) {
            warn(WarningKind::Inconsistent, *data,
                 std::to_string(data->recordCount - next) +
                     " records not claimed by any MRPHINFO morph ignored");
        }
        if (badPoints != 0) {
            warn(WarningKind::OutOfRange, *data,
                 std::to_string(badPoints) + " morph vertices with a point index out of "
                                             "range dropped");
        }
    }

    void readWedgeMorphs() {
        std::vector<std::string> names;
        if (const Chunk *chunk = find({"MORPHNAMES"})) {
            const size_t stride = actorx::CheckRecordSize(*chunk, actorx::kNameFieldSize, mFile);
            BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
            names.resize(chunk->recordCount);
            for (size_t i = 0; i < chunk->recordCount; ++i) {
                names[i] = readName(at(reader, stride, i));
            }
        }
        std::set<int64_t> seen;
        size_t badWedges = 0;
        for (const Chunk *chunk : mChunks.findPrefix("MORPHTARGET")) {
            const int64_t index = TrailingIndex(chunk->id, 11);
            if (index < 0) {
                warn(WarningKind::Unknown, *chunk, "unrecognised morph target chunk id; ignored");
                continue;
            }
            if (!seen.insert(index).second) {
                continue; // reported by noteDuplicateChunks
            }
            const size_t stride =
                actorx::CheckRecordSize(*chunk, actorx::kMorphTargetRecordSize, mFile);
            BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
            WedgeMorph morph;
            morph.index = static_cast<uint32_t>(index);
            if (static_cast<size_t>(index) < names.size()) {
                morph.name = names[static_cast<size_t>(index)];
            }
            morph.vertices.reserve(chunk->recordCount);
            for (size_t i = 0; i < chunk->recordCount; ++i) {
                const int32_t wedge = at(reader, stride, i).i32();
                WedgeMorphVertex vertex;
                vertex.position = ReadFloat3(reader);
                if (wedge < 0 || static_cast<size_t>(wedge) >= mOut.wedges.size()) {
                    ++badWedges;
                    continue;
                }
                vertex.wedge = static_cast<uint32_t>(wedge);
                morph.vertices.push_back(vertex);
            }
            mOut.wedgeMorphs.push_back(std::move(morph));
        }
        if (badWedges != 0) {
            mWarnings.add(WarningKind::OutOfRange, mFile, "MORPHTARGET", 0,
                          std::to_string(badWedges) +
                              " morph vertices with a wedge index out of range dropped");
        }
        std::sort(mOut.wedgeMorphs.begin(), mOut.wedgeMorphs.end(),
                  [](const WedgeMorph &a, const WedgeMorph &b) { return a.index < b.index; });
    }

    void readSockets() {
        const Chunk *chunk = find({"SKELSOCK"});
        if (chunk == nullptr) {
            return;
        }
        // The walker already forces the on-disk size of 164 whatever the header says (1.2).
        const size_t stride = std::max(chunk->recordSize, actorx::kSocketRecordSize);
        BinaryReader reader = actorx::ChunkReader(*chunk, mFile);
        mOut.sockets.resize(chunk->recordCount);
        for (size_t i = 0; i < chunk->recordCount; ++i) {
            Socket &socket = mOut.sockets[i];
            socket.name = readName(at(reader, stride, i));
            socket.bone = readName(reader);
            socket.location = ReadFloat3(reader);
            socket.pitch = reader.f32();
            socket.yaw = reader.f32();
            socket.roll = reader.f32();
            socket.scale = ReadFloat3(reader);
        }
    }

    void readPhysics() {
        // No writer of these chunks is known (2.10): read them only at their exact sizes.
        for (const Chunk &chunk : mChunks.chunks) {
            const bool physics = chunk.id == "PHYSICS0";
            const bool shapes = chunk.id == "SHAPEELEMS";
            if (!physics && !shapes) {
                continue;
            }
            const size_t expected =
                physics ? actorx::kPhysicsRecordSize : actorx::kShapeElementRecordSize;
            if (chunk.recordSize != expected) {
                warn(WarningKind::Unknown, chunk,
                     "record size " + std::to_string(chunk.recordSize) + " is not the " +
                         std::to_string(expected) +
                         " bytes of the only known layout; chunk ignored");
                continue;
            }
            BinaryReader reader = actorx::ChunkReader(chunk, mFile);
            for (size_t i = 0; i < chunk.recordCount; ++i) {
                PhysicsShape shape;
                shape.chunk = chunk.id;
                shape.bone = readName(at(reader, expected, i));
                if (physics) {
                    shape.type = reader.u8();
                    shape.offset = ReadFloat3(reader);
                    const Vec3 angles = ReadFloat3(reader);
                    shape.rotation = Quat{angles.x, angles.y, angles.z, 0.0f};
                } else {
                    shape.type = reader.i32();
                    shape.offset = ReadFloat3(reader);
                    shape.rotationIsQuaternion = true;
                    shape.rotation = ReadFloat4(reader);
                }
                shape.scale = ReadFloat3(reader);
                mOut.physicsShapes.push_back(std::move(shape));
            }
        }
    }

    const uint8_t *mData;
    uint8_t *mWritable; ///< mData, for the records fixed up in place
    size_t mSize;
    std::string mFile;
    Warnings &mWarnings;
    unsigned mThreads;
    ChunkList mChunks;
    PskFile mOut;
};

} // namespace

PskFile ParsePsk(FileBytes bytes, const std::string &fileName, Warnings &warnings,
                 unsigned threads) {
    return Parser(std::move(bytes), fileName, warnings, threads).run();
}

} // namespace agf::psk
