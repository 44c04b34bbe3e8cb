/** @file OdolV4xParser.cpp
 *  ODOL v40 to v75: the header (appID from v59, a prefix string from v58, the encryption
 *  fields of v75), then ModelInfo, animations, the LOD directory and every LOD body between its
 *  directory offsets, so that damage in one body cannot shift the others.
 */
#include "OdolParser.h"
#include "OdolV4x.h"
#include "P3dFaces.h"
#include "P3dLodThreads.h"

#include <memory>

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

// Each body lies between its directory offsets: the bodies are read on several threads.
void ReadBodies(const uint8_t *data, size_t size, const std::string &fileName, const Layout &layout,
                const LodDirectory &directory, const std::vector<float> &resolutions, Model &model,
                Warnings &warnings, unsigned threads) {
    const size_t lodCount = resolutions.size();
    std::vector<size_t> costs(lodCount);
    for (size_t i = 0; i < lodCount; ++i) {
        costs[i] =
            directory.starts[i] <= directory.ends[i] ? directory.ends[i] - directory.starts[i] : 0;
    }
    ReadLocatedLodBodies(
        costs, threads, warnings, fileName,
        [&](size_t i, Warnings &lodWarnings) {
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
