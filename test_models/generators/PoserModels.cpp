/** @file PoserModels.cpp
 *  The committed Poser test models (test_models/poser/) and their writers.
 */
#include "PoserModels.h"

#include "GeneratedModels.h"

#include <algorithm>
#include <cstdio>

namespace agf::testgen {

namespace poser {

namespace {

std::string Num(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

std::string Vec(const double (&v)[3]) {
    return Num(v[0]) + " " + Num(v[1]) + " " + Num(v[2]);
}

std::vector<uint8_t> Bytes(const std::string &text) {
    return std::vector<uint8_t>(text.begin(), text.end());
}

const char *InternalRotateName(char axis) {
    return axis == 'X' ? "xrot" : axis == 'Y' ? "yrot" : "zrot";
}

// A CR2 channel with Poser's usual internals, which the importer must skip.
std::string Cr2Channel(const std::string &type, const std::string &name, int stringRes) {
    return "\t\t" + type + " " + name + "\n\t\t\t{\n\t\t\tname GetStringRes(1028," +
           std::to_string(stringRes) +
           ")\n\t\t\tinitValue 0\n\t\t\thidden 0\n\t\t\tforceLimits 0\n\t\t\tmin -100000\n"
           "\t\t\tmax 100000\n\t\t\ttrackingScale 1\n\t\t\tkeys\n\t\t\t\t{\n\t\t\t\tstatic 0\n"
           "\t\t\t\tk 0 0\n\t\t\t\t}\n\t\t\tinterpStyleLocked 0\n\t\t\t}\n";
}

class BitWriter {
public:
    void bits(uint32_t value, int count) {
        for (int i = 0; i < count; ++i) {
            if (mUsed == 0) {
                mBytes.push_back(0);
            }
            mBytes.back() |= static_cast<uint8_t>(((value >> i) & 1u) << mUsed);
            mUsed = (mUsed + 1) % 8;
        }
    }
    /** Huffman codes go most significant bit first. */
    void code(uint32_t value, int count) {
        uint32_t reversed = 0;
        for (int i = 0; i < count; ++i) {
            reversed |= ((value >> i) & 1u) << (count - 1 - i);
        }
        bits(reversed, count);
    }
    std::vector<uint8_t> &bytes() { return mBytes; }

private:
    std::vector<uint8_t> mBytes;
    int mUsed = 0;
};

uint32_t Crc32Update(uint32_t crc, const uint8_t *data, size_t size) {
    crc = ~crc;
    for (size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int k = 0; k < 8; ++k) {
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

void PutU32(std::vector<uint8_t> &out, uint32_t value) {
    for (int k = 0; k < 4; ++k) {
        out.push_back(static_cast<uint8_t>(value >> (8 * k)));
    }
}

// Magic, deflate, no flags, mtime 0, no extra flags, OS unknown.
std::vector<uint8_t> GzipHeader() {
    return {0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF};
}

} // namespace

const std::vector<FigureActor> &ChainFigure() {
    static const std::vector<FigureActor> actors = {
        {"BODY", "UNIVERSE", {0, 0, 0}, {0, 0.1, 0}, {0, 0, 0}, "YZX", false},
        {"hip", "BODY", {0, 0.38, 0}, {0, 0.33, 0}, {0, 0, 0}, "YZX", true},
        {"abdomen", "hip", {0, 0.40, 0}, {0, 0.46, 0}, {0, 0, 0}, "YZX", true},
        {"chest", "abdomen", {0, 0.46, 0}, {0, 0.55, 0.01}, {5, -10, 8}, "YXZ", true},
        {"neck", "chest", {0, 0.55, 0.01}, {0, 0.60, 0.015}, {0, 20, 0}, "YZX", true},
        {"head", "neck", {0, 0.60, 0.015}, {0, 0.68, 0.02}, {-12, 0, 6}, "ZXY", true},
        {"lThigh", "hip", {0.035, 0.37, 0}, {0.04, 0.21, 0}, {0, 0, -3}, "YXZ", true},
    };
    return actors;
}

const std::vector<PoseDial> &StaticChainPose() {
    static const std::vector<PoseDial> dials = {
        {"BODY", "translateX", "xtran", {{0, 0}}},
        {"BODY", "translateY", "ytran", {{0, 0}}},
        {"BODY", "translateZ", "ztran", {{0, 0}}},
        {"BODY", "valueParm", "PBMHeight", {{0, 0.5}}},
        {"hip", "translateY", "ytran", {{0, -0.02}}},
        {"hip", "rotateY", "yrot", {{0, 15}}},
        {"hip", "rotateZ", "zrot", {{0, 0}}},
        {"hip", "rotateX", "xrot", {{0, -5}}},
        {"abdomen", "rotateX", "xrot", {{0, 10}}},
        {"chest", "rotateY", "yrot", {{0, 8}}},
        {"chest", "rotateX", "xrot", {{0, 12}}},
        {"chest", "rotateZ", "zrot", {{0, -6}}},
        // Listed in another order than the CR2's YZX: the figure's order must win.
        {"neck", "rotateX", "xrot", {{0, -7}}},
        {"neck", "rotateZ", "zrot", {{0, 5}}},
        {"neck", "rotateY", "yrot", {{0, 20}}},
        {"head", "rotateZ", "zrot", {{0, 3}}},
        {"head", "rotateX", "xrot", {{0, -15}}},
        {"head", "rotateY", "yrot", {{0, 25}}},
        {"head", "targetGeom", "Smile", {{0, 0.75}}},
        {"lThigh", "rotateY", "yrot", {{0, 0}}},
        {"lThigh", "rotateX", "xrot", {{0, -30}}},
        {"lThigh", "rotateZ", "zrot", {{0, 4.5}}},
    };
    return dials;
}

const std::vector<PoseDial> &WalkChainPose() {
    static const std::vector<PoseDial> dials = {
        {"BODY", "translateX", "xtran", {{0, 0}}},
        {"BODY", "translateY", "ytran", {{0, 0}}},
        {"BODY", "translateZ", "ztran", {{0, 0}}},
        {"hip", "translateY", "ytran", {{0, -0.02}}},
        {"hip", "rotateY", "yrot", {{0, 15}}},
        {"hip", "rotateZ", "zrot", {{0, 0}}},
        {"hip", "rotateX", "xrot", {{0, -5}}},
        {"abdomen", "rotateX", "xrot", {{0, 10}, {10, 20}}},
        {"chest", "rotateY", "yrot", {{0, 0}, {5, 30}, {10, 0}}},
        {"chest", "rotateX", "xrot", {{0, 12}}},
        {"lThigh", "rotateY", "yrot", {{0, 0}}},
        {"lThigh", "rotateX", "xrot", {{0, -30}}},
        {"lThigh", "rotateZ", "zrot", {{0, 4.5}}},
    };
    return dials;
}

std::string ChainFigureText() {
    const std::vector<FigureActor> &actors = ChainFigure();
    std::string text = "{\n\nversion\n\t{\n\tnumber 4.01\n\t}\n"
                       "figureResFile :Runtime:Geometries:Synthetic:chain.obj\n";
    // Poser writes every actor twice: a stub with the geometry handler, then the full block.
    for (const FigureActor &actor : actors) {
        text += "actor " + actor.name +
                ":1\n\t{\n\tstorageOffset 0 0.3487 0\n\tgeomHandlerGeom 13 " + actor.name +
                "\n\t}\n";
    }
    text += "figureResFile :Runtime:Geometries:Synthetic:chain.obj\n";
    int stringRes = 1;
    for (const FigureActor &actor : actors) {
        text += "actor " + actor.name + ":1\n\t{\n\tname\t" + actor.name +
                "\n\ton\n\tbend 1\n\tdynamicsLock 1\n\thidden 0\n\taddToMenu\t1\n"
                "\tcastsShadow 1\n\tincludeInDepthCue 1\n\tparent " +
                actor.parent + (actor.parent == "UNIVERSE" ? "" : ":1") + "\n\tchannels\n\t\t{\n";
        if (actor.name == "BODY" || actor.name == "hip") {
            text += Cr2Channel("translateX", "xtran", stringRes++);
            text += Cr2Channel("translateY", "ytran", stringRes++);
            text += Cr2Channel("translateZ", "ztran", stringRes++);
        }
        if (actor.name != "BODY") {
            // Deformer channels come before the rotations in real figures.
            text += "\t\ttwistY twisty\n\t\t\t{\n\t\t\tname twisty\n\t\t\tinitValue 0\n"
                    "\t\t\tkeys\n\t\t\t\t{\n\t\t\t\tstatic 0\n\t\t\t\tk 0 0\n\t\t\t\t}\n"
                    "\t\t\tstartPt 0.4\n\t\t\tendPt 0.45\n\t\t\tcalcWeights\n\t\t\t}\n";
        }
        for (char axis : actor.rotationOrder) {
            text += Cr2Channel(std::string("rotate") + axis, InternalRotateName(axis), stringRes++);
        }
        if (actor.name == "head") {
            text += "\t\ttargetGeom Smile\n\t\t\t{\n\t\t\tname Smile\n\t\t\tinitValue 0\n"
                    "\t\t\tkeys\n\t\t\t\t{\n\t\t\t\tstatic 0\n\t\t\t\tk 0 0\n\t\t\t\t}\n"
                    "\t\t\tindexes 1\n\t\t\tnumbDeltas 24\n\t\t\tdeltas\n\t\t\t\t{\n"
                    "\t\t\t\td 3 0.001 0.002 0\n\t\t\t\t}\n\t\t\t}\n";
        }
        text += "\t\t}\n\tendPoint " + Vec(actor.endPoint) + "\n\torigin " + Vec(actor.origin) +
                "\n\torientation " + Vec(actor.orientation) +
                "\n\tdisplayOrigin 0\n\tdisplayMode USEPARENT\n\tcustomMaterial 0\n\tlocked 0\n"
                "\t}\n";
    }
    text += "figure\n\t{\n\tname Figure 1\n\troot BODY:1\n";
    for (const FigureActor &actor : actors) {
        if (actor.parent != "UNIVERSE") {
            text += "\taddChild " + actor.name + ":1 " + actor.parent + ":1\n";
        }
    }
    text += "\tdefaultPick hip:1\n\tdisplayOrigin 0\n\tallowsBending 1\n\tfigureType 7\n\t}\n}\n";
    return text;
}

std::string PoseText(const std::vector<PoseDial> &dials, bool withExtras) {
    std::string text = "{ version { number 4.01 }\n";
    if (withExtras) {
        // Pose files may carry sections for other things (here a prop): skipped.
        text += "prop ball:1\n\t{\n\tchannels\n\t\t{\n\t\trotateX xrot { keys { k 0 45 } }\n"
                "\t\t}\n\t}\n";
    }
    size_t i = 0;
    size_t actorIndex = 0;
    while (i < dials.size()) {
        const std::string &actor = dials[i].actor;
        // Whitespace varies on purpose: one actor all on one line, the others in Poser's
        // layout with the braces placed differently.
        const bool oneLine = actorIndex % 3 == 1;
        text += oneLine ? "actor " + actor + ":1 { channels { "
                        : "actor " + actor + (actorIndex % 2 == 0 ? ":1" : "") +
                              "\n  {\n  channels {\n";
        for (; i < dials.size() && dials[i].actor == actor; ++i) {
            const PoseDial &dial = dials[i];
            const bool animated = dial.keys.size() > 1;
            text += oneLine ? dial.type + " " + dial.internalName + " { keys { static 0 "
                            : "\t" + dial.type + " " + dial.internalName +
                                  "\n\t\t{\n\t\tkeys\n"
                                  "\t\t\t{\n\t\t\tstatic 0\n";
            for (const auto &[frame, value] : dial.keys) {
                text += oneLine ? "k " + Num(frame) + " " + Num(value) + " "
                                : "\t\t\tk " + Num(frame) + " " + Num(value) + "\n";
                if (animated) {
                    text += oneLine ? "sl 1 spl sm " : "\t\t\tsl 1\n\t\t\tspl\n\t\t\tsm\n";
                }
            }
            text += oneLine ? "} } " : "\t\t\t}\n\t\t}\n";
        }
        text += oneLine ? "} }\n" : "  }\n  }\n";
        ++actorIndex;
    }
    text += "}\n";
    return text;
}

std::string ChainObjText() {
    std::string text = "# Synthetic geometry for chain.cr2: one quad per actor, in PNU\n";
    size_t vertex = 1;
    for (const FigureActor &actor : ChainFigure()) {
        if (!actor.hasGeometry) {
            continue;
        }
        const double w = kObjHalfWidth;
        text += "g " + actor.name + "\n";
        text += "v " + Num(actor.origin[0] - w) + " " + Num(actor.origin[1]) + " " +
                Num(actor.origin[2]) + "\n";
        text += "v " + Num(actor.origin[0] + w) + " " + Num(actor.origin[1]) + " " +
                Num(actor.origin[2]) + "\n";
        text += "v " + Num(actor.endPoint[0] + w) + " " + Num(actor.endPoint[1]) + " " +
                Num(actor.endPoint[2]) + "\n";
        text += "v " + Num(actor.endPoint[0] - w) + " " + Num(actor.endPoint[1]) + " " +
                Num(actor.endPoint[2]) + "\n";
        text += "f " + std::to_string(vertex) + " " + std::to_string(vertex + 1) + " " +
                std::to_string(vertex + 2) + " " + std::to_string(vertex + 3) + "\n";
        vertex += 4;
    }
    text += std::string("g ") + kObjStrayGroup + "\nv 0 0.7 0\nv 0.02 0.7 0\nv 0 0.72 0\nf " +
            std::to_string(vertex) + " " + std::to_string(vertex + 1) + " " +
            std::to_string(vertex + 2) + "\n";
    return text;
}

std::vector<uint8_t> GzipStored(const std::string &text) {
    std::vector<uint8_t> out = GzipHeader();
    const auto *data = reinterpret_cast<const uint8_t *>(text.data());
    size_t done = 0;
    do {
        const size_t length = std::min<size_t>(text.size() - done, 65535);
        const bool last = done + length == text.size();
        out.push_back(last ? 1 : 0); // BFINAL, BTYPE 00 (stored), padding to the byte
        out.push_back(static_cast<uint8_t>(length));
        out.push_back(static_cast<uint8_t>(length >> 8));
        out.push_back(static_cast<uint8_t>(~length));
        out.push_back(static_cast<uint8_t>(~length >> 8));
        out.insert(out.end(), data + done, data + done + length);
        done += length;
    } while (done < text.size());
    PutU32(out, Crc32Update(0, data, text.size()));
    PutU32(out, static_cast<uint32_t>(text.size()));
    return out;
}

std::vector<uint8_t> GzipRepeatedByte(uint8_t byte, size_t count) {
    const size_t matches = count > 1 ? (count - 1) / 258 : 0;
    const size_t total = 1 + matches * 258;
    BitWriter writer;
    writer.bits(1, 1); // BFINAL
    writer.bits(1, 2); // BTYPE 01: fixed Huffman codes
    // Literal 0..143: 8-bit codes 0x30 + value; 144..255: 9-bit codes 0x190 + value - 144.
    if (byte < 144) {
        writer.code(0x30u + byte, 8);
    } else {
        writer.code(0x190u + byte - 144u, 9);
    }
    for (size_t i = 0; i < matches; ++i) {
        writer.code(0xC0u + (285 - 280), 8); // length 258
        writer.code(0, 5);                   // distance 1
    }
    writer.code(0, 7); // end of block
    std::vector<uint8_t> out = GzipHeader();
    out.insert(out.end(), writer.bytes().begin(), writer.bytes().end());
    uint32_t crc = 0;
    std::vector<uint8_t> run(258, byte);
    crc = Crc32Update(crc, run.data(), 1);
    for (size_t i = 0; i < matches; ++i) {
        crc = Crc32Update(crc, run.data(), run.size());
    }
    PutU32(out, crc);
    PutU32(out, static_cast<uint32_t>(total));
    return out;
}

} // namespace poser

void AppendPoserModels(std::vector<GeneratedModel> &models) {
    using namespace poser;
    models.push_back({"poser/chain.cr2",
                      "CR2 figure: BODY-hip-abdomen-chest-neck-head chain and lThigh, rotation "
                      "orders and orientations, stub + full actor blocks, figure block",
                      [] { return Bytes(ChainFigureText()); }});
    models.push_back({"poser/chain.pz2",
                      "static pose for chain.cr2 (its sibling), a morph and a control dial, a "
                      "prop section to skip",
                      [] { return Bytes(PoseText(StaticChainPose(), true)); }});
    models.push_back({"poser/chain.p2z", "chain.pz2 gzipped (stored blocks, mtime 0)",
                      [] { return GzipStored(PoseText(StaticChainPose(), true)); }});
    models.push_back({"poser/chain_plain.p2z",
                      "chain.pz2 as plain text under a compressed extension (no sibling CR2)",
                      [] { return Bytes(PoseText(StaticChainPose(), true)); }});
    models.push_back({"poser/chain_walk.pz2",
                      "animated pose (spec 7): abdomen keys at frames 0 and 10, chest at 0, 5, "
                      "10, with sl/spl/sm tokens; no sibling CR2",
                      [] { return Bytes(PoseText(WalkChainPose(), false)); }});
    models.push_back({"poser/Runtime/Geometries/Synthetic/chain.obj",
                      "chain.cr2's geometry: one quad per actor group, a stray group",
                      [] { return Bytes(ChainObjText()); }});
}

} // namespace agf::testgen
