/** @file PboArchive.h
 *  One PBO archive read through an Assimp IOSystem by offset: opening it reads the start of
 *  the file (64 KB, more only while the entry table needs more) and its last 21 bytes; an
 *  entry's bytes are read only when that entry is opened. A 2 GB archive is never read whole.
 *
 *  Entries are found by their path inside the archive or by their data-root path, the
 *  archive's prefix in front ("x/cba/addons/optics/reticles/a_ca.paa"), with '\' or '/' and
 *  ignoring the case of letters, as Arma's paths are written and compared.
 */
#pragma once

#include "Common/Warnings.h"
#include "PboFileData.h"

#include <assimp/IOStream.hpp>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace agf::pbo {

class PboArchive {
public:
    /** Reads the header and entry table of `path` through `io`, which must outlive the
     *  archive. Throws ImportError when the file cannot be opened or read, is not a PBO, or
     *  is so damaged that no entry can be located. */
    PboArchive(Assimp::IOSystem &io, const std::string &path);

    const std::string &path() const { return mPath; }
    /** The data-root path of the entries, '/'-separated ("x/cba/addons/optics"): the `prefix`
     *  property, or without one the archive's file name without ".pbo". */
    const std::string &prefix() const { return mPrefix; }
    const PboArchiveLayout &layout() const { return mLayout; }
    const std::vector<PboEntry> &entries() const { return mLayout.entries; }
    /** What reading the header and table found. */
    const Warnings &warnings() const { return mWarnings; }

    /** The entry at `inside` (its path in the archive, or the prefix and that path), or
     *  nullptr. */
    const PboEntry *find(const std::string &inside) const;

    /** A stream of the entry's bytes: a stored entry is read from the archive as the stream
     *  is read, a compressed one is unpacked now. Throws ImportError when the archive cannot
     *  be opened again or a compressed entry does not unpack to its size. */
    std::unique_ptr<Assimp::IOStream> openEntry(const PboEntry &entry) const;

    /** The entry's bytes. Throws as openEntry, and when fewer bytes can be read. */
    std::vector<uint8_t> readEntry(const PboEntry &entry) const;

private:
    std::unique_ptr<Assimp::IOStream> openArchive() const;
    void readLayout();
    void choosePrefix();

    Assimp::IOSystem &mIo;
    std::string mPath;
    std::string mFileName; ///< for messages
    PboArchiveLayout mLayout;
    std::string mPrefix;
    std::string mLowerPrefix;
    std::unordered_map<std::string, size_t> mByLowerPath;
    Warnings mWarnings;
};

/** The lower-case '/'-separated form an entry is looked up by ("" when the path would leave
 *  the archive). */
std::string PboLookupKey(const std::string &path);

/** True for a file name that ends in ".pbo", ignoring case. */
bool HasPboExtension(const std::string &path);

} // namespace agf::pbo
