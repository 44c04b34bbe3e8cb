#!/usr/bin/env bash
# Builds Debian's own assimp, the version installed on this machine, with our importers and
# export fixes compiled in (tools/libassimp/gameformats.patch; docs/libassimp.md).
#
#   tools/build-libassimp.sh          the library alone, with Debian's flags, into the private
#                                     prefix build-libassimp/lib (libassimp.so.5)
#   tools/build-libassimp.sh --deb    the same, then the Debian packages (dpkg-buildpackage -B):
#                                     build-libassimp/debs/libassimp5_<version>+agf<N>_amd64.deb
#                                     and libassimp-dev, assimp-utils of the same version
#   tools/build-libassimp.sh --quick  unoptimised (-O0 -g0) into build-libassimp-quick/lib, for
#                                     trying out the patch and the checks only
#   tools/build-libassimp.sh --patch-only
#                                     fetch the source and apply the patch, nothing more: says
#                                     whether the patch applies to the installed version
#   tools/build-libassimp.sh --version 6.0.5 [--quick | --patch-only]
#                                     another Debian version of assimp instead of the installed
#                                     one (5.4.3 from Debian 13, 6.0.5 from sid; the source comes
#                                     as tools/build-assimp.sh fetches it), with the patch for
#                                     its version (tools/libassimp/gameformats-<major.minor>.patch)
#                                     and the stock `assimp` command of the same source, into
#                                     build-libassimp-<version>/lib and bin (no --deb: the
#                                     packages of another release need its own toolchain)
#
# Needs root the first time (a deb-src entry, apt-get build-dep); later runs need it only when a
# package is missing. A Debian update of assimp is a rerun: the script takes the installed
# version's source, and our patch applies to it or the script stops and says so.
# AGF_LIBASSIMP_DIR (default <repo>/build-libassimp) is where everything goes;
# AGF_LIBASSIMP_PATCH (default tools/libassimp/gameformats.patch) is the patch applied.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
out=${AGF_LIBASSIMP_DIR:-$repo/build-libassimp}
patch_file=${AGF_LIBASSIMP_PATCH:-$repo/tools/libassimp/gameformats.patch}

# Debian packages this step needs beyond tools/install-deps.sh's (installed when missing).
missing=()
for package in dpkg-dev ccache; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
        missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Our revision of the package: raise it when the patch or the packaging changes while Debian's
# version stays the same.
agf_revision=1

build_deb=0
patch_only=0
quick=0
other_version=
while [ $# -gt 0 ]; do
    case "$1" in
    --deb) build_deb=1 ;;
    --patch-only) patch_only=1 ;;
    --quick) quick=1 ;;
    --version)
        other_version=${2:?--version needs a version, e.g. 6.0.5}
        shift
        ;;
    *)
        echo "usage: $0 [--deb | --quick | --patch-only] [--version <5.4.3|6.0.5>]" >&2
        exit 2
        ;;
    esac
    shift
done
if [ -n "$other_version" ]; then
    [ "$build_deb" -eq 0 ] || { echo "build-libassimp: --deb is for the installed version" >&2; exit 2; }
    out=${AGF_LIBASSIMP_DIR:-$repo/build-libassimp-$other_version}
    default_patch=$repo/tools/libassimp/gameformats-${other_version%.*}.patch
    [ -f "$default_patch" ] || default_patch=$repo/tools/libassimp/gameformats.patch
    patch_file=${AGF_LIBASSIMP_PATCH:-$default_patch}
fi
if [ "$quick" -eq 1 ]; then
    # Debian's configuration with -O0 -g0 appended to its flags: about a third of the compile
    # time, for trying a change of the patch or of the checks; never for use or packaging.
    export DEB_CFLAGS_APPEND="-O0 -g0" DEB_CXXFLAGS_APPEND="-O0 -g0"
    out=${AGF_LIBASSIMP_DIR:-$repo/build-libassimp${other_version:+-$other_version}-quick}
fi

# The steps below change directory: the output folder must not be relative.
out=$(realpath -m "$out")

say() { printf '== %s\n' "$*"; }
die() {
    printf 'build-libassimp: %s\n' "$*" >&2
    exit 1
}
seconds() { date +%s; }
elapsed() { echo "$(($(seconds) - $1)) s"; }

