/** @file SceneBuilder.h
 *  Scene-building helpers shared by every format's converter.
 *
 *  A converter describes its geometry in the plain structs below and lets these helpers make
 *  the Assimp objects, so that every format splits meshes, binds bones, builds hierarchies and
 *  writes animation channels the same way, and every result passes
 *  aiProcess_ValidateDataStructure.
 */
#pragma once

#include <assimp/anim.h>
#include <assimp/material.h>
#include <assimp/mesh.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace agf {

class Warnings;

/** Where a piece of data came from, for error messages raised by the helpers. */
struct SourceContext {
    std::string file;
    std::string structure;
    uint64_t offset = 0;
};

struct BoneInfluence {
    uint32_t bone = 0;
    float weight = 0.0f;
};

/** A morph target given sparsely: absolute positions (and optionally normals) of the vertices
 *  it moves. Vertices not listed keep their base values. */
struct MorphSource {
    std::string name;
    std::vector<uint32_t> vertices;
    std::vector<aiVector3D> positions;
    std::vector<aiVector3D> normals; ///< empty, or one per entry of `vertices`
};

/** Vertex data in Assimp's conventions (right-handed, V origin at the bottom), every array
 *  indexed by vertex. */
struct MeshSource {
    std::vector<aiVector3D> positions;
    std::vector<aiVector3D> normals;             ///< empty, or one per vertex
    std::vector<std::vector<aiVector3D>> uvSets; ///< each one per vertex; (u, v, 0)
    std::vector<aiColor4D> colors;               ///< empty, or one per vertex
    /** Skin weights in compressed-row form: the influences of vertex v are
     *  influences[influenceStart[v] .. influenceStart[v + 1]). Empty when not skinned. */
    std::vector<uint32_t> influenceStart;
    std::vector<BoneInfluence> influences;
    std::vector<MorphSource> morphs;
};

/** A triangle with counter-clockwise front face, indexing MeshSource vertices. */
struct Triangle {
    uint32_t vertices[3] = {0, 0, 0};
    uint32_t material = 0;
};

/** A bone that skinned vertices may reference by index. */
struct SkinBone {
    std::string name;
    /** Mesh space to bone space (inverse bind), with an exact bottom row 0 0 0 1
     *  (AffineInverse). */
    aiMatrix4x4 offsetMatrix;
};

/** Makes one aiMesh per material that has faces. A mesh holds only the vertices its faces use,
 *  re-indexed in first-use order. A mesh with at least one skinned vertex lists every bone of
 *  `bones` (the whole skeleton, so that exporters write all of it), each with the weights of
 *  that mesh's vertices, possibly none. Every mesh gets every morph target, in source order,
 *  with the base positions where the target moves none of its vertices: glTF requires the
 *  primitives of one mesh to have the same targets.
 *  Indices must already be validated; `materialCount` bounds Triangle::material.
 *  @param meshName base name; meshes are named "<meshName>" or "<meshName>_<material>". */
std::vector<std::unique_ptr<aiMesh>> BuildMeshesByMaterial(const MeshSource &source,
                                                           const std::vector<Triangle> &triangles,
                                                           unsigned materialCount,
                                                           const std::vector<SkinBone> &bones,
                                                           const std::string &meshName);

/** Gives `mesh` (which must have no bones yet) every bone of `skeleton`: all its vertices with
 *  weight 1 on `skeleton[rigidBone]`, no weights on the others. For a part that moves with one
 *  bone; the other bones are listed so that exporters write the whole skeleton. */
void BindMeshRigidly(aiMesh &mesh, const std::vector<SkinBone> &skeleton, size_t rigidBone);

/** A node of a hierarchy given by parent indices. */
struct NodeSource {
    std::string name;
    int64_t parent = -1; ///< index into the same list; < 0 for a root
    aiMatrix4x4 local;   ///< transform relative to the parent
};

/** Builds nodes from parent indices and attaches the roots to `attachTo`. Parents may come
 *  after their children. A parent out of range makes the node a root, with a warning. A
 *  cycle throws ImportError naming `context`. Returns the nodes in source order (owned by
 *  `attachTo`'s tree). The recursion depth of the result is bounded by kMaxNodeDepth. */
std::vector<aiNode *> BuildNodeHierarchy(const std::vector<NodeSource> &nodes, aiNode *attachTo,
                                         const SourceContext &context, Warnings &warnings);

/** As above, for callers without a warnings sink yet: warnings go to Assimp's log. */
std::vector<aiNode *> BuildNodeHierarchy(const std::vector<NodeSource> &nodes, aiNode *attachTo,
                                         const SourceContext &context);

/** The deepest node chain BuildNodeHierarchy accepts: deeper trees would overflow the stack in
 *  Assimp's own recursive post-processing steps. */
constexpr size_t kMaxNodeDepth = 1024;

/** Appends `children` to `parent` (taking ownership), keeping existing children. */
void AddChildren(aiNode *parent, const std::vector<aiNode *> &children);

