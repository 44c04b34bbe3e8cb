/** @file BorrowedIOSystem.h
 *  An IOSystem that forwards every call to one it does not own.
 *
 *  Assimp::Importer::SetIOHandler and Exporter::SetIOHandler take ownership of their handler and
 *  delete it, but a nested import (a PSW asset, a Poser figure's OBJ) or a nested export (our
 *  fixed writers running Assimp's own) must use the outer call's IOSystem, which belongs to
 *  someone else. Wrap it in one of these and hand that over instead.
 */
#pragma once

#include <assimp/IOSystem.hpp>

#include <string>

namespace agf {

class BorrowedIOSystem : public Assimp::IOSystem {
public:
    explicit BorrowedIOSystem(Assimp::IOSystem &target) : mTarget(target) {}

    using Assimp::IOSystem::Exists;
    bool Exists(const char *file) const override { return mTarget.Exists(file); }
    char getOsSeparator() const override { return mTarget.getOsSeparator(); }
    Assimp::IOStream *Open(const char *file, const char *mode) override {
        return mTarget.Open(file, mode);
    }
    void Close(Assimp::IOStream *stream) override { mTarget.Close(stream); }
    bool ComparePaths(const char *one, const char *second) const override {
        return mTarget.ComparePaths(one, second);
    }
    bool CreateDirectory(const std::string &path) override { return mTarget.CreateDirectory(path); }
    bool DeleteFile(const std::string &file) override { return mTarget.DeleteFile(file); }

protected:
    Assimp::IOSystem &target() const { return mTarget; }

private:
    Assimp::IOSystem &mTarget;
};

} // namespace agf
