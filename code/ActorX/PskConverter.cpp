/** @file PskConverter.cpp
 *  Builds the Assimp scene of a PSK. All coordinate conversion happens here:
 *  - the data of every known writer is already right-handed Z-up (the writers mirror Y), but the
 *    triangles are stored clockwise, so each face (w0, w1, w2) is emitted as (w0, w2, w1);
 *  - V is flipped to Assimp's bottom-left origin on every UV set;
 *  - bone 0 keeps its stored rotation, every other bone's rotation is conjugated (3.2);
 *  - MRPHDATA deltas and SKELSOCK transforms are raw UE space and get the writers' Y mirror;
 *  - the up-axis change and the scale option go on the root node only.
 */
#include "PskConverter.h"

#include "ActorXUnits.h"
#include "Common/Coordinates.h"
#include "Common/FileLoading.h"
#include "Common/HugePages.h"
#include "Common/ImportError.h"
#include "Common/MeshesByMaterial.h"
#include "Common/Parallel.h"
#include "Common/SceneBuilder.h"
#include "Common/StringHelpers.h"
#include "UnrealRotator.h"

#include <assimp_gameformats/GameFormats.h>

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <future>
#include <map>
#include <optional>
#include <unordered_map>

namespace agf::psk {

namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;
/** Channel 0 is the VTXW UV; Assimp has room for this many extra sets. */
constexpr size_t kMaxExtraUvSets = AI_MAX_NUMBER_OF_TEXTURECOORDS - 1;
/** Weights of a point may sum to 1 within this before a file counts as unnormalised (2.8). */
constexpr float kWeightSumTolerance = 1e-3f;
/** Loops over fewer faces, weights or vertices than this stay on the calling thread: starting
 *  a thread costs about as much as this much of the work. */
constexpr size_t kMinimumThreadPart = 32768;

aiVector3D ToVector(const Vec3 &v) {
    return aiVector3D(v.x, v.y, v.z);
}

aiVector3D NormalizedOr(const aiVector3D &v, const aiVector3D &fallback) {
    const float length = v.Length();
    return length > 1e-20f && std::isfinite(length) ? v / length : fallback;
}

/** `sum` normalised; when it has no direction (opposite faces cancelled), the face's own normal,
 *  and failing that +Z. The fallback is worked out only when needed: this runs per corner. */
aiVector3D NormalizedOrFaceNormal(const aiVector3D &sum, const aiVector3D &faceNormal) {
    const float length = sum.Length();
    if (length > 1e-20f && std::isfinite(length)) {
        return sum / length;
    }
    return NormalizedOr(faceNormal, aiVector3D(0, 0, 1));
}

/** Index of the bone called `name` (exact match first, then ignoring case), or -1. */
int64_t FindBone(const std::vector<Bone> &bones, const std::string &name) {
    return FindByName(bones, name,
                      [](const Bone &bone) -> const std::string & { return bone.name; });
}

const char *PhysicsTypeName(const PhysicsShape &shape) {
    // The only known enumeration is the one of Ada's reader (specs 2.10).
    if (shape.chunk == "PHYSICS0") {
        switch (shape.type) {
        case 0:
            return "box";
        case 1:
            return "sphere";
        case 2:
            return "cylinder";
        case 3:
            return "convex";
        case 4:
            return "cone";
        default:
            return "unknown";
        }
    }
    return "unknown";
}

class Converter {
public:
    Converter(PskFile &file, const std::string &fileName, const PskConvertOptions &options,
              Warnings &warnings)
        : mFile(file), mFileName(fileName), mOptions(options), mWarnings(warnings),
          mFaceCount(file.faces.size()), mPointCount(file.points.size()),
          mWedgeCount(file.wedges.size()) {}

    void run(aiScene *scene) {
        makeNames();
        // The skin's influences read only the weights and the vertex split only the faces,
        // wedges and points, and each writes its own members: they run side by side. The
        // influences are needed only when there are triangles to bind them to.
        const bool skinned = !mFile.faces.empty() && !mFile.weights.empty();
        const bool sideBySide =
            mOptions.threads > 1 && skinned &&
            std::min(mFile.faces.size(), mFile.weights.size()) >= kMinimumThreadPart;
        // The faces' grouping by material (a pass over the faces and the first touch of the
        // triangle store, a tenth of a large import) goes to the shorter side: the skin's when
        // the normals are worked out from smoothing groups, the vertices' when the file has
        // them (VTXNORMS). The vertex side waits for it only where it starts filing triangles.
        const bool groupOnSkinSide = sideBySide && mFile.normals.empty();
        std::promise<void> grouping;
        mFacesGrouped = grouping.get_future().share();
        const auto group = [&] {
            try {
                groupFacesByMaterial();
                grouping.set_value();
            } catch (...) {
                grouping.set_exception(std::current_exception()); // the vertex side rethrows it
                throw;
            }
        };
        RunBoth(
            sideBySide ? 2 : 1,
            [&] {
                if (!groupOnSkinSide) {
                    group();
                }
                buildVertices();
                mFile.faces.release(); // mTriangles holds what is needed from here on
                mFile.normals.release();
            },
            [&] {
                if (groupOnSkinSide) {
                    group();
                }
                if (skinned) {
                    buildInfluences();
                }
                mFile.weights.release();
            });
        buildMaterials();

        auto root = std::make_unique<aiNode>(mRootName);
        aiNode *meshNode = new aiNode(mMeshNodeName);
        AddChildren(root.get(), {meshNode});
        std::vector<aiNode *> boneNodes = buildSkeleton(root.get());
        buildMeshes(meshNode);
        if (!mOptions.skipSockets) {
            buildSockets(root.get(), boneNodes);
        }
        attachPhysics(root.get(), boneNodes);

        writeMetadata(scene);
        if (mOptions.yUp) {
            ApplyZUpToYUpOnRoot(root.get());
        }
        if (mOptions.scale != 1.0f) {
            ApplyScaleOnRoot(root.get(), mOptions.scale);
        }
        scene->mRootNode = root.release();
        mParts.moveInto(scene);
    }

private:
    void warn(const std::string &structure, const std::string &text) {
        mWarnings.add(FileNameOf(mFileName), structure, 0, text);
    }

