/** @file PoserGzip.h
 *  The compressed Poser variants (.p2z, .crz) are gzip streams of the same text. Some files
 *  named so are plain text: only the gzip magic bytes 1F 8B decide.
 */
#pragma once

#include "Common/Warnings.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace agf::poser {

/** The most a compressed Poser file may inflate to, whatever its size: 512 MiB. Real pose
 *  files are kilobytes, figures a few megabytes. */
constexpr size_t kMaxInflatedBytes = size_t(512) << 20;
/** Real Poser text compresses 5 to 15 times; beyond this ratio (plus kInflateSlackBytes) the
 *  stream is refused as a decompression bomb. */
constexpr size_t kMaxInflateRatio = 64;
constexpr size_t kInflateSlackBytes = size_t(1) << 20;

/** True when the data starts with the gzip magic bytes 1F 8B. */
bool IsGzip(const uint8_t *data, size_t size);

/** The text of a Poser file: the inflated gzip stream when `bytes` is gzip, else the bytes as
 *  they are. Throws ImportError for a damaged or truncated stream, and for one that would
 *  inflate beyond min(kMaxInflatedBytes, kMaxInflateRatio * size + kInflateSlackBytes). */
std::string PoserTextOf(const std::vector<uint8_t> &bytes, const std::string &fileName,
                        Warnings &warnings);

} // namespace agf::poser
