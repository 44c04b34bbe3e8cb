/** @file FileTimes.h
 *  When a file was last written, to the finest step the system keeps. std::filesystem's
 *  last_write_time has whole seconds with MinGW-w64's libstdc++ (it asks _wstat64), so a
 *  `batch` output written in the same second as its source would look older than it. One
 *  implementation per system family, chosen by the build (platform/FileTimesPosix.cpp,
 *  platform/FileTimesWindows.cpp).
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <ratio>
#include <system_error>

namespace agf::cli {

/** A file's write time in 100 ns steps (Windows's unit) from a fixed epoch of the system's
 *  own: only for comparing the times of files with each other. */
using FileTime = std::chrono::duration<int64_t, std::ratio<1, 10000000>>;

/** When the file at `path` was last written; sets `error` when it cannot be known. */
FileTime FileWriteTime(const std::filesystem::path &path, std::error_code &error);

} // namespace agf::cli
