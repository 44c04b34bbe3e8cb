/** @file FileTimesPosix.cpp
 *  FileTimes.h on POSIX systems, where std::filesystem keeps the file system's nanoseconds.
 */
#include "../FileTimes.h"

namespace agf::cli {

FileTime FileWriteTime(const std::filesystem::path &path, std::error_code &error) {
    const auto written = std::filesystem::last_write_time(path, error);
    return error ? FileTime() : std::chrono::duration_cast<FileTime>(written.time_since_epoch());
}

} // namespace agf::cli