    // Bones keep their names (PSA tracks bind to them); sockets, the mesh node and the root give
    // way when they clash.
    void makeNames() {
        std::vector<std::string> names;
        for (size_t i = 0; i < mFile.bones.size(); ++i) {
            const std::string &name = mFile.bones[i].name;
            names.push_back(name.empty() ? "Bone_" + std::to_string(i) : name);
        }
        const size_t boneCount = names.size();
        const size_t changedBones = MakeNamesUnique(names);
        if (changedBones != 0) {
            warn("REFSKELT", std::to_string(changedBones) +
                                 " repeated bone names were made unique with a numeric suffix");
        }
        if (!mOptions.skipSockets) {
            for (size_t i = 0; i < mFile.sockets.size(); ++i) {
                const std::string &name = mFile.sockets[i].name;
                names.push_back(name.empty() ? "Socket_" + std::to_string(i) : name);
            }
        }
        std::string base = BaseNameOf(mFileName);
        if (base.empty()) {
            base = "PSK";
        }
        names.push_back(base + "_Mesh");
        names.push_back(base);
        MakeNamesUnique(names);
        mBoneNames.assign(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(boneCount));
        mSocketNames.assign(names.begin() + static_cast<std::ptrdiff_t>(boneCount),
                            names.end() - 2);
        mMeshNodeName = names[names.size() - 2];
        mRootName = names.back();
    }

    /** Output vertices are wedges, split further where a wedge needs two normals (faces of
     *  different smoothing groups sharing it). */
    void buildVertices() {
        const size_t wedgeCount = mFile.wedges.size();
        if (!mFile.normals.empty() || mFile.faces.empty()) {
            ResizeLarge(mVertexWedge, wedgeCount);
            for (size_t w = 0; w < wedgeCount; ++w) {
                mVertexWedge[w] = static_cast<uint32_t>(w);
            }
            if (!mFile.normals.empty()) {
                ResizeLarge(mVertexNormal, wedgeCount);
                for (size_t w = 0; w < wedgeCount; ++w) {
                    mVertexNormal[w] = NormalizedOr(ToVector(mFile.normals[mFile.wedges[w].point]),
                                                    aiVector3D(0, 0, 1));
                }
            }
            awaitFaceGroups();
            for (const Face &face : mFile.faces) {
                addTriangle(face, face.wedges[0], face.wedges[2], face.wedges[1]);
            }
        } else {
            buildSmoothedVertices();
        }
        mTriangleFiller.reset();
    }

    /** Makes room for each face's triangle in its material's group of mTriangles, in face
     *  order (the order in which its mesh lists them); a face naming a material beyond MATT0000
     *  goes to one more group, the default material's. Grouping now, while the faces are at
     *  hand, saves the converter a Triangle list and the builder its lists per material (40 MB
     *  at 2 million faces, 16 MB more than the groups). */
    void groupFacesByMaterial() {
        const size_t count = mFile.materials.size();
        std::vector<size_t> facesPerGroup(count + 1, 0);
        for (const Face &face : mFile.faces) {
            ++facesPerGroup[std::min<size_t>(face.material, count)];
        }
        mClampedFaces = facesPerGroup[count];
        mTriangleFiller.emplace(facesPerGroup, mTriangles);
    }

    /** Returns once groupFacesByMaterial has made room for the triangles (it runs beside
     *  buildVertices); rethrows what stopped it. */
    void awaitFaceGroups() const { mFacesGrouped.get(); }

    void addTriangle(const Face &face, uint32_t a, uint32_t b, uint32_t c) {
        mTriangleFiller->add(std::min<size_t>(face.material, mFile.materials.size()), a, b, c);
    }

    // Normals from smoothing groups (2.5): a corner's normal sums the (area-weighted) normals of
    // the faces around its point that share a smoothing bit with its face; mask 0 is flat.
    void buildSmoothedVertices() {
        const SingleMaskPoints single = sumSingleMaskPoints();
        CornerNormals several;
        if (single.severalMaskPoints != 0) {
            several = computeCornerNormals(cornersAroundPoints(single));
        }
        splitWedgesByNormal(single, several);
    }

    /** A face's (area-weighted) normal from its corner points, in Assimp's winding. Worked out
     *  where it is used rather than kept per face: an array of them was 24 MB of fresh memory
     *  at 2 million faces, and its page faults cost more than computing a normal twice. */
    aiVector3D faceNormalOf(const uint32_t (&points)[3]) const {
        const aiVector3D a = ToVector(mFile.points[points[0]]);
        const aiVector3D b = ToVector(mFile.points[points[2]]);
        const aiVector3D c = ToVector(mFile.points[points[1]]);
        return (b - a) ^ (c - a);
    }

    aiVector3D faceNormalOf(const Face &face) const {
        const uint32_t points[3] = {mFile.wedges[face.wedges[0]].point,
                                    mFile.wedges[face.wedges[1]].point,
                                    mFile.wedges[face.wedges[2]].point};
        return faceNormalOf(points);
    }

    /** The unit normal of a face that takes its own (a flat face, or one whose smoothed sum
     *  cancelled out). */
    aiVector3D ownNormal(const Face &face) const {
        const aiVector3D faceNormal = faceNormalOf(face);
        return NormalizedOrFaceNormal(faceNormal, faceNormal);
    }

