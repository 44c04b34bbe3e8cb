#!/usr/bin/env bash
# Installs cpp-httplib as the header-only library upstream ships, from Debian's source package,
# into <prefix>/include/httplib.h with <prefix>/lib/pkgconfig/cpp-httplib.pc: for builds that
# cannot link Debian's libcpp-httplib, which is compiled with GCC's libstdc++ for Linux (a
# libc++ build, a MinGW-w64 build). The header is built without TLS or compression, as the
# viewer serves only loopback pages.
#
#   bash tools/httplib-header.sh <prefix> [libs]   then PKG_CONFIG_PATH=<prefix>/lib/pkgconfig
#
# libs: what a program using it must link beyond the C++ library (Windows: -lws2_32).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
prefix=$(realpath -m "${1:?usage: $0 <prefix> [libs]}")
libs=${2:-}
. "$repo/tools/debian-sources.sh"
[ -f "$prefix/lib/pkgconfig/cpp-httplib.pc" ] && exit 0
source=$(fetch_debian_source cpp-httplib bookworm "$prefix/sources")
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
cp "$source/httplib.h" "$prefix/include/httplib.h"
version=$(sed -n 's/^#define CPPHTTPLIB_VERSION "\(.*\)"/\1/p' "$source/httplib.h")
cat >"$prefix/lib/pkgconfig/cpp-httplib.pc" <<PC
prefix=$prefix
includedir=\${prefix}/include

Name: cpp-httplib
Description: cpp-httplib as upstream's header-only library (no TLS, no compression)
Version: $version
Libs: $libs
Cflags: -I\${includedir}
PC
echo "cpp-httplib $version (header-only) in $prefix"