/** `root` and every node below it, depth first, parents before children and children in
 *  order (the order in which Assimp's FindNode meets them). Iterative: no depth limit. */
std::vector<aiNode *> NodesDepthFirst(aiNode *root);
std::vector<const aiNode *> NodesDepthFirst(const aiNode *root);

/** Product of the transforms from `node` up to, but not including, `ancestor`
 *  (nullptr: up to and including the root). */
aiMatrix4x4 TransformRelativeTo(const aiNode *node, const aiNode *ancestor);

/** Makes every name in `names` unique by appending ".001", ".002"...; returns how many it
 *  changed. Assimp binds bones and channels by name, so duplicates must not survive. */
size_t MakeNamesUnique(std::vector<std::string> &names);

/** A growable array of animation keys held in a new[] block, so that MakeNodeAnim can hand the
 *  block to aiNodeAnim (which frees its key arrays with delete[]) instead of copying it: dense
 *  animations carry hundreds of megabytes of keys. The subset of std::vector's interface the
 *  converters use; converts implicitly from std::vector (one copy) and initializer lists. */
template <typename Key> class KeyArray {
public:
    KeyArray() = default;
    KeyArray(std::initializer_list<Key> keys) { assign(keys.begin(), keys.size()); }
    KeyArray(const std::vector<Key> &keys) { assign(keys.data(), keys.size()); }
    KeyArray(const KeyArray &other) { assign(other.data(), other.size()); }
    KeyArray(KeyArray &&other) noexcept { swap(other); }
    KeyArray &operator=(KeyArray other) noexcept {
        swap(other);
        return *this;
    }
    ~KeyArray() { delete[] mKeys; }

    size_t size() const { return mSize; }
    bool empty() const { return mSize == 0; }
    Key *data() { return mKeys; }
    const Key *data() const { return mKeys; }
    Key *begin() { return mKeys; }
    Key *end() { return mKeys + mSize; }
    const Key *begin() const { return mKeys; }
    const Key *end() const { return mKeys + mSize; }
    Key &operator[](size_t i) { return mKeys[i]; }
    const Key &operator[](size_t i) const { return mKeys[i]; }
    Key &front() { return mKeys[0]; }
    const Key &front() const { return mKeys[0]; }
    Key &back() { return mKeys[mSize - 1]; }
    const Key &back() const { return mKeys[mSize - 1]; }

    void reserve(size_t capacity) {
        if (capacity > mCapacity) {
            Key *grown = new Key[capacity];
            std::copy(mKeys, mKeys + mSize, grown);
            delete[] mKeys;
            mKeys = grown;
            mCapacity = capacity;
        }
    }
    /** Added keys are default keys (time 0). A grown block comes default-constructed from
     *  new[], so resizing an empty array costs no pass besides that one. */
    void resize(size_t size) {
        if (size > mCapacity) {
            reserve(size);
        } else {
            std::fill(mKeys + std::min(mSize, size), mKeys + size, Key());
        }
        mSize = size;
    }
    template <typename... Args> void emplace_back(Args &&...args) {
        if (mSize == mCapacity) {
            reserve(mCapacity < 8 ? 8 : mCapacity * 2);
        }
        mKeys[mSize++] = Key(std::forward<Args>(args)...);
    }
    void push_back(const Key &key) { emplace_back(key); }
    void clear() { mSize = 0; }
    /** Removes [first, last), like std::vector::erase. */
    Key *erase(Key *first, Key *last) {
        Key *to = std::copy(last, end(), first);
        mSize = static_cast<size_t>(to - mKeys);
        return first;
    }
    /** Hands the block (delete[] it) to the caller; the array is left empty. */
    Key *release() {
        Key *keys = mKeys;
        mKeys = nullptr;
        mSize = mCapacity = 0;
        return keys;
    }
    void swap(KeyArray &other) noexcept {
        std::swap(mKeys, other.mKeys);
        std::swap(mSize, other.mSize);
        std::swap(mCapacity, other.mCapacity);
    }

private:
    void assign(const Key *keys, size_t count) {
        reserve(count);
        std::copy(keys, keys + count, mKeys);
        mSize = count;
    }

    Key *mKeys = nullptr;
    size_t mSize = 0;
    size_t mCapacity = 0;
};

/** Builds an animation channel. Channels need at least one key of each kind for most
 *  consumers; an empty key list is filled with the single `rest` key at time 0. The key blocks
 *  are moved into the channel, not copied. */
std::unique_ptr<aiNodeAnim> MakeNodeAnim(const std::string &nodeName,
                                         KeyArray<aiVectorKey> positionKeys,
                                         KeyArray<aiQuatKey> rotationKeys,
                                         KeyArray<aiVectorKey> scalingKeys,
                                         const aiMatrix4x4 &rest = aiMatrix4x4());

