/** @file OdolV4xParser.cpp
 *  ODOL v40 to v75: the header (appID from v59, a prefix string from v58, the encryption
 *  fields of v75), then ModelInfo, animations, the LOD directory and every LOD body between its
 *  directory offsets, so that damage in one body cannot shift the others.
 */
#include "OdolParser.h"
#include "OdolV4x.h"
#include "P3dFaces.h"
#include "P3dLodThreads.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace agf::p3d {

namespace {

using odol4x::Layout;
using odol4x::LodDirectory;

void ReadHeader(BinaryReader &reader, const Layout &layout, Model &model) {
    reader.setStructure("ODOL header");
    reader.skip(8); // signature and version, checked by ParseOdol
    if (layout.version >= odol4x::kEncryptionFieldsVersion) {
        const uint64_t offset = reader.offset();
        const uint32_t first = reader.u32();
        const uint32_t second = reader.u32();
        if (first != 0 || second != 0) {
            reader.failAt(offset, "ODOL version " + std::to_string(layout.version) +
                                      " is encrypted (header fields " + std::to_string(first) +
                                      ", " + std::to_string(second) +
                                      "); encrypted Arma 3 models cannot be read");
        }
    }
    if (layout.version >= 59) {
        model.info.emplace_back("appID", std::to_string(reader.u32()));
    }
    if (layout.version >= 58) {
        model.info.emplace_back("prefix", ReadAsciiz(reader));
    }
}

// Which LODs the engine keeps loaded (Arma's permanent LODs; the others are loadable), as
// metadata in header order.
void DescribeDirectory(const LodDirectory &directory, Model &model) {
    std::string permanent;
    for (size_t i = 0; i < directory.permanent.size(); ++i) {
        permanent += (i == 0 ? "" : " ") + std::to_string(directory.permanent[i] ? 1 : 0);
    }
    model.info.emplace_back("lodPermanent", permanent);
}

// A body is read for one LOD only. Every real file (v48, v50, v73) lays its bodies end to end,
// but a directory may put tens of thousands of 13-byte entries on one large body, each of which
// would parse and convert it (and expand its compressed arrays) again. Of the LODs whose bodies
// overlap, the one whose body starts first keeps it (the lower LOD when two start together); the
// others are left out, with one warning. Bodies outside the file are refused when read.
std::vector<bool> LodsOnAnotherLodsBody(const LodDirectory &directory, size_t size,
                                        const std::string &fileName, Warnings &warnings) {
    const std::vector<uint32_t> &starts = directory.starts;
    const std::vector<uint32_t> &ends = directory.ends;
    std::vector<size_t> order;
    for (size_t i = 0; i < starts.size(); ++i) {
        if (starts[i] <= ends[i] && ends[i] <= size) {
            order.push_back(i);
        }
    }
    std::stable_sort(order.begin(), order.end(),
                     [&starts](size_t a, size_t b) { return starts[a] < starts[b]; });
    std::vector<bool> leftOut(starts.size(), false);
    size_t owner = 0; // the LOD read last in file order: its body ends after every other read
    size_t first = 0, firstOwner = 0, count = 0;
    for (size_t k = 0; k < order.size(); ++k) {
        const size_t i = order[k];
        if (k == 0 || starts[i] >= ends[owner]) {
            owner = i;
            continue;
        }
        leftOut[i] = true;
        if (count++ == 0) {
            first = i;
            firstOwner = owner;
        }
    }
    if (count != 0) {
        const auto range = [&](size_t i) {
            return "bytes " + std::to_string(starts[i]) + " to " + std::to_string(ends[i]);
        };
        warnings.add(WarningKind::Inconsistent,
                     FilePlace{fileName, "LOD directory", directory.offset + 4 * first, 0},
                     "LOD " + std::to_string(first) + " (" + range(first) +
                         ") lies on the body of LOD " + std::to_string(firstOwner) + " (" +
                         range(firstOwner) +
                         "); left out, as is every LOD whose body overlaps another's",
                     count);
    }
    return leftOut;
}

// Each body lies between its directory offsets: the bodies are read on several threads.
void ReadBodies(const uint8_t *data, size_t size, const std::string &fileName, const Layout &layout,
                const LodDirectory &directory, const std::vector<float> &resolutions, Model &model,
                Warnings &warnings, unsigned threads) {
    const size_t lodCount = resolutions.size();
    const std::vector<bool> leftOut = LodsOnAnotherLodsBody(directory, size, fileName, warnings);
    std::vector<size_t> costs(lodCount);
    for (size_t i = 0; i < lodCount; ++i) {
        costs[i] = directory.starts[i] <= directory.ends[i] && !leftOut[i]
                       ? directory.ends[i] - directory.starts[i]
                       : 0;
    }
    ReadLocatedLodBodies(
        costs, threads, warnings, fileName,
        [&](size_t i, Warnings &lodWarnings) -> std::optional<Lod> {
            if (leftOut[i]) {
                return std::nullopt;
            }
            const uint32_t start = directory.starts[i];
            const uint32_t end = directory.ends[i];
            if (start > size || end > size || start > end) {
                ThrowImportError(fileName, "LOD directory", directory.offset + 4 * i,
                                 "LOD " + std::to_string(i) + " spans bytes " +
                                     std::to_string(start) + " to " + std::to_string(end) +
                                     " of a " + std::to_string(size) + "-byte file");
            }
            BinaryReader body(data + start, end - start, fileName, start);
            Lod lod = odol4x::ReadLodBody(body, layout, i, resolutions[i], model, lodWarnings);
            if (!body.atEnd()) {
                lodWarnings.add(WarningKind::Inconsistent, body,
                                std::to_string(body.remaining()) +
                                    " bytes before the LOD's directory end are left unread");
            }
            const int32_t loadableFaces = directory.loadableFaceCounts[i];
            if (loadableFaces >= 0 && static_cast<size_t>(loadableFaces) != FaceCount(lod)) {
                lodWarnings.add(WarningKind::Inconsistent, fileName, "LOD directory",
                                directory.offset,
                                "LOD " + std::to_string(i) + ": the directory counts " +
                                    std::to_string(loadableFaces) + " faces, the body has " +
                                    std::to_string(FaceCount(lod)));
            }
            return lod;
        },
        model.lods);
}

// The binarizer moves an autoCenter model so that its bounding centre is the origin, and keeps
// the centre in ModelInfo (checked on BuildingPos_v73 against its MLOD source: every position
// is off by exactly boundingCenter). Adding it back puts the model where its source had it.
// The other versions, v40 included, are taken to centre alike (no file of theirs shows it).
void RestoreCentre(const Vec3 &centre, Model &model) {
    if (centre.x == 0 && centre.y == 0 && centre.z == 0) {
        return;
    }
    auto move = [&centre](Vec3 &p) {
        p.x += centre.x;
        p.y += centre.y;
        p.z += centre.z;
    };
    for (Lod &lod : model.lods) {
        for (Vec3 &point : lod.points) {
            move(point);
        }
        for (Frame &frame : lod.frames) {
            for (Vec3 &point : frame.positions) {
                move(point);
            }
        }
        for (Proxy &proxy : lod.proxies) {
            move(proxy.rows[3]);
        }
    }
    for (AnimationClass &animation : model.animations) {
        move(animation.axisPosition);
    }
}

} // namespace

Model ParseOdolV4x(const uint8_t *data, size_t size, const std::string &fileName, uint32_t version,
                   Warnings &warnings, unsigned threads) {
    Model model;
    model.kind = FileKind::OdolV40; // v40 and later: the converter treats them alike
    model.version = version;
    Layout layout;
    layout.version = version;
    BinaryReader reader(data, size, fileName);
    ReadHeader(reader, layout, model);
    const size_t lodCount = reader.checkedCount(reader.i32(), 4 + 4 + 4 + 1, "LOD");
    std::vector<float> resolutions(lodCount);
    for (float &resolution : resolutions) {
        resolution = reader.f32();
    }
    const Vec3 centre = odol4x::ReadModelInfo(reader, layout, lodCount, model);
    odol::ReadAnimations(reader, layout.version, lodCount, model, warnings);
    const LodDirectory directory = odol4x::ReadLodDirectory(reader, layout, lodCount);
    ReadBodies(data, size, fileName, layout, directory, resolutions, model, warnings, threads);
    DescribeDirectory(directory, model);
    RestoreCentre(centre, model);
    return model;
}

} // namespace agf::p3d
