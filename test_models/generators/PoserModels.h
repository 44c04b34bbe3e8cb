/** @file PoserModels.h
 *  Synthetic Poser files (spec section 7, extended to a 7-actor figure): the figure's numbers as
 *  tables, so that tests can compute expected poses independently of the importer, and the
 *  writers that turn the tables into CR2, PZ2, P2Z (gzip) and OBJ text.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace agf::testgen::poser {

/** One actor of the synthetic figure, in Poser native units and degrees. */
struct FigureActor {
    std::string name;
    std::string parent; ///< "UNIVERSE" for the figure's root actor
    double origin[3];
    double endPoint[3];
    double orientation[3];
    std::string rotationOrder; ///< rotate channels in the order listed in the CR2, e.g. "YZX"
    bool hasGeometry;          ///< whether the OBJ has a group named after it
};

/** BODY, hip, abdomen, chest, neck, head (a 6-actor chain) and lThigh (on hip). Orders YZX,
 *  YZX, YZX, YXZ, YZX, ZXY, YXZ; non-zero orientations on chest, neck, head and lThigh. */
const std::vector<FigureActor> &ChainFigure();

/** One dial of a pose: an actor's channel and its keys (frame, value). */
struct PoseDial {
    std::string actor;
    std::string type;         ///< "rotateX", "translateY", "targetGeom", "valueParm"...
    std::string internalName; ///< "xrot", "ytran", the morph name...
    std::vector<std::pair<double, double>> keys;
};

/** The static pose of chain.pz2: every transform dial at frame 0, plus a morph dial on head and
 *  a control dial on BODY. */
const std::vector<PoseDial> &StaticChainPose();
/** The animated pose of chain_walk.pz2 (spec 7): hip static, abdomen xrot 10 at frame 0 and 20
 *  at frame 10, chest yrot 0 / 30 / 0 at frames 0 / 5 / 10, lThigh static. */
const std::vector<PoseDial> &WalkChainPose();

/** Half the width (PNU, along X) of the OBJ quad drawn from each actor's origin to its endPoint. */
constexpr double kObjHalfWidth = 0.01;
/** The OBJ's extra group that matches no actor (one triangle). */
constexpr const char *kObjStrayGroup = "hairband";

std::string ChainFigureText();
std::string PoseText(const std::vector<PoseDial> &dials, bool withExtras);
std::string ChainObjText();

/** A gzip file of `text` with stored (uncompressed) deflate blocks and mtime 0: deterministic
 *  bytes that every inflater reads. */
std::vector<uint8_t> GzipStored(const std::string &text);
/** A gzip file whose deflate stream repeats `byte` `count` times (rounded to 1 + 258 n) with
 *  fixed-Huffman back-references: about 600 bytes per megabyte, to test decompression-bomb
 *  limits. */
std::vector<uint8_t> GzipRepeatedByte(uint8_t byte, size_t count);

} // namespace agf::testgen::poser
