/** @file PskSmoothingGroups.cpp */
#include "PskSmoothingGroups.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <unordered_map>

namespace agf::psk {

namespace {

/** Normals this close (dot product) count as the same. */
constexpr float kSameNormal = 0.99999f;
constexpr uint32_t kBits = 32;

bool SameNormal(const aiVector3D &a, const aiVector3D &b) {
    return a.x * b.x + a.y * b.y + a.z * b.z >= kSameNormal;
}

/** Union-find over faces. */
class Regions {
public:
    explicit Regions(size_t count) : mParent(count) {
        std::iota(mParent.begin(), mParent.end(), uint32_t(0));
    }
    uint32_t find(uint32_t x) {
        while (mParent[x] != x) {
            mParent[x] = mParent[mParent[x]];
            x = mParent[x];
        }
        return x;
    }
    void join(uint32_t a, uint32_t b) { mParent[find(a)] = find(b); }

private:
    std::vector<uint32_t> mParent;
};

/** The normal of `face` at position id `position`, or null. */
const aiVector3D *NormalAt(const SmoothingFace &face, uint32_t position) {
    for (int k = 0; k < 3; ++k) {
        if (face.positions[k] == position) {
            return &face.normals[k];
        }
    }
    return nullptr;
}

/** Steps 1 and 2: faces joined across smooth edges. */
void JoinAcrossSmoothEdges(const std::vector<SmoothingFace> &faces, Regions &regions) {
    std::unordered_map<uint64_t, std::vector<uint32_t>> facesOfEdge;
    for (uint32_t f = 0; f < faces.size(); ++f) {
        for (int k = 0; k < 3; ++k) {
            uint32_t a = faces[f].positions[k], b = faces[f].positions[(k + 1) % 3];
            if (a == b) {
                continue;
            }
            if (a > b) {
                std::swap(a, b);
            }
            facesOfEdge[(uint64_t(a) << 32) | b].push_back(f);
        }
    }
    for (const auto &[edge, list] : facesOfEdge) {
        const uint32_t ends[2] = {uint32_t(edge >> 32), uint32_t(edge & 0xFFFFFFFFu)};
        for (size_t i = 0; i < list.size(); ++i) {
            for (size_t j = i + 1; j < list.size(); ++j) {
                for (uint32_t end : ends) {
                    const aiVector3D *a = NormalAt(faces[list[i]], end);
                    const aiVector3D *b = NormalAt(faces[list[j]], end);
                    if (a != nullptr && b != nullptr && SameNormal(*a, *b)) {
                        regions.join(list[i], list[j]);
                        break;
                    }
                }
            }
        }
    }
}

} // namespace

SmoothingResult ComputeSmoothingGroups(const std::vector<SmoothingFace> &faces) {
    const uint32_t faceCount = static_cast<uint32_t>(faces.size());
    Regions regions(faceCount);
    JoinAcrossSmoothEdges(faces, regions);

    // Step 3: a region is flat when every corner normal is its face's normal.
    std::unordered_map<uint32_t, bool> flat;
    for (uint32_t f = 0; f < faceCount; ++f) {
        bool faceFlat = true;
        for (const aiVector3D &normal : faces[f].normals) {
            faceFlat = faceFlat && SameNormal(normal, faces[f].faceNormal);
        }
        auto inserted = flat.emplace(regions.find(f), faceFlat);
        inserted.first->second = inserted.first->second && faceFlat;
    }

    // Step 4: which smooth regions touch (share a position).
    std::unordered_map<uint32_t, uint32_t> index; // region root -> dense index
    std::vector<uint32_t> regionOfFace(faceCount, UINT32_MAX);
    for (uint32_t f = 0; f < faceCount; ++f) {
        const uint32_t root = regions.find(f);
        if (!flat[root]) {
            regionOfFace[f] = index.emplace(root, uint32_t(index.size())).first->second;
        }
    }
    std::unordered_map<uint32_t, std::vector<uint32_t>> regionsAtPosition;
    for (uint32_t f = 0; f < faceCount; ++f) {
        if (regionOfFace[f] == UINT32_MAX) {
            continue;
        }
        for (uint32_t position : faces[f].positions) {
            std::vector<uint32_t> &list = regionsAtPosition[position];
            if (std::find(list.begin(), list.end(), regionOfFace[f]) == list.end()) {
                list.push_back(regionOfFace[f]);
            }
        }
    }
    std::vector<std::vector<uint32_t>> touching(index.size());
    for (const auto &entry : regionsAtPosition) {
        const std::vector<uint32_t> &list = entry.second;
        for (size_t i = 0; i < list.size(); ++i) {
            for (size_t j = 0; j < list.size(); ++j) {
                if (i != j) {
                    touching[list[i]].push_back(list[j]);
                }
            }
        }
    }
    std::vector<uint32_t> order(index.size());
    std::iota(order.begin(), order.end(), uint32_t(0));
    for (auto &list : touching) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return touching[a].size() > touching[b].size();
    });

    SmoothingResult result;
    result.regions = index.size();
    std::vector<int32_t> bit(index.size(), -1);
    for (uint32_t region : order) {
        std::array<uint32_t, kBits> used{};
        for (uint32_t other : touching[region]) {
            if (bit[other] >= 0) {
                ++used[size_t(bit[other])];
            }
        }
        const auto least = std::min_element(used.begin(), used.end());
        bit[region] = static_cast<int32_t>(least - used.begin());
        if (*least != 0) {
            ++result.conflicts;
        }
    }
    result.masks.assign(faceCount, 0u);
    for (uint32_t f = 0; f < faceCount; ++f) {
        if (regionOfFace[f] != UINT32_MAX) {
            result.masks[f] = 1u << bit[regionOfFace[f]];
        }
    }
    return result;
}

} // namespace agf::psk