    enum class PointMasks : uint8_t {
        None,     ///< no face with a smoothing mask on the point
        One,      ///< one mask; SingleMaskPoints::normal holds the normal
        OneNoSum, ///< one mask, whose normals cancel: each face takes its own
        Several,  ///< several masks: CornerNormals holds the point's corners
    };

    /** The common case, a point whose faces all have the same smoothing mask (or none), worked
     *  out without the lists of corners around each point: one pass over the faces sums each
     *  such point's face normals in face order, the order in which the general path
     *  (computeCornerNormals) sums them, so both give the same floats. At a million points this
     *  saves those lists (28 MB) and two passes over the faces. */
    struct SingleMaskPoints {
        std::vector<PointMasks> kind;
        std::vector<uint32_t> mask;
        std::vector<aiVector3D> normal; ///< the sum while summing, then the unit normal
        size_t severalMaskPoints = 0;
        size_t flatFaces = 0;   ///< faces with mask 0
        size_t noSumPoints = 0; ///< points of kind OneNoSum

        /** Every corner's normal is its point's: the common smoothed mesh, whose split makes
         *  one vertex per used wedge. */
        bool normalPerPoint() const {
            return severalMaskPoints == 0 && flatFaces == 0 && noSumPoints == 0;
        }
    };

    SingleMaskPoints sumSingleMaskPoints() const {
        const size_t pointCount = mFile.points.size();
        SingleMaskPoints result;
        ResizeLarge(result.kind, pointCount, PointMasks::None);
        ResizeLarge(result.mask, pointCount);
        ResizeLarge(result.normal, pointCount);
        for (size_t f = 0; f < mFile.faces.size(); ++f) {
            const Face &face = mFile.faces[f];
            const uint32_t mask = face.smoothingGroups;
            if (mask == 0) {
                ++result.flatFaces;
                continue;
            }
            const uint32_t points[3] = {mFile.wedges[face.wedges[0]].point,
                                        mFile.wedges[face.wedges[1]].point,
                                        mFile.wedges[face.wedges[2]].point};
            const aiVector3D faceNormal = faceNormalOf(points);
            for (int corner = 0; corner < 3; ++corner) {
                const uint32_t p = points[corner];
                // A degenerate face with two corners on the point counts once.
                if ((corner > 0 && p == points[0]) || (corner > 1 && p == points[1])) {
                    continue;
                }
                switch (result.kind[p]) {
                case PointMasks::None:
                    result.kind[p] = PointMasks::One;
                    result.mask[p] = mask;
                    result.normal[p] = faceNormal;
                    break;
                case PointMasks::One:
                    if (result.mask[p] == mask) {
                        result.normal[p] += faceNormal;
                    } else {
                        result.kind[p] = PointMasks::Several;
                        ++result.severalMaskPoints;
                    }
                    break;
                default:
                    break;
                }
            }
        }
        for (size_t p = 0; p < pointCount; ++p) {
            if (result.kind[p] != PointMasks::One) {
                continue;
            }
            // Added to a zero vector like the general path's sum over masks (which turns a
            // -0 component into +0), so that both give the same bits.
            aiVector3D sum;
            sum += result.normal[p];
            const float length = sum.Length();
            if (length > 1e-20f && std::isfinite(length)) {
                result.normal[p] = sum / length;
            } else {
                result.kind[p] = PointMasks::OneNoSum;
                ++result.noSumPoints;
            }
        }
        return result;
    }

    /** The face corners on each point in compressed-row form: point p's corners are
     *  corners[start[p]] to corners[start[p + 1] - 1], each as face * 3 + corner, in face order.
     *  Corners rather than faces, so that a corner's point need not be looked up again. */
    struct PointCorners {
        std::vector<uint32_t> start;
        std::vector<uint32_t> corners;
    };

    /** Only the points with several masks get their corners listed: the others are solved by
     *  sumSingleMaskPoints. */
    PointCorners cornersAroundPoints(const SingleMaskPoints &single) const {
        const size_t pointCount = mFile.points.size();
        PointCorners adjacency;
        ResizeLarge(adjacency.start, pointCount + 1, 0);
        for (const Face &face : mFile.faces) {
            for (int corner = 0; corner < 3; ++corner) {
                const uint32_t point = mFile.wedges[face.wedges[corner]].point;
                if (single.kind[point] == PointMasks::Several) {
                    ++adjacency.start[point + 1];
                }
            }
        }
        for (size_t p = 0; p < pointCount; ++p) {
            adjacency.start[p + 1] += adjacency.start[p];
        }
        std::vector<uint32_t> fill(adjacency.start.begin(), adjacency.start.end() - 1);
        ResizeLarge(adjacency.corners, adjacency.start.back());
        for (size_t f = 0; f < mFile.faces.size(); ++f) {
            for (uint32_t corner = 0; corner < 3; ++corner) {
                const uint32_t point = mFile.wedges[mFile.faces[f].wedges[corner]].point;
                if (single.kind[point] == PointMasks::Several) {
                    adjacency.corners[fill[point]++] = static_cast<uint32_t>(f * 3 + corner);
                }
            }
        }
        return adjacency;
    }

    /** The normal of every face corner as an index into `normals`. Corners on one point whose
     *  faces have the same smoothing mask share one entry, so the table holds about one normal
     *  per point and mask instead of one per corner (72 MB at 2 million faces). */
    struct CornerNormals {
        std::vector<aiVector3D> normals;
        std::vector<uint32_t> ofCorner; ///< face * 3 + corner -> index into normals
    };

    /** The summed face normal of a distinct smoothing mask among a point's faces, and the
     *  entry of CornerNormals::normals its faces get (kNone: none yet, or no direction). */
    struct MaskSum {
        uint32_t mask = 0;
        aiVector3D sum;
        uint32_t normal = kNone;
    };

