/** @file Glob.h
 *  Shell-style patterns, as `batch --include` and `--exclude` take them, matched the same on
 *  every system (POSIX's fnmatch does not exist on Windows).
 */
#pragma once

#include <string_view>

namespace agf::cli {

/** Whether `text` matches `pattern` as POSIX fnmatch with no flags matches it: `*` any run of
 *  characters ('/' included), `?` any one, `[abc]`, `[a-z]` and `[!a-z]` (or `[^a-z]`) one of
 *  a set or not, `\` takes the next character as it is. A `[` without its `]` is itself.
 *  Character classes such as `[:digit:]` are not supported. */
bool MatchesPattern(std::string_view pattern, std::string_view text);

} // namespace agf::cli
