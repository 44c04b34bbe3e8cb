#!/usr/bin/env bash
# Builds one Assimp version from Debian's own source package into a private prefix, so that our
# project can be built and tested against it (docs/assimp-versions.md):
#
#   tools/build-assimp.sh 6.0.5        Debian sid's assimp 6.0.5+ds-1  -> build-assimp/6.0.5
#   tools/build-assimp.sh 5.4.3        Debian 13's assimp 5.4.3+ds-2   -> build-assimp/5.4.3
#   tools/build-assimp.sh 5.2.5        Debian 12's assimp 5.2.5~ds0-1  -> build-assimp/5.2.5
#
# then: cmake -S . -B build-6.0.5 -DAGF_ASSIMP_ROOT=$PWD/build-assimp/6.0.5 ...
#
# Options (all optional):
#   --prefix DIR        install here (default build-assimp/<version>[-<tag>])
#   --tag NAME          a name for a toolchain variant, added to the default prefix and work
#                       folder (e.g. --tag libcxx), so variants of one version live side by side
#   --cc CC --cxx CXX   the compilers (default: CMake's choice, the system gcc/g++)
#   --cflags F          extra C flags; --cxxflags F extra C++ flags; --ldflags F extra link flags
#                       (e.g. --cxx clang++-14 --cxxflags -stdlib=libc++ --ldflags -stdlib=libc++
#                       for a libc++ Assimp)
#   --toolchain FILE    a CMake toolchain file (a cross build, e.g. MinGW-w64); the compilers
#                       then come from the file
#   --opt FLAGS         optimisation (default "-O1 -g0": half the compile time of Debian's
#                       -O2 -g (FBXExporter.cpp: 11 against 24 CPU-seconds), and the tests
#                       do not measure Assimp's speed)
#   --all-formats       every importer and exporter, not only the ones our tests use
#   --static            a static library instead of a shared one
#   --source-only       fetch and unpack the source (Debian's patches applied), nothing more
#   --print-source-version  print the Debian source version of <version>, nothing more
#   --jobs N            parallel compile jobs (default: nproc)
#
# The source comes from Debian's archive with apt-get, through a private APT state in
# build-assimp/apt (its own sources file with one deb-src line per suite, its own package
# lists): the system's APT configuration is not changed, and no root is needed, except to
# install missing build dependencies (Debian packages, through sudo when not root).
# Assimp's asserts stay live (no -DNDEBUG), as in Debian's own build: a scene that would abort
# a Debian user's program aborts the tests too.
# A second run with the same settings finds the prefix complete and does nothing;
# AGF_ASSIMP_DIR (default <repo>/build-assimp) moves everything.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
base=$(realpath -m "${AGF_ASSIMP_DIR:-$repo/build-assimp}")

say() { printf '== %s\n' "$*"; }
die() {
    printf 'build-assimp: %s\n' "$*" >&2
    exit 1
}
usage() {
    sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# ---- Versions: Debian's source package of each ----------------------------------------------------
# version -> "suite source-version archive"
declare -A debian_source=(
    [5.2.5]="bookworm 5.2.5~ds0-1 http://deb.debian.org/debian"
    [5.4.3]="trixie 5.4.3+ds-2 http://deb.debian.org/debian"
    [6.0.5]="sid 6.0.5+ds-1 http://deb.debian.org/debian"
)

# ---- Formats: what our tests compare against -------------------------------------------------------
# Importers: FBX, glTF and Collada read back our exports; OBJ, BVH, PLY, STL and assbin are
# the stock formats the command tests convert from and to; X is a sample's source
# (utIdolFxImport); LWS claims ".mot" beside our MOT importer (utHostileSweep), and needs LWO's
# animation code.
importers=(FBX GLTF COLLADA OBJ BVH PLY STL ASSBIN X LWS LWO)
# Exporters: the ones our writers run (fbx, fbxa, glb2, gltf2, collada) and the stock ones the
# command tests use (obj, ply, stl, assbin, assxml, assjson).
exporters=(FBX GLTF COLLADA OBJ PLY STL ASSBIN ASSXML ASSJSON)

version=
prefix=
tag=
cc=
cxx=
cflags=
cxxflags=
ldflags=
toolchain=
opt="-O1 -g0"
all_formats=0
shared=ON
source_only=0
print_source_version=0
jobs=$(nproc)
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) prefix=$2; shift ;;
    --tag) tag=$2; shift ;;
    --cc) cc=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --cflags) cflags=$2; shift ;;
    --cxxflags) cxxflags=$2; shift ;;
    --ldflags) ldflags=$2; shift ;;
    --toolchain) toolchain=$(realpath "$2"); shift ;;
    --opt) opt=$2; shift ;;
    --all-formats) all_formats=1 ;;
    --static) shared=OFF ;;
    --source-only) source_only=1 ;;
    --print-source-version) print_source_version=1 ;;
    --jobs) jobs=$2; shift ;;
    -h | --help) usage ;;
    -*) die "unknown option $1" ;;
    *)
        [ -z "$version" ] || usage
        version=$1
        ;;
    esac
    shift
