/** @file GltfDocument.h
 *  A glTF 2.0 document as our writer edits it after Assimp's exporter: the JSON (nlohmann's
 *  ordered_json, which keeps Assimp's member order) and the bytes of buffer 0, with helpers to
 *  append data. Shared by the extras, lights and morph-weight passes.
 */
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

struct aiNode;
struct aiScene;

namespace agf::gltf {

using Json = nlohmann::ordered_json;

struct GltfDocument {
    Json json;
    /** The bytes of buffer 0: the GLB's BIN chunk, or the .bin file of a .gltf. */
    std::vector<uint8_t> buffer;
    /** For a .gltf: the uri of buffer 0 ("" when the document has no buffer yet), and the one to
     *  give a buffer that has to be created. */
    std::string bufferUri;
    std::string newBufferUri;
    bool binaryContainer = true;

    /** Appends `values` (floats, `components` per element: 1 SCALAR, 3 VEC3, 4 VEC4) as a new
     *  4-byte aligned buffer view and accessor; with `withBounds`, min and max are written, as
     *  glTF requires for animation inputs. Creates buffer 0 when there is none. Returns the
     *  accessor index. */
    unsigned appendFloatAccessor(const std::vector<float> &values, unsigned components,
                                 bool withBounds);

    /** Adds `name` to extensionsUsed once. */
    void useExtension(const std::string &name);

    /** Removes buffers without bytes that nothing references (glTF forbids empty buffers; Assimp
     *  writes one for scenes without geometry), and a buffer list left empty. */
    void dropEmptyBuffers();

    /** Removes animations without channels (glTF forbids them), e.g. one that held only morph
     *  channels whose nodes were not found. */
    void dropEmptyAnimations();

    /** glTF forbids `matrix` on a node an animation channel targets (Assimp writes matrices
     *  when a scene has no node animation, e.g. one with only morph-weight channels): such
     *  nodes get their transform as translation, rotation and scale instead, from `nodes` (the
     *  scene's nodes in export order). */
    void useTrsOnAnimatedNodes(const std::vector<const aiNode *> &nodes);
};

/** The nodes of `scene` in depth-first pre-order: the order in which Assimp 5.2.5's glTF 2
 *  exporter creates glTF nodes, so that index i names the same node on both sides. */
std::vector<const aiNode *> NodesInExportOrder(const aiScene &scene);

/** A float as the shortest decimal that reads back as the same float, as a double: JSON then
 *  shows 0.1 rather than 0.10000000149011612. Non-finite values become null in JSON. */
double ShortestDecimal(float value);

} // namespace agf::gltf
