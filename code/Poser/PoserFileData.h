/** @file PoserFileData.h
 *  What the Poser parser reads from a pose (PZ2/P2Z) or figure (CR2/CRZ) file, in the file's
 *  own terms: Poser native units, degrees, frame numbers. No Assimp types.
 */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace agf::poser {

/** What a channel drives. Everything that is not a transform is `Other` and ends up in
 *  metadata (morph dials, control dials, deformers, visibility...). */
enum class ChannelKind {
    RotateX,
    RotateY,
    RotateZ,
    TranslateX,
    TranslateY,
    TranslateZ,
    Scale,  ///< `scale` and `propagatingScale`: uniform factor
    ScaleX, ///< `scaleX` and `propagatingScaleX`
    ScaleY,
    ScaleZ,
    Other,
};

struct PoserKey {
    double frame = 0; ///< 0-based Poser frame (`k 0` is Poser's frame 1)
    double value = 0;
};

struct PoserChannel {
    std::string type;         ///< as written: "rotateY", "targetGeom", "valueParm"...
    std::string internalName; ///< "yrot", or the morph's name
    ChannelKind kind = ChannelKind::Other;
    bool isStatic = false; ///< `static 1`: staticValue holds the value, `k` lines are ignored
    bool hasStaticValue = false;
    double staticValue = 0;
    std::vector<PoserKey> keys; ///< sorted by frame, one key per frame (the last one written wins)
    uint64_t offset = 0;        ///< byte offset of the channel type token
    uint32_t line = 0;

    /** True when the channel gives a value at all: a key or a static value. (`static 1` without
     *  a staticValue line falls back to the keys.) */
    bool hasValue() const { return hasStaticValue || !keys.empty(); }
};

/** Three numbers that may be absent from the file. */
struct PoserVector {
    bool present = false;
    double x = 0;
    double y = 0;
    double z = 0;
};

struct PoserActor {
    std::string name;   ///< without the instance suffix: "hip" for `actor hip:1`
    int instance = -1;  ///< the `:N` suffix, -1 when absent
    std::string parent; ///< parent actor name without suffix; "" for none or UNIVERSE
    bool hasParentLine = false;
    PoserVector origin;
    PoserVector endPoint;
    PoserVector orientation; ///< degrees about X, Y, Z, composed in the rotation order
    /** The axes of the rotate channels in the order they are listed, e.g. "YZX". */
    std::string rotationOrder;
    std::vector<PoserChannel> channels;
    uint64_t offset = 0; ///< byte offset of the first `actor` keyword for this actor
    uint32_t line = 0;
};

struct PoserFile {
    std::string version; ///< the `version { number N }` value as written
    /** Geometry references in the order found: `figureResFile` first, then the actors'
     *  `objFileGeom` paths. Poser ':'-paths as written. */
    std::vector<std::string> geometryPaths;
    std::vector<PoserActor> actors; ///< both declarations of an actor merged, in first-seen order
    std::string figureRoot;         ///< `figure { root NAME }`, suffix stripped
    /** `figure { addChild CHILD PARENT }` pairs, suffixes stripped. */
    std::vector<std::pair<std::string, std::string>> addChild;
    size_t skippedBlocks = 0; ///< prop, light, camera... blocks skipped at the top level
};

} // namespace agf::poser