# ---- The installed assimp, or the version asked for ------------------------------------------------
if [ -z "$other_version" ]; then
    binary_version=$(dpkg-query -W -f='${Version}' libassimp5 2>/dev/null) ||
        die "libassimp5 is not installed (tools/install-deps.sh installs libassimp-dev)"
    source_version=$(dpkg-query -W -f='${source:Version}' libassimp5)
    say "installed libassimp5 $binary_version (source assimp $source_version)"
else
    # The Debian source version of each release, from the one table (tools/build-assimp.sh).
    source_version=$(bash "$repo/tools/build-assimp.sh" "$other_version" --print-source-version) ||
        die "no Debian source known for assimp $other_version"
    binary_version=$source_version
fi
upstream_version=${source_version%-*}
upstream_version=${upstream_version#*:}
package_version="${binary_version}+agf${agf_revision}"
say "building assimp $package_version"

# ---- Source package and build dependencies (root) ------------------------------------------------
as_root() {
    [ "$(id -u)" -eq 0 ] || die "needs root for: $* (run once as root, or with sudo)"
    "$@"
}

if [ -z "$other_version" ] &&
    ! apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -qx 'Sources'; then
    say "adding deb-src entries (/etc/apt/sources.list.d/agf-assimp-src.sources)"
    # The same archives, suites and key as the deb entries of Debian 12.
    as_root tee /etc/apt/sources.list.d/agf-assimp-src.sources >/dev/null <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    as_root apt-get update -qq
fi

work=$out/work
source_dir=$work/assimp-$upstream_version
mkdir -p "$work" "$out/lib"
start=$(seconds)
# A fresh tree every run: the patch is applied to exactly Debian's source. ccache keeps the
# rebuild cheap.
rm -rf "$source_dir"
if [ -z "$other_version" ]; then
    (cd "$work" && apt-get source -qq "assimp=$source_version" >/dev/null \
        2>"$work/apt-source.log") ||
        die "apt-get source assimp=$source_version failed ($(tail -1 "$work/apt-source.log"))"
else
    # Another release's source, through tools/build-assimp.sh's private APT state.
    AGF_ASSIMP_DIR=$out/source bash "$repo/tools/build-assimp.sh" "$other_version" \
        --source-only >"$work/apt-source.log" 2>&1 ||
        die "fetching assimp $source_version failed ($(tail -1 "$work/apt-source.log"))"
    mv "$out/source/work/$other_version/assimp-$upstream_version" "$source_dir"
fi
say "source unpacked in $(elapsed "$start")"

# Our patch as the last quilt patch of the package. It must apply exactly: lines may have moved
# (an offset), but no context line may differ (no fuzz), because a hunk placed by fuzz could
# land in code a security update changed. patch(1) checks that first; dpkg-source then applies
# the series, and the tree must list our patch as applied (dpkg-source was seen to exit 0
# without applying a patch that needed fuzz).
patch_name=${patch_file#"$repo"/}
if ! (cd "$source_dir" && patch -p1 --dry-run --fuzz=0 --force <"$patch_file" \
    >"$work/patch.log" 2>&1); then
    cat "$work/patch.log" >&2
    die "$patch_name does not apply to assimp $source_version: refresh it"
fi
cp "$patch_file" "$source_dir/debian/patches/agf-gameformats.patch"
echo agf-gameformats.patch >>"$source_dir/debian/patches/series"
if ! (cd "$source_dir" && dpkg-source --before-build . >>"$work/patch.log" 2>&1) ||
    ! grep -qx agf-gameformats.patch "$source_dir/.pc/applied-patches"; then
    cat "$work/patch.log" >&2
    die "$patch_name does not apply to assimp $source_version: refresh it"
fi
if [ "$patch_only" -eq 1 ]; then
    say "$patch_name applies to assimp $source_version"
    exit 0
fi
# The project itself, not a copy: the patched CMake compiles gameformats/code.
ln -s "$repo" "$source_dir/gameformats"

# Debian's build dependencies plus ours (the patch adds ours to debian/control).
if ! (cd "$source_dir" && dpkg-checkbuilddeps -B >/dev/null 2>&1); then
    say "installing build dependencies"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq --arch-only "$source_dir" \
        >/dev/null
fi

# ---- Changelog entry: our version ----------------------------------------------------------------
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
{
    printf 'assimp (%s) UNRELEASED; urgency=medium\n\n' "$package_version"
    printf '  * Rebuild with the assimp-gameformats importers and export fixes built in\n'
    printf '    (tools/build-libassimp.sh, commit %s).\n\n' "$commit"
    printf ' -- assimp-gameformats <assimp-gameformats@localhost>  %s\n\n' "$(date -R)"
    cat "$source_dir/debian/changelog"
} >"$source_dir/debian/changelog.new"
mv "$source_dir/debian/changelog.new" "$source_dir/debian/changelog"

# ---- Compiler cache -------------------------------------------------------------------------------
if command -v ccache >/dev/null 2>&1; then
    # CMake takes these as the default launchers; the base dir and no hashed working directory
    # let a fresh tree (and another checkout) hit the cache. Debian's flags map the build path
    # away (-ffile-prefix-map), so no path in an object depends on where it was built.
    export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
    export CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1
    ccache --zero-stats >/dev/null
fi

# ---- The library alone, with Debian's configuration and flags -------------------------------------
# debian/rules' own configure step (its flags, its version script), then the library target.
start=$(seconds)
(cd "$source_dir" && dpkg-architecture -c debian/rules override_dh_auto_configure \
    >"$work/configure.log" 2>&1) || {
    tail -30 "$work/configure.log" >&2
    die "configure failed (log: $work/configure.log)"
}
build_dir=$(ls -d "$source_dir"/obj-*)
say "configured in $(elapsed "$start")"
start=$(seconds)
# Another release: its own `assimp` command too, the stock program the checks run.
targets=(assimp)
[ -z "$other_version" ] || targets+=(assimp_cmd)
nice -n 19 cmake --build "$build_dir" --target "${targets[@]}" -j"${AGF_JOBS:-$(nproc)}" \
    >"$work/build.log" 2>&1 || {
    grep -E 'error|Error' "$work/build.log" | head -30 >&2
    die "library build failed (log: $work/build.log)"
}
say "library built in $(elapsed "$start")"
command -v ccache >/dev/null 2>&1 && ccache --show-stats | grep -E 'Hits|Misses' | sed 's/^/   ccache /'

library=$(find "$build_dir" -name 'libassimp.so.*.*.*' -type f | head -1)
[ -n "$library" ] || die "no libassimp.so.X.Y.Z in $build_dir"
rm -f "$out"/lib/libassimp.so*
cp "$library" "$out/lib/"
real_name=$(basename "$library")
soname=$(objdump -p "$library" | awk '$1 == "SONAME" { print $2 }')
ln -s "$real_name" "$out/lib/$soname"
ln -s "$soname" "$out/lib/libassimp.so"
echo "$package_version" >"$out/lib/VERSION"
say "private prefix: $out/lib/$soname -> $real_name"
if [ -n "$other_version" ]; then
    mkdir -p "$out/bin"
    cp "$(find "$build_dir" -name assimp -type f -perm -u+x | head -1)" "$out/bin/assimp"
    # The source's own pyassimp, which matches this release's structures (Debian 12's does not).
    rm -rf "$out/python"
    cp -r "$source_dir/port/PyAssimp" "$out/python"
    say "stock command: $out/bin/assimp; pyassimp: $out/python"
fi

# ---- The Debian packages ---------------------------------------------------------------------------
if [ "$build_deb" -eq 0 ] && [ -d "$out/debs" ]; then
    # Packages of an earlier --deb run hold an older library than the private prefix now does.
    rm -rf "$out/debs"
    say "removed the packages of an earlier run ($out/debs): rebuild them with --deb"
fi
if [ "$build_deb" -eq 1 ]; then
    start=$(seconds)
    # Architecture-dependent packages only (libassimp5, libassimp-dev, assimp-utils): no tests,
    # no API documentation, no Python package. -nc keeps the tree just configured and built with
    # the same debian/rules: the library is up to date, only the tools and the packaging remain.
    (cd "$source_dir" && DEB_BUILD_OPTIONS="nocheck nodoc parallel=${AGF_JOBS:-$(nproc)}" \
        nice -n 19 dpkg-buildpackage -B -nc -uc -us >"$work/dpkg-buildpackage.log" 2>&1) || {
        tail -40 "$work/dpkg-buildpackage.log" >&2
        die "dpkg-buildpackage failed (log: $work/dpkg-buildpackage.log)"
    }
    mkdir -p "$out/debs"
    rm -f "$out"/debs/*.deb
    cp "$work"/*_"${package_version#*:}"_*.deb "$out/debs/"
    say "packages built in $(elapsed "$start"):"
    ls -1 "$out"/debs/*.deb | sed 's/^/   /'
    echo "install: apt install $(ls "$out"/debs/libassimp5_*.deb "$out"/debs/libassimp-dev_*.deb | tr '\n' ' ')"
fi
