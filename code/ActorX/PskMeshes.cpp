/** @file PskMeshes.cpp
 *  The meshes of a PSK (PskConversion.h): one per material over the output vertices, with
 *  their UV sets (V flipped to Assimp's bottom-left origin), colours, skin influences and
 *  morph targets (MRPHDATA deltas are raw UE space and get the writers' Y mirror).
 */
#include "PskConversion.h"

#include "Common/Coordinates.h"
#include "Common/HugePages.h"
#include "Common/Parallel.h"

#include <cmath>

namespace agf::psk {

/** Groups the RAWWEIGHTS by point into mInfluenceStart / mInfluences (compressed rows, no
 *  list per point: a million points would mean a million allocations), merging repeated
 *  (point, bone) pairs and normalising each point's weights. Runs beside buildVertices:
 *  it reads only the weights and the point and bone counts, and writes only its members. */
void PskConversion::buildInfluences() {
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
std::vector<MorphSource> PskConversion::buildMorphs() {
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
            target.positions.push_back(ToVector(morph.vertices[static_cast<size_t>(k)].position));
        }
        for (const WedgeMorphVertex &vertex : morph.vertices) {
            wedgeSlot[vertex.wedge] = -1;
        }
        names.push_back(morph.name.empty() ? "MorphTarget" + std::to_string(morph.index)
                                           : morph.name);
        morphs.push_back(std::move(target));
    }
    if (MakeNamesUnique(names) != 0) {
        warn(WarningKind::Duplicate, "morph targets",
             "repeated names were made unique with a numeric suffix");
    }
    for (size_t m = 0; m < morphs.size(); ++m) {
        morphs[m].name = names[m];
    }
    return morphs;
}

/** The EXTRAUVS sets that become UV channels 1, 2, ... (Assimp has room for a few). */
std::vector<const ExtraUvSet *> PskConversion::usableExtraUvSets() {
    std::vector<const ExtraUvSet *> sets;
    for (const ExtraUvSet &set : mFile.extraUvs) {
        if (sets.size() == kMaxExtraUvSets) {
            warn(WarningKind::LimitReached, "EXTRAUVS",
                 "more than " + std::to_string(kMaxExtraUvSets) + " extra UV sets; set " +
                     std::to_string(set.index) + " and later ignored");
            break;
        }
        if (set.index != sets.size()) {
            warn(WarningKind::Adjusted, "EXTRAUVS",
                 "UV set " + std::to_string(set.index) + " becomes channel " +
                     std::to_string(sets.size() + 1) + " (numbering has a gap)");
        }
        sets.push_back(&set);
    }
    return sets;
}

// The meshes' vertex arrays are written once, at their final size, straight from the file's
// points, wedges and UV sets: no intermediate per-vertex copy of the whole model.
void PskConversion::buildMeshes(aiNode *meshNode) {
    if (mTriangles.empty()) {
        return;
    }
    const std::vector<const ExtraUvSet *> extraUvs = usableExtraUvSets();
    if (mUnnormalisedPoints != 0) {
        warn(WarningKind::Adjusted, "RAWWEIGHTS",
             "the weights of " + std::to_string(mUnnormalisedPoints) +
                 " points did not sum to 1; they were normalised");
    }
    std::vector<MorphSource> morphs = buildMorphs();

    // Per material, the point of each vertex of its mesh: its row of mInfluences. Sized
    // up front, so that meshes made side by side each write only their own entry.
    std::vector<std::vector<uint32_t>> pointsOfVertices(mTriangles.start.size());
    const unsigned threads = mVertexWedge.size() >= 2 * kMinimumThreadPart ? mOptions.threads : 1;
    auto meshes = BuildMeshesByMaterial(
        mTriangles, mVertexWedge.size(), mMeshNodeName, threads,
        [&](const MeshVertices &vertices, aiMesh &mesh) {
            writeVertexArrays(vertices.used, extraUvs, pointsOfVertices[mesh.mMaterialIndex], mesh);
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
void PskConversion::writeVertexArrays(const std::vector<uint32_t> &used,
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
            mesh.mColors[0][i] = aiColor4D(r / 255.0f, c[1] / 255.0f, b / 255.0f, c[3] / 255.0f);
        }
    }
}

} // namespace agf::psk