    CornerNormals computeCornerNormals(const PointCorners &adjacency) const {
        CornerNormals result;
        ResizeLarge(result.ofCorner, mFile.faces.size() * 3);
        ReserveLarge(result.normals, mFile.points.size());
        std::vector<MaskSum> maskSums;
        std::vector<uint32_t> maskOfCorner; // index into maskSums; kNone for mask 0
        for (size_t p = 0; p + 1 < adjacency.start.size(); ++p) {
            const uint32_t *first = adjacency.corners.data() + adjacency.start[p];
            const uint32_t *last = adjacency.corners.data() + adjacency.start[p + 1];
            sumNormalsByMask(first, last, maskSums, maskOfCorner);
            for (const uint32_t *corner = first; corner != last; ++corner) {
                const uint32_t f = *corner / 3;
                const uint32_t slot = maskOfCorner[static_cast<size_t>(corner - first)];
                if (slot == kNone) {
                    result.ofCorner[*corner] = addNormal(result, ownNormal(mFile.faces[f]));
                    continue;
                }
                MaskSum &entry = maskSums[slot];
                if (entry.normal == kNone) {
                    // Summed once per point and mask, in the order the masks were met, which is
                    // the order of the sum per corner it replaces: the same float result.
                    aiVector3D sum;
                    for (const MaskSum &other : maskSums) {
                        if ((other.mask & entry.mask) != 0) {
                            sum += other.sum;
                        }
                    }
                    const float length = sum.Length();
                    if (!(length > 1e-20f && std::isfinite(length))) {
                        // No direction (opposite faces cancelled): each face falls back to its
                        // own normal.
                        result.ofCorner[*corner] =
                            addNormal(result, NormalizedOr(faceNormalOf(mFile.faces[f]),
                                                           aiVector3D(0, 0, 1)));
                        continue;
                    }
                    entry.normal = addNormal(result, sum / length);
                }
                result.ofCorner[*corner] = entry.normal;
            }
        }
        return result;
    }

    static uint32_t addNormal(CornerNormals &normals, const aiVector3D &normal) {
        normals.normals.push_back(normal);
        return static_cast<uint32_t>(normals.normals.size() - 1);
    }

    /** The summed face normal of each distinct smoothing mask among the corners [first, last),
     *  and for each corner the index of its mask's entry (kNone for mask 0). */
    void sumNormalsByMask(const uint32_t *first, const uint32_t *last,
                          std::vector<MaskSum> &maskSums,
                          std::vector<uint32_t> &maskOfCorner) const {
        maskSums.clear();
        maskOfCorner.clear();
        uint32_t previousFace = kNone;
        for (const uint32_t *corner = first; corner != last; ++corner) {
            const uint32_t f = *corner / 3;
            const uint32_t mask = mFile.faces[f].smoothingGroups;
            if (mask == 0) {
                maskOfCorner.push_back(kNone);
                continue;
            }
            auto it = std::find_if(maskSums.begin(), maskSums.end(),
                                   [mask](const MaskSum &entry) { return entry.mask == mask; });
            // A degenerate face with two corners on the point counts once.
            const bool repeat = f == previousFace;
            previousFace = f;
            if (it == maskSums.end()) {
                maskSums.push_back(MaskSum{mask, faceNormalOf(mFile.faces[f]), kNone});
                it = maskSums.end() - 1;
            } else if (!repeat) {
                it->sum += faceNormalOf(mFile.faces[f]);
            }
            maskOfCorner.push_back(static_cast<uint32_t>(it - maskSums.begin()));
        }
    }

    /** One vertex per (wedge, distinct corner normal), and the triangles over them. */
    void splitWedgesByNormal(const SingleMaskPoints &single, const CornerNormals &several) {
        awaitFaceGroups();
        // The vertices made for each wedge (one per distinct normal) as linked lists through
        // flat arrays: a list per wedge would cost an allocation per wedge.
        std::vector<uint32_t> firstVertexOfWedge;
        ResizeLarge(firstVertexOfWedge, mFile.wedges.size(), kNone);
        ReserveLarge(mVertexWedge, mFile.wedges.size());
        ReserveLarge(mVertexNormal, mFile.wedges.size());
        if (single.normalPerPoint()) {
            oneVertexPerWedge(single, firstVertexOfWedge);
            return;
        }
        std::vector<uint32_t> nextVertexOfWedge;
        ReserveLarge(nextVertexOfWedge, mFile.wedges.size());
        for (size_t f = 0; f < mFile.faces.size(); ++f) {
            const Face &face = mFile.faces[f];
            const bool smooth = face.smoothingGroups != 0;
            // A flat face (mask 0) has its own normal at every corner.
            const aiVector3D flat = smooth ? aiVector3D() : ownNormal(face);
            uint32_t corners[3];
            for (int corner = 0; corner < 3; ++corner) {
                const uint32_t wedge = face.wedges[corner];
                const uint32_t point = mFile.wedges[wedge].point;
                aiVector3D normal = flat;
                if (smooth) {
                    switch (single.kind[point]) {
                    case PointMasks::One:
                        normal = single.normal[point];
                        break;
                    case PointMasks::Several:
                        normal = several.normals[several.ofCorner[f * 3 + size_t(corner)]];
                        break;
                    default: // OneNoSum: the face's own normal
                        normal = ownNormal(face);
                        break;
                    }
                }
                uint32_t previous = kNone;
                uint32_t vertex = firstVertexOfWedge[wedge];
                while (vertex != kNone && !(mVertexNormal[vertex] == normal)) {
                    previous = vertex;
                    vertex = nextVertexOfWedge[vertex];
                }
                if (vertex == kNone) {
                    // Appended at the list's end, so that lookups keep first-made order.
                    vertex = static_cast<uint32_t>(mVertexWedge.size());
                    mVertexWedge.push_back(wedge);
                    mVertexNormal.push_back(normal);
                    nextVertexOfWedge.push_back(kNone);
                    (previous == kNone ? firstVertexOfWedge[wedge] : nextVertexOfWedge[previous]) =
                        vertex;
                }
                corners[corner] = vertex;
            }
            addTriangle(face, corners[0], corners[2], corners[1]);
        }
    }

