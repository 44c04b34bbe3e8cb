/** @file ForwardingIOSystem.h
 *  An IOSystem that hands every call to Assimp's DefaultIOSystem. Tests that watch the calls
 *  of an import derive from it: Assimp 6 declares DefaultIOSystem final.
 */
#pragma once

#include <assimp/DefaultIOSystem.h>
#include <assimp/IOSystem.hpp>

namespace agf::test {

class ForwardingIOSystem : public Assimp::IOSystem {
public:
    bool Exists(const char *file) const override { return mFiles.Exists(file); }
    char getOsSeparator() const override { return mFiles.getOsSeparator(); }
    Assimp::IOStream *Open(const char *file, const char *mode) override {
        return mFiles.Open(file, mode);
    }
    void Close(Assimp::IOStream *stream) override { mFiles.Close(stream); }

private:
    mutable Assimp::DefaultIOSystem mFiles;
};

} // namespace agf::test
