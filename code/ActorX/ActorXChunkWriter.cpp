/** @file ActorXChunkWriter.cpp */
#include "ActorXChunkWriter.h"

#include "ActorXChunks.h"
#include "Common/ExportOutput.h"

#include <limits>
#include <stdexcept>

namespace agf::actorx {

void ChunkWriter::begin(const std::string &id, size_t recordSize, size_t count, int32_t typeFlag) {
    end();
    if (count > size_t(std::numeric_limits<int32_t>::max()) || id.size() > kChunkIdSize) {
        throw ExportError(id + ": " + std::to_string(count) +
                          " records do not fit an ActorX chunk header (at most 2^31 - 1)");
    }
    mOut.fixedString(id, kChunkIdSize);
    mOut.i32(typeFlag);
    mOut.i32(static_cast<int32_t>(recordSize));
    mOut.i32(static_cast<int32_t>(count));
    mChunkEnd = mOut.size() + recordSize * count;
}

void ChunkWriter::end() {
    if (mChunkEnd != 0 && mOut.size() != mChunkEnd) {
        throw std::logic_error("ActorX chunk written with the wrong number of bytes");
    }
    mChunkEnd = 0;
}

void ChunkWriter::float3(const Float3 &v) {
    mOut.f32(v.x);
    mOut.f32(v.y);
    mOut.f32(v.z);
}

void ChunkWriter::float4(const Float4 &v) {
    float3(Float3{v.x, v.y, v.z});
    mOut.f32(v.w);
}

void ChunkWriter::name(const std::string &text, size_t size) {
    mOut.fixedString(text, size);
}

} // namespace agf::actorx