    /** The split when every corner's normal is its point's (SingleMaskPoints::normalPerPoint):
     *  a wedge's corners then all have the same normal, so each used wedge becomes one vertex,
     *  numbered at its first corner as the general loop numbers it, with no normal compared. */
    void oneVertexPerWedge(const SingleMaskPoints &single, std::vector<uint32_t> &vertexOfWedge) {
        for (const Face &face : mFile.faces) {
            uint32_t corners[3];
            for (int corner = 0; corner < 3; ++corner) {
                const uint32_t wedge = face.wedges[corner];
                uint32_t &vertex = vertexOfWedge[wedge];
                if (vertex == kNone) {
                    vertex = static_cast<uint32_t>(mVertexWedge.size());
                    mVertexWedge.push_back(wedge);
                    mVertexNormal.push_back(single.normal[mFile.wedges[wedge].point]);
                }
                corners[corner] = vertex;
            }
            addTriangle(face, corners[0], corners[2], corners[1]);
        }
    }

    void buildMaterials() {
        for (size_t i = 0; i < mFile.materials.size(); ++i) {
            const Material &source = mFile.materials[i];
            auto material =
                MakeMaterial(source.name.empty() ? "material_" + std::to_string(i) : source.name);
            // MTT_* type bits (2.5): 1 is two-sided.
            if ((source.polyFlags & 0x0Fu) == 1) {
                const int twoSided = 1;
                material->AddProperty(&twoSided, 1, AI_MATKEY_TWOSIDED);
            }
            mParts.addMaterial(std::move(material));
        }
        const unsigned count = static_cast<unsigned>(mFile.materials.size());
        const size_t clamped = mClampedFaces;
        if (clamped == 0) {
            mTriangles.start.pop_back(); // no default material, so no group for it
        } else {
            if (count != 0) {
                warn("FACE", std::to_string(clamped) + " faces use a material index beyond the " +
                                 std::to_string(count) +
                                 " MATT0000 materials; they get a default material");
            }
            mParts.addMaterial(MakeMaterial("DefaultMaterial"));
        }
    }

    std::vector<aiNode *> buildSkeleton(aiNode *root) {
        const size_t count = mFile.bones.size();
        std::vector<NodeSource> sources(count);
        for (size_t i = 0; i < count; ++i) {
            const Bone &bone = mFile.bones[i];
            const aiQuaternion stored = NormalizedOrIdentity(QuaternionXYZW(
                bone.orientation.x, bone.orientation.y, bone.orientation.z, bone.orientation.w));
            sources[i].name = mBoneNames[i];
            sources[i].parent = i == 0 ? -1 : bone.parent;
            sources[i].local =
                ComposeTransform(ToVector(bone.position), i == 0 ? stored : Conjugate(stored));
        }
        SourceContext context{mFileName, "REFSKELT", 0};
        std::vector<aiNode *> nodes = BuildNodeHierarchy(sources, root, context, mWarnings);
        mSkinBones.resize(count);
        for (size_t i = 0; i < count; ++i) {
            mSkinBones[i].name = mBoneNames[i];
            // The mesh node has an identity transform under the root, so the root's space is
            // mesh space.
            mSkinBones[i].offsetMatrix = AffineInverse(TransformRelativeTo(nodes[i], root));
        }
        return nodes;
    }

    /** Groups the RAWWEIGHTS by point into mInfluenceStart / mInfluences (compressed rows, no
     *  list per point: a million points would mean a million allocations), merging repeated
     *  (point, bone) pairs and normalising each point's weights. Runs beside buildVertices:
     *  it reads only the weights and the point and bone counts, and writes only its members. */
    void buildInfluences() {
        if (mFile.weights.empty() || mFile.bones.empty()) {
            return;
        }
        const size_t pointCount = mFile.points.size();
        std::vector<uint32_t> &start = mInfluenceStart;
        ResizeLarge(start, pointCount + 1, 0);
        for (const RawWeight &weight : mFile.weights) {
            ++start[weight.point + 1];
        }
        for (size_t p = 0; p < pointCount; ++p) {
            start[p + 1] += start[p];
        }
        std::vector<uint32_t> end;
        ReserveLarge(end, pointCount);
        end.assign(start.begin(), start.end() - 1);
        std::vector<BoneInfluence> &byPoint = mInfluences;
        ResizeLarge(byPoint, mFile.weights.size());
        for (const RawWeight &weight : mFile.weights) {
            const uint32_t first = start[weight.point];
            uint32_t &last = end[weight.point];
            uint32_t k = first;
            while (k < last && byPoint[k].bone != weight.bone) {
                ++k;
            }
            if (k == last) {
                byPoint[last++] = BoneInfluence{weight.bone, weight.weight};
            } else {
                byPoint[k].weight += weight.weight;
            }
        }
        size_t unnormalised = 0;
        for (size_t p = 0; p < pointCount; ++p) {
            double sum = 0;
            for (uint32_t k = start[p]; k < end[p]; ++k) {
                sum += byPoint[k].weight;
            }
            if (start[p] == end[p] || !(sum > 0)) {
                continue;
            }
            if (std::fabs(sum - 1.0) > kWeightSumTolerance) {
                ++unnormalised;
            }
            for (uint32_t k = start[p]; k < end[p]; ++k) {
                byPoint[k].weight = static_cast<float>(byPoint[k].weight / sum);
            }
        }
        // Reported by buildMeshes: this runs beside the vertex split, and the warnings keep
        // their order whatever the thread count.
        mUnnormalisedPoints = unnormalised;
        // Merged repeats leave gaps at the ends of rows: close them, front to back (a row only
        // moves down), so that each row ends where the next begins.
        uint32_t next = 0;
        for (size_t p = 0; p < pointCount; ++p) {
            const uint32_t first = start[p];
            start[p] = next;
            for (uint32_t k = first; k < end[p]; ++k) {
                byPoint[next++] = byPoint[k];
            }
        }
        start[pointCount] = next;
        byPoint.resize(next);
    }

