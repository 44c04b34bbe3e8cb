/** @file PskVertices.cpp
 *  The output vertices and triangles of a PSK (PskConversion.h): wedges, split further where a
 *  wedge needs two normals because faces of different smoothing groups share it, and each
 *  face's triangle filed under its material. Triangles are stored clockwise, so each face
 *  (w0, w1, w2) is emitted as (w0, w2, w1).
 */
#include "PskConversion.h"

#include "Common/HugePages.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace agf::psk {

namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;

/** Distinct masks at one point beyond which they are found through a hash table rather than
 *  by a linear search. */
constexpr size_t kMasksSearchedInOrder = 16;

/** `sum` normalised; when it has no direction (opposite faces cancelled), the face's own normal,
 *  and failing that +Z. The fallback is worked out only when needed: this runs per corner. */
aiVector3D NormalizedOrFaceNormal(const aiVector3D &sum, const aiVector3D &faceNormal) {
    const float length = sum.Length();
    if (length > 1e-20f && std::isfinite(length)) {
        return sum / length;
    }
    return NormalizedOr(faceNormal, aiVector3D(0, 0, 1));
}

/** Normals from smoothing groups (2.5): a corner's normal sums the (area-weighted) normals of
 *  the faces around its point that share a smoothing bit with its face; mask 0 is flat. Each
 *  wedge becomes one output vertex per distinct normal of its corners. Kept to this file (no
 *  external linkage), so that its per-face and per-corner steps are inlined into their loops. */
class SmoothingGroupSplit {
public:
    SmoothingGroupSplit(const PskFile &file, std::vector<uint32_t> &vertexWedge,
                        std::vector<aiVector3D> &vertexNormal)
        : mFile(file), mVertexWedge(vertexWedge), mVertexNormal(vertexNormal) {}

    /** Works out every corner's normal from the points, wedges and faces. */
    void computeNormals() {
        mSingle = sumSingleMaskPoints();
        if (mSingle.severalMaskPoints != 0) {
            mSeveral = computeCornerNormals(cornersAroundPoints(mSingle));
        }
    }

    /** Makes the output vertices and hands each face's triangle over them, in face order, to
     *  `addTriangle(face, a, b, c)`. */
    template <typename AddTriangle> void split(AddTriangle addTriangle) {
        splitWedgesByNormal(mSingle, mSeveral, addTriangle);
    }

    /** Points whose faces have more than kMaxMasksSummedTogether distinct masks. */
    size_t pointsWithManyMasks() const { return mPointsWithManyMasks; }

private:
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

