/** @file ActorXChunkWriter.h
 *  Writing ActorX chunks: the 32-byte header (id, TypeFlag, DataSize, DataCount) and records,
 *  little-endian, packed (specs/actorx.md, section 1).
 */
#pragma once

#include "Common/ByteWriter.h"
#include "Common/FileVectors.h"

#include <cstdint>
#include <string>

namespace agf::actorx {

class ChunkWriter {
public:
    /** Starts a chunk of `count` records of `recordSize` bytes; the caller then writes exactly
     *  that many bytes. Throws ExportError when the count does not fit the header. */
    void begin(const std::string &id, size_t recordSize, size_t count, int32_t typeFlag = 0);
    /** Checks that the last chunk got exactly the bytes its header announced (a writer bug
     *  otherwise: std::logic_error). */
    void end();

    void f32(float value) { mOut.f32(value); }
    void i32(int32_t value) { mOut.i32(value); }
    void u32(uint32_t value) { mOut.u32(value); }
    void u16(uint16_t value) { mOut.u16(value); }
    void u8(uint8_t value) { mOut.u8(value); }
    void float3(const Float3 &v);
    void float4(const Float4 &v);
    /** A name in a fixed field of `size` bytes, NUL-padded (the caller keeps it shorter). */
    void name(const std::string &text, size_t size);

    std::vector<uint8_t> take() { return std::move(mOut.data()); }

private:
    ByteWriter mOut;
    size_t mChunkEnd = 0;
};

} // namespace agf::actorx