    /** The morph targets over the output vertices (MorphSource::vertices index mVertexWedge). */
    std::vector<MorphSource> buildMorphs() {
        std::vector<MorphSource> morphs;
        if (mOptions.skipMorphs) {
            return morphs;
        }
        std::vector<std::string> names;
        const bool withNormals = !mVertexNormal.empty();
        // MRPHINFO / MRPHDATA: deltas on points, in raw UE space.
        std::vector<int64_t> slot;
        if (!mFile.pointMorphs.empty()) {
            ResizeLarge(slot, mFile.points.size(), -1);
        }
        for (size_t m = 0; m < mFile.pointMorphs.size(); ++m) {
            const PointMorph &morph = mFile.pointMorphs[m];
            for (size_t k = 0; k < morph.deltas.size(); ++k) {
                slot[morph.deltas[k].point] = static_cast<int64_t>(k); // a repeat: last wins
            }
            MorphSource target;
            for (size_t v = 0; v < mVertexWedge.size(); ++v) {
                const uint32_t point = mFile.wedges[mVertexWedge[v]].point;
                if (slot[point] < 0) {
                    continue;
                }
                const PointMorphDelta &delta = morph.deltas[static_cast<size_t>(slot[point])];
                target.vertices.push_back(static_cast<uint32_t>(v));
                target.positions.push_back(ToVector(mFile.points[point]) +
                                           MirrorY(ToVector(delta.positionDelta)));
                if (withNormals) {
                    target.normals.push_back(NormalizedOr(
                        mVertexNormal[v] + MirrorY(ToVector(delta.normalDelta)), mVertexNormal[v]));
                }
            }
            for (const PointMorphDelta &delta : morph.deltas) {
                slot[delta.point] = -1;
            }
            names.push_back(morph.name.empty() ? "Morph_" + std::to_string(m) : morph.name);
            morphs.push_back(std::move(target));
        }
        // MORPHTARGET<n>: absolute, already mirrored positions on wedges.
        std::vector<int64_t> wedgeSlot;
        if (!mFile.wedgeMorphs.empty()) {
            ResizeLarge(wedgeSlot, mFile.wedges.size(), -1);
        }
        for (const WedgeMorph &morph : mFile.wedgeMorphs) {
            for (size_t k = 0; k < morph.vertices.size(); ++k) {
                wedgeSlot[morph.vertices[k].wedge] = static_cast<int64_t>(k);
            }
            MorphSource target;
            for (size_t v = 0; v < mVertexWedge.size(); ++v) {
                const int64_t k = wedgeSlot[mVertexWedge[v]];
                if (k < 0) {
                    continue;
                }
                target.vertices.push_back(static_cast<uint32_t>(v));
                target.positions.push_back(
                    ToVector(morph.vertices[static_cast<size_t>(k)].position));
            }
            for (const WedgeMorphVertex &vertex : morph.vertices) {
                wedgeSlot[vertex.wedge] = -1;
            }
            names.push_back(morph.name.empty() ? "MorphTarget" + std::to_string(morph.index)
                                               : morph.name);
            morphs.push_back(std::move(target));
        }
        if (MakeNamesUnique(names) != 0) {
            warn("morph targets", "repeated names were made unique with a numeric suffix");
        }
        for (size_t m = 0; m < morphs.size(); ++m) {
            morphs[m].name = names[m];
        }
        return morphs;
    }

    /** The EXTRAUVS sets that become UV channels 1, 2, ... (Assimp has room for a few). */
    std::vector<const ExtraUvSet *> usableExtraUvSets() {
        std::vector<const ExtraUvSet *> sets;
        for (const ExtraUvSet &set : mFile.extraUvs) {
            if (sets.size() == kMaxExtraUvSets) {
                warn("EXTRAUVS", "more than " + std::to_string(kMaxExtraUvSets) +
                                     " extra UV sets; set " + std::to_string(set.index) +
                                     " and later ignored");
                break;
            }
            if (set.index != sets.size()) {
                warn("EXTRAUVS", "UV set " + std::to_string(set.index) + " becomes channel " +
                                     std::to_string(sets.size() + 1) + " (numbering has a gap)");
            }
            sets.push_back(&set);
        }
        return sets;
    }