/** Builds an animation from channels. */
std::unique_ptr<aiAnimation> MakeAnimation(const std::string &name, double ticksPerSecond,
                                           double duration,
                                           std::vector<std::unique_ptr<aiNodeAnim>> channels);

/** Collects typed key/value pairs and makes one aiMetadata of the right size at the end
 *  (aiMetadata::Add reallocates on every call). Values are flat: see the note below. */
class MetadataBuilder {
public:
    MetadataBuilder &add(const std::string &key, bool value);
    MetadataBuilder &add(const std::string &key, int32_t value);
    MetadataBuilder &add(const std::string &key, uint64_t value);
    MetadataBuilder &add(const std::string &key, float value);
    MetadataBuilder &add(const std::string &key, double value);
    MetadataBuilder &add(const std::string &key, const std::string &value);
    MetadataBuilder &add(const std::string &key, const char *value);
    MetadataBuilder &add(const std::string &key, const aiVector3D &value);
    // Deliberately no nested aiMetadata: Assimp 5.2.5's SceneCombiner::Copy asserts on it (an
    // abort with Debian's library), and every exporter copies the scene. Use flat, prefixed
    // keys ("P3D.Selections[<name>].Points", MetadataKeys.h) instead.

    bool empty() const { return mEntries.empty(); }
    /** Entries added after the first `limit` are counted but not kept: a converter's metadata
     *  budget (P3D) never keeps more, so they need not take memory meanwhile. */
    void setLimit(size_t limit) { mLimit = limit; }
    /** How many entries were added, those past the limit included. */
    size_t added() const { return mEntries.size() + mPastLimit; }
    /** Drops every entry after the first `count`. */
    void keepFirst(size_t count) {
        if (count < mEntries.size()) {
            mEntries.resize(count);
        }
    }
    /** The metadata, or nullptr when empty. */
    aiMetadata *build() const;
    /** Adds the entries to `target`'s metadata, creating it or merging with what is there. */
    void mergeInto(aiMetadata *&target) const;

private:
    struct Entry {
        std::string key;
        aiMetadataType type;
        bool boolValue = false;
        int32_t intValue = 0;
        uint64_t uintValue = 0;
        float floatValue = 0;
        double doubleValue = 0;
        std::string stringValue;
        aiVector3D vectorValue;
    };
    bool atLimit() {
        if (mEntries.size() < mLimit) {
            return false;
        }
        ++mPastLimit;
        return true;
    }

    std::vector<Entry> mEntries;
    size_t mLimit = SIZE_MAX;
    size_t mPastLimit = 0;
};

/** The units and axes of a file, as every importer records them in scene metadata (the
 *  Coordinates policy of DEVELOPERS.md). */
struct SceneUnits {
    int32_t upAxis = 1;            ///< the file's up axis before any root rotation: 0 X, 1 Y, 2 Z
    double unitScaleFactor = 1.0;  ///< centimetres per file unit
    std::string units;             ///< the unit's name, e.g. "metre"
    bool rootRotatedToYUp = false; ///< the importer turned the root from Z-up to Y-up
    float rootScale = 1.0f;        ///< the scale option put on the root
};

/** Adds UpAxis, UpAxisSign (1), UnitScaleFactor, GameFormats.Units,
 *  GameFormats.RootRotatedToYUp and GameFormats.RootScale. */
void AddUnitsMetadata(MetadataBuilder &metadata, const SceneUnits &units);

/** Owns the parts of a scene while a converter works, so that nothing leaks if a later step
 *  throws, and hands them to the aiScene in one go. */
class SceneParts {
public:
    unsigned addMesh(std::unique_ptr<aiMesh> mesh);
    unsigned addMaterial(std::unique_ptr<aiMaterial> material);
    unsigned addAnimation(std::unique_ptr<aiAnimation> animation);
    unsigned addLight(std::unique_ptr<aiLight> light);
    unsigned addCamera(std::unique_ptr<aiCamera> camera);
    size_t meshCount() const { return mMeshes.size(); }
    size_t materialCount() const { return mMaterials.size(); }
    aiMesh *mesh(size_t index) const { return mMeshes[index].get(); }

    /** Moves everything into `scene`. Adds a default material when meshes need one. */
    void moveInto(aiScene *scene);

private:
    std::vector<std::unique_ptr<aiMesh>> mMeshes;
    std::vector<std::unique_ptr<aiMaterial>> mMaterials;
    std::vector<std::unique_ptr<aiAnimation>> mAnimations;
    std::vector<std::unique_ptr<aiLight>> mLights;
    std::vector<std::unique_ptr<aiCamera>> mCameras;
};

/** A material with a name and, when not empty, a diffuse texture path. */
std::unique_ptr<aiMaterial> MakeMaterial(const std::string &name,
                                         const std::string &diffuseTexture = std::string());

/** Attaches mesh indices to a node. */
void SetNodeMeshes(aiNode *node, const std::vector<unsigned> &meshIndices);

} // namespace agf
