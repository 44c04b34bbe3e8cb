/** @file FileTimesWindows.cpp
 *  FileTimes.h on Windows: the file's FILETIME, 100 ns steps since 1601.
 */
#include "../FileTimes.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

namespace agf::cli {

FileTime FileWriteTime(const std::filesystem::path &path, std::error_code &error) {
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (GetFileAttributesExW(path.c_str(), GetFileExInfoStandard, &data) == 0) {
        error.assign(static_cast<int>(GetLastError()), std::system_category());
        return FileTime();
    }
    error.clear();
    const uint64_t steps = (static_cast<uint64_t>(data.ftLastWriteTime.dwHighDateTime) << 32) |
                           data.ftLastWriteTime.dwLowDateTime;
    return FileTime(static_cast<int64_t>(steps));
}

} // namespace agf::cli