    // The meshes' vertex arrays are written once, at their final size, straight from the file's
    // points, wedges and UV sets: no intermediate per-vertex copy of the whole model.
    void buildMeshes(aiNode *meshNode) {
        if (mTriangles.empty()) {
            return;
        }
        const std::vector<const ExtraUvSet *> extraUvs = usableExtraUvSets();
        if (mUnnormalisedPoints != 0) {
            warn("RAWWEIGHTS", "the weights of " + std::to_string(mUnnormalisedPoints) +
                                   " points did not sum to 1; they were normalised");
        }
        std::vector<MorphSource> morphs = buildMorphs();

        // Per material, the point of each vertex of its mesh: its row of mInfluences. Sized
        // up front, so that meshes made side by side each write only their own entry.
        std::vector<std::vector<uint32_t>> pointsOfVertices(mTriangles.start.size());
        const unsigned threads =
            mVertexWedge.size() >= 2 * kMinimumThreadPart ? mOptions.threads : 1;
        auto meshes = BuildMeshesByMaterial(mTriangles, mVertexWedge.size(), mMeshNodeName, threads,
                                            [&](const MeshVertices &vertices, aiMesh &mesh) {
                                                writeVertexArrays(
                                                    vertices.used, extraUvs,
                                                    pointsOfVertices[mesh.mMaterialIndex], mesh);
                                                AddMorphTargets(morphs, vertices.remap, mesh);
                                            });
        // The skin's weights come last, once what the vertex arrays were written from is
        // gone: they are the output's last 32 MB at a million points, and binding them mesh by
        // mesh, next to that data (about 60 MB), made this the import's peak.
        mTriangles = TrianglesByMaterial();
        ReleaseVector(mVertexWedge);
        ReleaseVector(mVertexNormal);
        ReleaseVector(morphs);
        mFile.points.release();
        mFile.wedges.release();
        for (ExtraUvSet &set : mFile.extraUvs) {
            set.uv.release();
        }
        ReleaseVector(mFile.extraUvs);
        ReleaseVector(mFile.colors);
        mFile.storage = FileBytes(); // nothing borrows from the file's bytes any more
        // Each mesh's bones and weight arrays are its own: the meshes are bound side by side.
        ParallelRanges(meshes.size(), threads, 1, [&](size_t begin, size_t end) {
            for (size_t m = begin; m < end; ++m) {
                std::vector<uint32_t> &points = pointsOfVertices[meshes[m]->mMaterialIndex];
                AddSkinBones(mInfluenceStart, mInfluences, points, mSkinBones, *meshes[m]);
                ReleaseVector(points);
            }
        });
        ReleaseVector(mInfluenceStart);
        ReleaseVector(mInfluences);
        std::vector<unsigned> indices;
        for (auto &mesh : meshes) {
            indices.push_back(mParts.addMesh(std::move(mesh)));
        }
        SetNodeMeshes(meshNode, indices);
    }

    /** The per-vertex arrays of a mesh whose vertices are the output vertices `used`; also
     *  the point of each, for the skin. */
    void writeVertexArrays(const std::vector<uint32_t> &used,
                           const std::vector<const ExtraUvSet *> &extraUvs,
                           std::vector<uint32_t> &pointOfVertex, aiMesh &mesh) const {
        const size_t count = used.size();
        mesh.mNumVertices = static_cast<unsigned>(count);
        mesh.mVertices = new aiVector3D[count];
        mesh.mTextureCoords[0] = new aiVector3D[count];
        mesh.mNumUVComponents[0] = 2;
        ResizeLarge(pointOfVertex, count);
        for (size_t i = 0; i < count; ++i) {
            const Wedge &wedge = mFile.wedges[mVertexWedge[used[i]]];
            mesh.mVertices[i] = ToVector(mFile.points[wedge.point]);
            mesh.mTextureCoords[0][i] = aiVector3D(wedge.u, FlipV(wedge.v), 0.0f);
            pointOfVertex[i] = wedge.point;
        }
        if (!mVertexNormal.empty()) {
            mesh.mNormals = new aiVector3D[count];
            for (size_t i = 0; i < count; ++i) {
                mesh.mNormals[i] = mVertexNormal[used[i]];
            }
        }
        for (size_t s = 0; s < extraUvs.size(); ++s) {
            const RecordArray<float> &uv = extraUvs[s]->uv;
            aiVector3D *channel = new aiVector3D[count];
            mesh.mTextureCoords[s + 1] = channel;
            mesh.mNumUVComponents[s + 1] = 2;
            for (size_t i = 0; i < count; ++i) {
                const size_t w = mVertexWedge[used[i]];
                channel[i] = aiVector3D(uv[2 * w], FlipV(uv[2 * w + 1]), 0.0f);
            }
        }
        if (!mFile.colors.empty()) {
            mesh.mColors[0] = new aiColor4D[count];
            for (size_t i = 0; i < count; ++i) {
                const uint8_t *c = &mFile.colors[size_t(mVertexWedge[used[i]]) * 4];
                const uint8_t r = mOptions.colorsBgra ? c[2] : c[0];
                const uint8_t b = mOptions.colorsBgra ? c[0] : c[2];
                mesh.mColors[0][i] =
                    aiColor4D(r / 255.0f, c[1] / 255.0f, b / 255.0f, c[3] / 255.0f);
            }
        }
    }

    void buildSockets(aiNode *root, const std::vector<aiNode *> &boneNodes) {
        std::vector<std::vector<aiNode *>> children(boneNodes.size());
        std::vector<aiNode *> rootChildren;
        for (size_t i = 0; i < mFile.sockets.size(); ++i) {
            const Socket &socket = mFile.sockets[i];
            // Raw UE space: mirror Y of the location and mirror the rotation like the bones.
            const aiQuaternion rotation = NormalizedOrIdentity(
                MirrorY(actorx::RotatorToQuaternion({socket.pitch, socket.yaw, socket.roll})));
            auto node = std::make_unique<aiNode>(mSocketNames[i]);
            node->mTransformation = ComposeTransform(MirrorY(ToVector(socket.location)), rotation,
                                                     ToVector(socket.scale));
            MetadataBuilder metadata;
            metadata.add(AGF_META_PSK_SOCKET, true);
            node->mMetaData = metadata.build();
            const int64_t bone = socket.bone.empty() ? -1 : FindBone(mFile.bones, socket.bone);
            if (bone < 0) {
                if (!socket.bone.empty()) {
                    warn("SKELSOCK", "socket " + socket.name + " names bone " + socket.bone +
                                         ", which the skeleton lacks; attached to the root");
                }
                rootChildren.push_back(node.release());
            } else {
                children[static_cast<size_t>(bone)].push_back(node.release());
            }
        }
        for (size_t b = 0; b < boneNodes.size(); ++b) {
            AddChildren(boneNodes[b], children[b]);
        }
        AddChildren(root, rootChildren);
    }