    CornerNormals computeCornerNormals(const PointCorners &adjacency) {
        CornerNormals result;
        ResizeLarge(result.ofCorner, mFile.faces.size() * 3);
        ReserveLarge(result.normals, mFile.points.size());
        std::vector<MaskSum> maskSums;
        std::vector<uint32_t> maskOfCorner; // index into maskSums; kNone for mask 0
        for (size_t p = 0; p + 1 < adjacency.start.size(); ++p) {
            const uint32_t *first = adjacency.corners.data() + adjacency.start[p];
            const uint32_t *last = adjacency.corners.data() + adjacency.start[p + 1];
            sumNormalsByMask(first, last, maskSums, maskOfCorner);
            if (maskSums.size() > kMaxMasksSummedTogether) {
                ++mPointsWithManyMasks;
            }
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
                    if (maskSums.size() > kMaxMasksSummedTogether) {
                        sum = entry.sum;
                    } else {
                        for (const MaskSum &other : maskSums) {
                            if ((other.mask & entry.mask) != 0) {
                                sum += other.sum;
                            }
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
                          std::vector<MaskSum> &maskSums, std::vector<uint32_t> &maskOfCorner) {
        maskSums.clear();
        maskOfCorner.clear();
        mSlotOfMask.clear();
        uint32_t previousFace = kNone;
        for (const uint32_t *corner = first; corner != last; ++corner) {
            const uint32_t f = *corner / 3;
            const uint32_t mask = mFile.faces[f].smoothingGroups;
            if (mask == 0) {
                maskOfCorner.push_back(kNone);
                continue;
            }
            uint32_t slot = findMask(maskSums, mask);
            // A degenerate face with two corners on the point counts once.
            const bool repeat = f == previousFace;
            previousFace = f;
            if (slot == kNone) {
                slot = static_cast<uint32_t>(maskSums.size());
                maskSums.push_back(MaskSum{mask, faceNormalOf(mFile.faces[f]), kNone});
                if (maskSums.size() > kMasksSearchedInOrder) {
                    if (mSlotOfMask.empty()) {
                        for (uint32_t m = 0; m < slot; ++m) {
                            mSlotOfMask.emplace(maskSums[m].mask, m);
                        }
                    }
                    mSlotOfMask.emplace(mask, slot);
                }
            } else if (!repeat) {
                maskSums[slot].sum += faceNormalOf(mFile.faces[f]);
            }
            maskOfCorner.push_back(slot);
        }
    }

    /** The entry of `mask` among `maskSums`, or kNone. */
    uint32_t findMask(const std::vector<MaskSum> &maskSums, uint32_t mask) const {
        if (maskSums.size() > kMasksSearchedInOrder) {
            const auto found = mSlotOfMask.find(mask);
            return found == mSlotOfMask.end() ? kNone : found->second;
        }
        for (size_t m = 0; m < maskSums.size(); ++m) {
            if (maskSums[m].mask == mask) {
                return static_cast<uint32_t>(m);
            }
        }
        return kNone;
    }

    /** One vertex per (wedge, distinct corner normal), and the triangles over them. */
    template <typename AddTriangle>
    void splitWedgesByNormal(const SingleMaskPoints &single, const CornerNormals &several,
                             AddTriangle addTriangle) {
        // The vertices made for each wedge (one per distinct normal) as linked lists through
        // flat arrays: a list per wedge would cost an allocation per wedge.
        std::vector<uint32_t> firstVertexOfWedge;
        ResizeLarge(firstVertexOfWedge, mFile.wedges.size(), kNone);
        ReserveLarge(mVertexWedge, mFile.wedges.size());
        ReserveLarge(mVertexNormal, mFile.wedges.size());
        if (single.normalPerPoint()) {
            oneVertexPerWedge(single, firstVertexOfWedge, addTriangle);
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
    template <typename AddTriangle>
    void oneVertexPerWedge(const SingleMaskPoints &single, std::vector<uint32_t> &vertexOfWedge,
                           AddTriangle addTriangle) {
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

    const PskFile &mFile;
    std::vector<uint32_t> &mVertexWedge;
    std::vector<aiVector3D> &mVertexNormal;
    SingleMaskPoints mSingle;
    CornerNormals mSeveral;
    /** Mask to entry of the point being summed, once it has more than kMasksSearchedInOrder. */
    std::unordered_map<uint32_t, uint32_t> mSlotOfMask;
    size_t mPointsWithManyMasks = 0;
};

} // namespace

/** Output vertices are wedges, split further where a wedge needs two normals (faces of
 *  different smoothing groups sharing it). */
void PskConversion::buildVertices() {
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
void PskConversion::groupFacesByMaterial() {
    const size_t count = mFile.materials.size();
    std::vector<size_t> facesPerGroup(count + 1, 0);
    for (const Face &face : mFile.faces) {
        ++facesPerGroup[std::min<size_t>(face.material, count)];
    }
    mClampedFaces = facesPerGroup[count];
    mTriangleFiller.emplace(facesPerGroup, mTriangles);
}

void PskConversion::buildSmoothedVertices() {
    SmoothingGroupSplit split(mFile, mVertexWedge, mVertexNormal);
    split.computeNormals();
    // The faces' grouping may still run on the other side of run(): wait for it only now.
    awaitFaceGroups();
    split.split([this](const Face &face, uint32_t a, uint32_t b, uint32_t c) {
        addTriangle(face, a, b, c);
    });
    mPointsWithManyMasks = split.pointsWithManyMasks();
}

} // namespace agf::psk