done
[ -n "$version" ] || usage
[ -n "${debian_source[$version]:-}" ] ||
    die "no Debian source known for Assimp $version (known: ${!debian_source[*]})"
read -r suite source_version archive <<<"${debian_source[$version]}"
upstream=${source_version%-*}
if [ "$print_source_version" -eq 1 ]; then
    echo "$source_version"
    exit 0
fi

variant=$version${tag:+-$tag}
prefix=$(realpath -m "${prefix:-$base/$variant}")
work=$base/work/$variant
source_dir=$work/assimp-$upstream

# ---- Build dependencies (Debian packages) ---------------------------------------------------------
# Debian's source packages use the system's copies of the libraries upstream bundles (+ds):
# pugixml, RapidJSON, utf8cpp, stb, draco, minizip, zlib.
needed=(dpkg-dev ninja-build cmake libpugixml-dev rapidjson-dev libutfcpp-dev libstb-dev
    libdraco-dev libminizip-dev zlib1g-dev)
. "$repo/tools/debian-packages.sh"
ensure_debian_packages "${needed[@]}"

# ---- Settings stamp: a complete prefix with the same settings is not built again ------------------
formats="${importers[*]} / ${exporters[*]}"
[ "$all_formats" -eq 0 ] || formats=all
settings="assimp $source_version; cc=$cc cxx=$cxx cflags=$cflags cxxflags=$cxxflags"
settings+=" ldflags=$ldflags toolchain=$toolchain opt=$opt formats=$formats"
[ "$shared" = ON ] || settings+=" static"
stamp=$prefix/agf-build-assimp.txt
if [ "$source_only" -eq 0 ] && [ -f "$stamp" ] && [ "$(head -1 "$stamp")" = "$settings" ]; then
    say "Assimp $version already built in $prefix (same settings)"
    exit 0
fi

# ---- Source: Debian's package, through a private APT state -----------------------------------------
apt_dir=$base/apt
apt_options=(-o "Dir::Etc::SourceList=$apt_dir/$suite.sources" -o "Dir::Etc::SourceParts=$apt_dir/no-parts"
    -o "Dir::State::Lists=$apt_dir/lists-$suite" -o "Dir::Cache=$apt_dir/cache-$suite"
    -o "APT::Sandbox::User=root")
mkdir -p "$apt_dir/no-parts" "$apt_dir/lists-$suite/partial" "$apt_dir/cache-$suite/archives/partial" "$work"
cat >"$apt_dir/$suite.sources" <<SOURCES
Types: deb-src
URIs: $archive
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
start=$SECONDS
if ! apt-get "${apt_options[@]}" source --print-uris "assimp=$source_version" >/dev/null 2>&1; then
    apt-get "${apt_options[@]}" update -qq >"$work/apt-update.log" 2>&1 ||
        die "apt-get update for $suite's sources failed (log: $work/apt-update.log)"
fi
rm -rf "$source_dir"
(cd "$work" && apt-get "${apt_options[@]}" source -qq "assimp=$source_version" \
    >"$work/apt-source.log" 2>&1) ||
    die "apt-get source assimp=$source_version failed ($(tail -1 "$work/apt-source.log"))"
[ -d "$source_dir" ] || die "apt-get source unpacked no $source_dir"
say "assimp $source_version ($suite) fetched and unpacked in $((SECONDS - start)) s: $source_dir"
# Debian's patch that makes libdraco required is taken back for a cross build: Debian has no
# draco for other targets, and the patch only links it (ASSIMP_ENABLE_DRACO stays undefined, so
# no code uses it).
draco_patch=$source_dir/debian/patches/use-system-libdraco.patch
if [ -n "$toolchain" ] && [ -f "$draco_patch" ]; then
    patch -R -p1 -s -d "$source_dir" <"$draco_patch" || die "could not take back $draco_patch"
fi
# Debian's source leaves out every *.rc file; a Windows DLL build lists the version resource
# code/res/assimp.rc, so a minimal one (the version alone) stands in for it.
if [ -n "$toolchain" ] && [ ! -e "$source_dir/code/res/assimp.rc" ]; then
    mkdir -p "$source_dir/code/res"
    cat >"$source_dir/code/res/assimp.rc" <<RESOURCE