    // Flat keys: Assimp 5.2.5's SceneCombiner::Copy (used by the exporters) aborts on nested
    // aiMetadata, so each shape's fields get their own "PSK.PhysicsShapes[i].Field" keys.
    void attachPhysics(aiNode *root, const std::vector<aiNode *> &boneNodes) {
        if (mFile.physicsShapes.empty()) {
            return;
        }
        std::map<aiNode *, MetadataBuilder> shapesByNode;
        std::map<aiNode *, int32_t> countByNode;
        for (const PhysicsShape &shape : mFile.physicsShapes) {
            const int64_t bone = FindBone(mFile.bones, shape.bone);
            aiNode *node = bone < 0 ? root : boneNodes[static_cast<size_t>(bone)];
            if (bone < 0) {
                warn(shape.chunk, "shape for " + shape.bone +
                                      ", which the skeleton lacks; recorded on the root node");
            }
            int32_t &index = countByNode[node];
            const std::string prefix =
                AGF_META_PSK_PHYSICS_SHAPES + MetadataName(std::to_string(index++));
            MetadataBuilder &entry = shapesByNode[node];
            entry.add(prefix + AGF_META_PSK_SHAPE_SOURCE, shape.chunk);
            entry.add(prefix + AGF_META_PSK_SHAPE_NAME, shape.bone);
            entry.add(prefix + AGF_META_PSK_SHAPE_TYPE, shape.type);
            entry.add(prefix + AGF_META_PSK_SHAPE_TYPE_NAME, std::string(PhysicsTypeName(shape)));
            entry.add(prefix + AGF_META_PSK_SHAPE_OFFSET, ToVector(shape.offset));
            entry.add(prefix + AGF_META_PSK_SHAPE_ROTATION,
                      aiVector3D(shape.rotation.x, shape.rotation.y, shape.rotation.z));
            if (shape.rotationIsQuaternion) {
                entry.add(prefix + AGF_META_PSK_SHAPE_ROTATION_W, shape.rotation.w);
            }
            entry.add(prefix + AGF_META_PSK_SHAPE_SCALE, ToVector(shape.scale));
        }
        for (auto &[node, shapes] : shapesByNode) {
            MetadataBuilder metadata;
            metadata.add(AGF_META_PSK_PHYSICS_SHAPES, countByNode[node]);
            metadata.mergeInto(node->mMetaData);
            shapes.mergeInto(node->mMetaData);
        }
    }

    void writeMetadata(aiScene *scene) {
        MetadataBuilder metadata;
        metadata.add(AI_METADATA_SOURCE_FORMAT, "Unreal ActorX PSK");
        metadata.add(AI_METADATA_SOURCE_FORMAT_VERSION, std::to_string(mFile.typeFlag));
        const std::string writer = WriterFromTypeFlag(mFile.typeFlag);
        if (!writer.empty()) {
            metadata.add(AI_METADATA_SOURCE_GENERATOR, writer);
        }
        AddUnitsMetadata(metadata, actorx::UnrealSceneUnits(mOptions.yUp, mOptions.scale));
        metadata.add(AGF_META_PSK_TYPE_FLAG, mFile.typeFlag);
        metadata.add(AGF_META_PSK_POINT_COUNT, uint64_t(mPointCount));
        metadata.add(AGF_META_PSK_WEDGE_COUNT, uint64_t(mWedgeCount));
        metadata.add(AGF_META_PSK_FACE_COUNT, uint64_t(mFaceCount));
        metadata.add(AGF_META_PSK_BONE_COUNT, uint64_t(mFile.bones.size()));
        metadata.add(AGF_META_PSK_FACES_32BIT, mFile.faces32);
        metadata.mergeInto(scene->mMetaData);
    }

    PskFile &mFile; ///< consumed: see ReleaseVector calls
    std::string mFileName;
    PskConvertOptions mOptions;
    Warnings &mWarnings;
    SceneParts mParts;

    std::vector<std::string> mBoneNames;
    std::vector<std::string> mSocketNames;
    std::string mMeshNodeName;
    std::string mRootName;
    std::vector<uint32_t> mVertexWedge;    ///< wedge of each output vertex
    std::vector<aiVector3D> mVertexNormal; ///< empty, or one per output vertex
    /** Skin influences per point in compressed rows (buildInfluences); empty when unskinned. */
    std::vector<uint32_t> mInfluenceStart;
    std::vector<BoneInfluence> mInfluences;
    TrianglesByMaterial mTriangles;                     ///< one group per material of mParts
    std::optional<TriangleGroupFiller> mTriangleFiller; ///< while filling mTriangles
    size_t mClampedFaces = 0;                           ///< faces naming a material beyond MATT0000
    std::shared_future<void> mFacesGrouped;             ///< ready once the faces are grouped
    size_t mUnnormalisedPoints = 0;                     ///< points whose weights did not sum to 1
    std::vector<SkinBone> mSkinBones;
    size_t mFaceCount = 0;  ///< as stored; the faces are released after buildVertices
    size_t mPointCount = 0; ///< as stored; points and wedges are released by buildMeshes
    size_t mWedgeCount = 0;
};

} // namespace

std::string WriterFromTypeFlag(int32_t typeFlag) {
    switch (typeFlag) {
    case 1999801:
        return "ActorX v1 or the Blender io_scene_psk_psa exporter";
    case 2003321:
        return "ActorX v2";
    case 20090127:
        return "ActorX v3";
    case 20100422:
        return "UEViewer (umodel)";
    case 20210917:
        return "UEViewer fork with VTXNORMS";
    case 20220723:
        return "CUE4Parse (FModel)";
    default:
        return std::string();
    }
}

void ConvertPsk(PskFile &&file, const std::string &fileName, const PskConvertOptions &options,
                aiScene *scene, Warnings &warnings) {
    Converter(file, fileName, options, warnings).run(scene);
}

} // namespace agf::psk
