/** @file MlodParser.cpp */
#include "MlodParser.h"

#include "Common/BinaryReader.h"
#include "Common/HugePages.h"
#include "OdolArrays.h"
#include "P3dLodReader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>

namespace agf::p3d {

namespace {

using namespace mlod;

constexpr size_t kPropertyFieldSize = 64;

bool StartsWithNoCase(const std::string &text, const char *prefix) {
    const size_t length = std::strlen(prefix);
    if (text.size() < length) {
        return false;
    }
    for (size_t i = 0; i < length; ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) {
            return false;
        }
    }
    return true;
}

float SelectionWeight(uint8_t byte) {
    // 1 means fully selected; other non-zero bytes are partial (spec 2.4, Arma 3 Object
    // Builder's rule).
    return byte == 1 ? 1.0f : static_cast<float>(256 - byte) / 255.0f;
}

Vec3 Sub(const Vec3 &a, const Vec3 &b) {
    return Vec3{a.x - b.x, a.y - b.y, a.z - b.z};
}
float Dot(const Vec3 &a, const Vec3 &b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
Vec3 Cross(const Vec3 &a, const Vec3 &b) {
    return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Vec3 Scaled(const Vec3 &a, float s) {
    return Vec3{a.x * s, a.y * s, a.z * s};
}
float Length(const Vec3 &a) {
    return std::sqrt(Dot(a, a));
}
Vec3 NormalizedOr(const Vec3 &a, const Vec3 &fallback) {
    const float length = Length(a);
    return length > 1e-12f && std::isfinite(length) ? Scaled(a, 1.0f / length) : fallback;
}

// The proxy transform from its triangle (spec 2.6, unverified editor rule): the corner with the
// right angle is the origin, the longer edge from it is Y (up), the shorter one Z (forward),
// X = Y x Z. The axes are made orthonormal so that a slightly skewed triangle still gives a
// rotation.
std::array<Vec3, 4> ProxyRowsFromTriangle(const Vec3 (&corner)[3]) {
    size_t origin = 0;
    float bestCosine = 2.0f;
    for (size_t i = 0; i < 3; ++i) {
        const Vec3 e1 = NormalizedOr(Sub(corner[(i + 1) % 3], corner[i]), Vec3{});
        const Vec3 e2 = NormalizedOr(Sub(corner[(i + 2) % 3], corner[i]), Vec3{});
        const float cosine = std::fabs(Dot(e1, e2));
        if (cosine < bestCosine) {
            bestCosine = cosine;
            origin = i;
        }
    }
    Vec3 a = Sub(corner[(origin + 1) % 3], corner[origin]);
    Vec3 b = Sub(corner[(origin + 2) % 3], corner[origin]);
    if (Length(a) < Length(b)) {
        std::swap(a, b);
    }
    const Vec3 up = NormalizedOr(a, Vec3{0, 1, 0});
    const Vec3 forward = NormalizedOr(Sub(b, Scaled(up, Dot(b, up))), Vec3{0, 0, 1});
    const Vec3 right = Cross(up, forward);
    return {right, up, forward, corner[origin]};
}

/** A LOD's (texture, rvmat) pairs in order of first use, looked up for every face. Keyed by
 *  views into the file's bytes, which outlive the faces' loop: a face's paths are compared
 *  where they lie, not copied into two strings per face. Most LODs name a handful of pairs,
 *  which are compared one by one (a map's walk and its three-way comparisons took about 190
 *  instructions a face on the MLOD benchmark); a LOD that names more gets a map. */
class MaterialsByName {
public:
    explicit MaterialsByName(std::vector<LodMaterial> &materials) : mMaterials(materials) {}

    uint32_t indexOf(std::string_view texture, std::string_view material) {
        if (mMap.empty()) {
            for (const Known &known : mFew) {
                if (known.texture == texture && known.material == material) {
                    return known.index;
                }
            }
        } else {
            const auto found = mMap.find({texture, material});
            if (found != mMap.end()) {
                return found->second;
            }
        }
        const auto index = static_cast<uint32_t>(mMaterials.size());
        mMaterials.push_back(LodMaterial{std::string(texture), std::string(material), -1});
        if (mMap.empty() && mFew.size() < kComparedOneByOne) {
            mFew.push_back({texture, material, index});
            return index;
        }
        for (const Known &known : mFew) {
            mMap.emplace(std::make_pair(known.texture, known.material), known.index);
        }
        mFew.clear();
        mMap.emplace(std::make_pair(texture, material), index);
        return index;
    }

private:
    static constexpr size_t kComparedOneByOne = 16;
    struct Known {
        std::string_view texture, material;
        uint32_t index;
    };
    std::vector<LodMaterial> &mMaterials;
    std::vector<Known> mFew;
    std::map<std::pair<std::string_view, std::string_view>, uint32_t> mMap;
};

enum class LodFlavour { P3dm, Sp3x };

class LodParser : LodReaderBase {
public:
    using LodReaderBase::LodReaderBase;

    Lod parse() {
        Lod lod = startLod();
        structure("header");
        char signature[4];
        mReader.bytes(signature, 4);
        if (std::memcmp(signature, "P3DM", 4) == 0) {
            mFlavour = LodFlavour::P3dm;
        } else if (std::memcmp(signature, "SP3X", 4) == 0) {
            mFlavour = LodFlavour::Sp3x;
        } else {
            mReader.failAt(mReader.offset() - 4, "unknown LOD signature '" +
                                                     std::string(signature, 4) +
                                                     "' (expected P3DM or SP3X)");
        }
        mReader.u32(); // header size (28), or a version word in SP3X
        mReader.u32(); // version
        const uint32_t pointCount = mReader.u32();
        const uint32_t normalCount = mReader.u32();
        const uint32_t faceCount = mReader.u32();
        mReader.u32(); // flags, unused

        structure("points");
        const size_t points = mReader.checkedCount(pointCount, kPointRecordSize, "point");
        ResizeLarge(lod.points, points);
        ResizeLarge(lod.pointFlags, points);
        // The records after one bounds check (checkedCount has made sure they are there).
        const uint8_t *pointRecords = mReader.view(points * kPointRecordSize);
        for (size_t i = 0; i < points; ++i) {
            const uint8_t *record = pointRecords + i * kPointRecordSize;
            lod.points[i] = LoadVec3(record);
            lod.pointFlags[i] = BinaryReader::LoadU32(record + 12);
        }
        structure("normals");
        const size_t normals = mReader.checkedCount(normalCount, kNormalRecordSize, "normal");
        ResizeLarge(lod.normals, normals);
        const uint8_t *normalRecords = mReader.view(normals * kNormalRecordSize);
        for (size_t i = 0; i < normals; ++i) {
            lod.normals[i] = LoadVec3(normalRecords + i * kNormalRecordSize);
        }
        structure("faces");
        const size_t faces = mReader.checkedCount(
            faceCount, mFlavour == LodFlavour::P3dm ? kMinP3dmFaceSize : kSp3xFaceSize, "face");
        parseFaces(lod, faces);

        structure("TAGG");
        char tagg[4];
        mReader.bytes(tagg, 4);
        if (std::memcmp(tagg, "TAGG", 4) != 0) {
            mReader.failAt(mReader.offset() - 4, "expected 'TAGG' after the faces");
        }
        parseTaggs(lod);
        structure("resolution");
        lod.resolution = mReader.f32();
        return lod;
    }

private:
    [[noreturn]] void failCorner(uint64_t faceOffset, size_t face, const char *what, uint32_t index,
                                 size_t available, const char *plural) {
        mReader.failAt(faceOffset, "face " + std::to_string(face) + " " + what + " index " +
                                       std::to_string(index) + " out of range (" +
                                       std::to_string(available) + " " + plural + ")");
    }

    void parseFaces(Lod &lod, size_t faceCount) {
        ReserveLarge(lod.faces, faceCount);
        ReserveLarge(lod.faceNormals, faceCount);
        MaterialsByName materialIndex(lod.materials);
        mFacesPosition = mReader.position();
        const size_t pointCount = lod.points.size();
        // A LOD without normals (some SP3X files) still names normal 0 in its faces: the
        // normals are computed after the faces (computeMissingNormals).
        const uint64_t normalLimit =
            lod.normals.empty() ? uint64_t{1} << 32 : uint64_t{lod.normals.size()};
        for (size_t f = 0; f < faceCount; ++f) {
            const uint64_t faceOffset = mReader.offset();
            std::string_view texture;
            if (mFlavour == LodFlavour::Sp3x) {
                texture = mReader.fixedStringView(32);
            }
            // The corner count, the four slots (point, normal, u, v) and the flags (in SP3X
            // after the texture) after one bounds check.
            const uint8_t *record = mReader.view(kP3dmFaceRecordSize);
            const uint32_t cornerCount = BinaryReader::LoadU32(record);
            if (cornerCount != 3 && cornerCount != 4) {
                mReader.failAt(faceOffset, "face " + std::to_string(f) + " has " +
                                               std::to_string(cornerCount) +
                                               " vertices (3 or 4 expected)");
            }
            Face face;
            face.count = static_cast<uint8_t>(cornerCount);
            std::array<uint32_t, 4> normals{};
            // Slots past the corner count hold stale data, which is not read.
            for (size_t slot = 0; slot < cornerCount; ++slot) {
                const uint8_t *fields = record + 4 + slot * kSlotSize;
                const uint32_t point = BinaryReader::LoadU32(fields);
                const uint32_t normal = BinaryReader::LoadU32(fields + 4);
                if (point >= pointCount) {
                    failCorner(faceOffset, f, "point", point, pointCount, "points");
                }
                if (normal >= normalLimit) {
                    failCorner(faceOffset, f, "normal", normal, lod.normals.size(), "normals");
                }
                face.vertices[slot] = point;
                normals[slot] = normal;
            }
            face.flags = BinaryReader::LoadU32(record + 4 + kSlotCount * kSlotSize);
            std::string_view material;
            if (mFlavour == LodFlavour::P3dm) {
                texture = ReadAsciizView(mReader);
                material = ReadAsciizView(mReader);
            }
            face.material = materialIndex.indexOf(texture, material);
            lod.faces.push_back(face);
            lod.faceNormals.push_back(normals);
        }
        computeMissingNormals(lod);
    }

    /** UV set 0 as the face records hold it (after each corner's point and normal), for a LOD
     *  whose #UVSet# 0 tagg, which replaces it, is missing or unusable: a second walk over the
     *  records, which the first one checked. Object Builder writes that tagg, so this walk
     *  runs for older files only, and a LOD that has the tagg keeps no copy of these UVs. */
    UvSet uvsOfFaces(const Lod &lod, size_t corners) const {
        BinaryReader records = mReader;
        records.seek(mFacesPosition);
        std::vector<std::array<float, 2>> uvs;
        ReserveLarge(uvs, corners);
        for (const Face &face : lod.faces) {
            if (mFlavour == LodFlavour::Sp3x) {
                records.skip(32);
            }
            const uint8_t *record = records.view(kP3dmFaceRecordSize);
            for (size_t slot = 0; slot < face.count; ++slot) {
                const uint8_t *fields = record + 4 + slot * kSlotSize;
                uvs.push_back(
                    {BinaryReader::LoadF32(fields + 8), BinaryReader::LoadF32(fields + 12)});
            }
            if (mFlavour == LodFlavour::P3dm) {
                ReadAsciizView(records);
                ReadAsciizView(records);
            }
        }
        return UvSet(std::move(uvs));
    }

    // One normal per face, in the file's convention (spec 2.8: engine space, pointing into the
    // mesh, which is the cross product of the file-order edges), so that the converter treats
    // computed and stored normals alike.
    void computeMissingNormals(Lod &lod) {
        if (!lod.normals.empty() || lod.faces.empty()) {
            return;
        }
        warn(WarningKind::Inconsistent,
             "the LOD stores no normals; flat normals computed from the faces");
        lod.normals.reserve(lod.faces.size());
        for (size_t f = 0; f < lod.faces.size(); ++f) {
            const Face &face = lod.faces[f];
            Vec3 sum;
            const Vec3 &origin = lod.points[face.vertices[0]];
            for (size_t k = 1; k + 1 < face.count; ++k) {
                const Vec3 edge = Cross(Sub(lod.points[face.vertices[k]], origin),
                                        Sub(lod.points[face.vertices[k + 1]], origin));
                sum = Vec3{sum.x + edge.x, sum.y + edge.y, sum.z + edge.z};
            }
            const uint32_t index = static_cast<uint32_t>(lod.normals.size());
            lod.normals.push_back(NormalizedOr(sum, Vec3{0, 1, 0}));
            for (size_t k = 0; k < face.count; ++k) {
                lod.faceNormals[f][k] = index;
            }
        }
    }

    void parseTaggs(Lod &lod) {
        const size_t points = lod.points.size();
        const size_t faces = lod.faces.size();
        size_t corners = 0;
        for (const Face &face : lod.faces) {
            corners += face.count;
        }
        std::map<uint32_t, UvSet> uvSetsById;
        for (size_t index = 0;; ++index) {
            structure("tagg " + std::to_string(index));
            std::string name;
            if (mFlavour == LodFlavour::P3dm) {
                mReader.u8(); // active
                name = ReadAsciiz(mReader);
            } else {
                name = mReader.fixedString(kSp3xTaggNameSize);
            }
            structure("tagg '" + name + "'");
            const uint32_t dataSize = mReader.u32();
            if (dataSize > mReader.remaining()) {
                mReader.fail("data size " + std::to_string(dataSize) + " but only " +
                             std::to_string(mReader.remaining()) + " bytes are left");
            }
            BinaryReader data = mReader.subReader(dataSize);
            if (name == "#EndOfFile#") {
                break;
            }
            if (name.empty() || name[0] != '#') {
                parseSelection(lod, name, data, points, faces);
            } else if (name == "#Mass#") {
                parseMass(lod, data);
            } else if (name == "#SharpEdges#") {
                parseSharpEdges(lod, data);
            } else if (name == "#Property#") {
                if (dataSize != 2 * kPropertyFieldSize) {
                    warn(WarningKind::Inconsistent,
                         "#Property# has " + std::to_string(dataSize) + " bytes, expected 128");
                    continue;
                }
                std::string key = data.fixedString(kPropertyFieldSize);
                std::string value = data.fixedString(kPropertyFieldSize);
                lod.properties.emplace_back(std::move(key), std::move(value));
            } else if (name == "#UVSet#") {
                if (dataSize != 4 + 8 * corners) {
                    warn(WarningKind::Inconsistent,
                         "#UVSet# has " + std::to_string(dataSize) + " bytes, expected " +
                             std::to_string(4 + 8 * corners) + "; skipped");
                    continue;
                }
                const uint32_t id = data.u32();
                if (uvSetsById.count(id) != 0) {
                    warn(WarningKind::Duplicate,
                         "#UVSet# " + std::to_string(id) + " appears twice; the last one is kept");
                }
                uvSetsById[id] = UvSet::InFileBytes(data.view(8 * corners), corners);
            } else if (name == "#Animation#") {
                parseFrame(lod, data, points);
            }
            // #Selected#, #Hidden#, #Lock#, #MaterialIndex# and unknown taggs are editor state.
        }
        // Set 0 is the face UVs unless a #UVSet# 0 replaces them; other sets follow by id, as
        // many as a mesh holds: each set kept costs the weld a UV per vertex, and a #UVSet# of
        // one triangle costs the file 41 bytes however many points the LOD has.
        lod.uvSets.push_back(uvSetsById.count(0) != 0 ? std::move(uvSetsById[0])
                                                      : uvsOfFaces(lod, corners));
        lod.uvSetIds.push_back(0);
        size_t leftOut = 0;
        for (auto &entry : uvSetsById) {
            if (entry.first == 0) {
                continue;
            }
            if (lod.uvSets.size() == kMaxUvSets) {
                ++leftOut;
                continue;
            }
            lod.uvSetIds.push_back(entry.first);
            lod.uvSets.push_back(std::move(entry.second));
        }
        if (leftOut != 0) {
            mWarnings.add(
                WarningKind::LimitReached,
                FilePlace{mReader.fileName(), prefix() + "#UVSet# taggs", lod.fileOffset, 0},
                std::to_string(kMaxUvSets + leftOut) + " UV sets; the " + std::to_string(leftOut) +
                    " of the highest ids are left out");
        }
        lod.uvSetTaggCount = static_cast<uint32_t>(uvSetsById.size());
    }

    void parseMass(Lod &lod, BinaryReader &data) {
        const size_t points = lod.points.size();
        if (data.size() != 4 * points) {
            warn(WarningKind::Inconsistent, "#Mass# has " + std::to_string(data.size()) +
                                                " bytes, expected " + std::to_string(4 * points) +
                                                "; skipped");
            return;
        }
        lod.mass.resize(points);
        for (float &mass : lod.mass) {
            mass = data.f32();
        }
    }

    void parseSharpEdges(Lod &lod, BinaryReader &data) {
        const size_t points = lod.points.size();
        if (data.size() % 8 != 0) {
            warn(WarningKind::Inconsistent, "#SharpEdges# size " + std::to_string(data.size()) +
                                                " is not a multiple of 8; skipped");
            return;
        }
        size_t dropped = 0;
        for (size_t k = 0; k < data.size() / 8; ++k) {
            const uint32_t a = data.u32();
            const uint32_t b = data.u32();
            if (a == b) {
                continue;
            }
            if (a >= points || b >= points) {
                ++dropped;
                continue;
            }
            lod.sharpEdges.emplace_back(a, b);
        }
        if (dropped != 0) {
            warn(WarningKind::OutOfRange,
                 std::to_string(dropped) + " sharp edges reference missing points");
        }
    }

    void parseSelection(Lod &lod, const std::string &name, BinaryReader &data, size_t points,
                        size_t faces) {
        if (data.size() != points + faces) {
            warn(WarningKind::Inconsistent, "selection has " + std::to_string(data.size()) +
                                                " bytes, expected " +
                                                std::to_string(points + faces) + "; skipped");
            return;
        }
        Selection selection;
        selection.name = name;
        const uint8_t *bytes = data.view(points + faces);
        for (size_t p = 0; p < points; ++p) {
            if (bytes[p] != 0) {
                selection.points.push_back(static_cast<uint32_t>(p));
                selection.weights.push_back(SelectionWeight(bytes[p]));
            }
        }
        for (size_t f = 0; f < faces; ++f) {
            if (bytes[points + f] != 0) {
                selection.faces.push_back(static_cast<uint32_t>(f));
            }
        }
        std::string proxyPath;
        int32_t instance = 0;
        if (SplitProxyName(name, proxyPath, instance)) {
            addProxy(lod, selection, proxyPath, instance);
        }
        lod.selections.push_back(std::move(selection));
    }

    void addProxy(Lod &lod, const Selection &selection, const std::string &path, int32_t instance) {
        Vec3 corner[3];
        bool found = false;
        for (uint32_t f : selection.faces) {
            const Face &face = lod.faces[f];
            if (face.count == 3) {
                for (int k = 0; k < 3; ++k) {
                    corner[k] = lod.points[face.vertices[k]];
                }
                found = true;
                break;
            }
        }
        if (!found && selection.points.size() == 3) {
            for (int k = 0; k < 3; ++k) {
                corner[k] = lod.points[selection.points[k]];
            }
            found = true;
        }
        if (!found) {
            warn(WarningKind::Empty,
                 "proxy selection '" + selection.name + "' has no triangle; placed at the origin");
        }
        Proxy proxy;
        proxy.path = path;
        proxy.instance = instance;
        proxy.rows = found
                         ? ProxyRowsFromTriangle(corner)
                         : std::array<Vec3, 4>{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}, Vec3{}};
        proxy.selectionIndex = static_cast<int32_t>(lod.selections.size());
        lod.proxies.push_back(std::move(proxy));
    }

    void parseFrame(Lod &lod, BinaryReader &data, size_t points) {
        const size_t plain = 4 + 12 * points;
        if (mFlavour == LodFlavour::Sp3x && data.size() == plain + 4) {
            // SP3X frames carry an extra u32 (bone count); its position before the time is
            // unverified, so it is recognised by size only.
            data.u32();
        } else if (data.size() != plain) {
            warn(WarningKind::Inconsistent, "#Animation# has " + std::to_string(data.size()) +
                                                " bytes, expected " + std::to_string(plain) +
                                                "; skipped");
            return;
        }
        Frame frame;
        frame.time = data.f32();
        frame.positions.resize(points);
        for (Vec3 &position : frame.positions) {
            position = ReadVec3(data);
        }
        lod.frames.push_back(std::move(frame));
    }

    LodFlavour mFlavour = LodFlavour::P3dm;
    size_t mFacesPosition = 0; ///< the reader's position at the first face record
};

} // namespace

UvSet UvSet::InFileBytes(const uint8_t *bytes, size_t count) {
    UvSet set;
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        set.mBorrowed = bytes;
        set.mBorrowedCount = count;
    } else {
        set.mOwned.resize(count);
        for (size_t i = 0; i < count; ++i) {
            set.mOwned[i] = {BinaryReader::LoadF32(bytes + 8 * i),
                             BinaryReader::LoadF32(bytes + 8 * i + 4)};
        }
    }
    return set;
}

bool SplitProxyName(const std::string &name, std::string &path, int32_t &instance) {
    if (!StartsWithNoCase(name, "proxy:")) {
        return false;
    }
    std::string rest = name.substr(6);
    instance = 0;
    const size_t dot = rest.find_last_of('.');
    if (dot != std::string::npos && dot + 1 < rest.size() &&
        std::all_of(rest.begin() + static_cast<std::ptrdiff_t>(dot) + 1, rest.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }) &&
        rest.size() - dot - 1 <= 9) {
        instance = std::stoi(rest.substr(dot + 1));
        rest.resize(dot);
    }
    path = rest;
    return true;
}

Lod ParseMlodLod(BinaryReader &reader, Warnings &warnings, size_t lodIndex) {
    LodParser parser(reader, warnings, lodIndex);
    return parser.parse();
}

} // namespace agf::p3d
