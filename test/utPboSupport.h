/** @file utPboSupport.h
 *  What the PBO tests share: the generated archives written to a folder, the pixels their
 *  textures decode to, an IOSystem that counts the bytes read through it, and one that serves
 *  a synthetic archive of any size without storing it.
 */
#pragma once

#include "ForwardingIOSystem.h"
#include "TestSupport.h"

#include "PaaWriter.h"
#include "PboWriter.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cstring>
#include <memory>

namespace agf::test::pbo {

/** Writes agf_models.pbo and agf_textures.pbo into `folder`. */
inline void WriteGeneratedArchives(const std::filesystem::path &folder) {
    WriteBytes(folder / "agf_models.pbo", testgen::pbo::WritePbo(testgen::pbo::ModelsPboSpec()));
    WriteBytes(folder / "agf_textures.pbo",
               testgen::pbo::WritePbo(testgen::pbo::TexturesPboSpec()));
}

/** The pixels (RGBA, rows from the top) of the generated PAA texture `name`. */
inline std::vector<uint8_t> PaaPixels(const std::string &name) {
    for (const testgen::paa::PaaTestTexture &texture : testgen::paa::PaaTestTextures()) {
        if (texture.name == name) {
            return texture.rgba;
        }
    }
    return {};
}

/** A stream that adds the bytes it reads to a counter. */
class CountingStream : public Assimp::IOStream {
public:
    CountingStream(Assimp::IOStream *inner, uint64_t &counter) : mInner(inner), mCounter(counter) {}
    ~CountingStream() override { delete mInner; }
    size_t Read(void *buffer, size_t size, size_t count) override {
        const size_t read = mInner->Read(buffer, size, count);
        mCounter += read * size;
        return read;
    }
    size_t Write(const void *, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override { return mInner->Seek(offset, origin); }
    size_t Tell() const override { return mInner->Tell(); }
    size_t FileSize() const override { return mInner->FileSize(); }
    void Flush() override {}

private:
    Assimp::IOStream *mInner;
    uint64_t &mCounter;
};

/** The disk, counting every byte read through it. */
class CountingIOSystem : public agf::test::ForwardingIOSystem {
public:
    explicit CountingIOSystem(uint64_t &counter) : mCounter(counter) {}
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override {
        Assimp::IOStream *stream = ForwardingIOSystem::Open(file, mode);
        return stream == nullptr ? nullptr : new CountingStream(stream, mCounter);
    }
    void Close(Assimp::IOStream *stream) override { delete stream; }

private:
    uint64_t &mCounter;
};

/** A file made of `head`, `fillerBytes` zero bytes and `tail`, produced as it is read. */
class SyntheticStream : public Assimp::IOStream {
public:
    SyntheticStream(const std::vector<uint8_t> &head, uint64_t fillerBytes,
                    const std::vector<uint8_t> &tail, uint64_t &counter)
        : mHead(head), mFiller(fillerBytes), mTail(tail), mCounter(counter) {}
    size_t Read(void *buffer, size_t size, size_t count) override {
        const uint64_t total = mHead.size() + mFiller + mTail.size();
        if (size == 0 || mPosition >= total) {
            return 0;
        }
        const uint64_t wanted = std::min<uint64_t>(count, (total - mPosition) / size) * size;
        auto *out = static_cast<uint8_t *>(buffer);
        for (uint64_t i = 0; i < wanted; ++i, ++mPosition) {
            const uint64_t p = mPosition;
            out[i] = p < mHead.size()             ? mHead[p]
                     : p < mHead.size() + mFiller ? uint8_t{0}
                                                  : mTail[p - mHead.size() - mFiller];
        }
        mCounter += wanted;
        return static_cast<size_t>(wanted / size);
    }
    size_t Write(const void *, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        const uint64_t total = mHead.size() + mFiller + mTail.size();
        const uint64_t target = origin == aiOrigin_SET   ? offset
                                : origin == aiOrigin_CUR ? mPosition + offset
                                                         : total - offset;
        if (target > total) {
            return aiReturn_FAILURE;
        }
        mPosition = target;
        return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return static_cast<size_t>(mPosition); }
    size_t FileSize() const override {
        return static_cast<size_t>(mHead.size() + mFiller + mTail.size());
    }
    void Flush() override {}

private:
    const std::vector<uint8_t> &mHead;
    uint64_t mFiller;
    const std::vector<uint8_t> &mTail;
    uint64_t &mCounter;
    uint64_t mPosition = 0;
};

/** Serves one synthetic file, `name`, and nothing else. */
class SyntheticIOSystem : public Assimp::IOSystem {
public:
    SyntheticIOSystem(std::string name, std::vector<uint8_t> head, uint64_t fillerBytes,
                      std::vector<uint8_t> tail, uint64_t &counter)
        : mName(std::move(name)), mHead(std::move(head)), mFiller(fillerBytes),
          mTail(std::move(tail)), mCounter(counter) {}
    bool Exists(const char *file) const override { return mName == file; }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override {
        if (mName != file || std::strchr(mode, 'w') != nullptr) {
            return nullptr;
        }
        return new SyntheticStream(mHead, mFiller, mTail, mCounter);
    }
    void Close(Assimp::IOStream *stream) override { delete stream; }

private:
    std::string mName;
    std::vector<uint8_t> mHead;
    uint64_t mFiller;
    std::vector<uint8_t> mTail;
    uint64_t &mCounter;
};

} // namespace agf::test::pbo