1 VERSIONINFO
FILEVERSION ${version//./,},0
PRODUCTVERSION ${version//./,},0
BEGIN
END
RESOURCE
fi
# Debian's patches link Assimp with CMake's keyword signature (PRIVATE ...); the one plain call
# left, for a static MinGW build, then stops the configure. It gets the keyword too.
if [ -n "$toolchain" ]; then
    sed -i 's/TARGET_LINK_LIBRARIES ( assimp -static-libgcc/TARGET_LINK_LIBRARIES ( assimp PRIVATE -static-libgcc/' \
        "$source_dir/code/CMakeLists.txt"
fi
if [ "$source_only" -eq 1 ]; then
    exit 0
fi

# ---- Configure ----------------------------------------------------------------------------------
format_options=()
if [ "$all_formats" -eq 0 ]; then
    format_options+=(-DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF
        -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=OFF)
    for format in "${importers[@]}"; do
        format_options+=("-DASSIMP_BUILD_${format}_IMPORTER=ON")
    done
    for format in "${exporters[@]}"; do
        format_options+=("-DASSIMP_BUILD_${format}_EXPORTER=ON")
    done
fi
toolchain_options=()
[ -z "$toolchain" ] || toolchain_options+=("-DCMAKE_TOOLCHAIN_FILE=$toolchain")
[ -z "$cc" ] || toolchain_options+=("-DCMAKE_C_COMPILER=$cc")
[ -z "$cxx" ] || toolchain_options+=("-DCMAKE_CXX_COMPILER=$cxx")
launcher=()
if command -v ccache >/dev/null 2>&1 && [ "${CCACHE_DISABLE:-0}" != 1 ]; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    # A fresh source tree each run still hits the cache.
    export CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1
fi

build_dir=$work/build
rm -rf "$build_dir"
start=$SECONDS
# Build type "None", as Debian builds it: only our flags, and no NDEBUG (live asserts).
CFLAGS="$opt $cflags" CXXFLAGS="$opt $cxxflags" LDFLAGS="$ldflags" \
    cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
    -DBUILD_SHARED_LIBS=$shared -DASSIMP_DOUBLE_PRECISION=OFF \
    -DASSIMP_BUILD_ASSIMP_TOOLS=OFF -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_SAMPLES=OFF \
    -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_WARNINGS_AS_ERRORS=OFF \
    -DASSIMP_BUILD_USE_CCACHE=OFF -DASSIMP_IGNORE_GIT_HASH=ON -DASSIMP_INSTALL_PDB=OFF \
    -DCMAKE_INSTALL_RPATH="$prefix/lib" \
    "${format_options[@]}" "${toolchain_options[@]}" "${launcher[@]}" \
    >"$work/configure.log" 2>&1 || {
    tail -30 "$work/configure.log" >&2
    die "configure failed (log: $work/configure.log)"
}
say "configured in $((SECONDS - start)) s"

# ---- Build and install -----------------------------------------------------------------------------
start=$SECONDS
nice -n 10 cmake --build "$build_dir" -j"$jobs" >"$work/build.log" 2>&1 || {
    grep -E 'error|Error' "$work/build.log" | head -30 >&2 || tail -5 "$work/build.log" >&2
    die "build failed (log: $work/build.log)"
}
build_seconds=$((SECONDS - start))
# Assimp links its library without -z defs: an importer whose code lives in another format's
# folder (LWS uses LWO's animation code) links and fails only in the program that uses it.
library=$(find "$build_dir" -name 'libassimp.so.*.*.*' -type f | head -1)
if [ -n "$library" ] && [ -z "$toolchain" ]; then
    missing_code=$(nm -DC --undefined-only "$library" | grep -F 'Assimp::' | head -5 || true)
    [ -z "$missing_code" ] || die "the library uses Assimp code that was not built:
$missing_code"
fi
# Installed over the prefix, not into a fresh one: files that did not change keep their time,
# so builds against the prefix do not recompile.
cmake --install "$build_dir" >"$work/install.log" 2>&1 ||
    die "install failed (log: $work/install.log)"
objects=$(grep -c 'Building C' "$work/build.log" || true)
{
    echo "$settings"
    echo "built in $build_seconds s ($objects objects, $jobs jobs) on $(date -u +%F)"
} >"$stamp"
say "Assimp $version built in $build_seconds s ($objects objects) and installed in $prefix"
