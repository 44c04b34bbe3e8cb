#!/bin/sh
# What the `assimp` command's glibc malloc settings (tools/assimp/AllocatorTuning.h,
# docs/command.md) do on this machine, measured on the benchmark inputs of run-benchmarks.sh:
# - the fresh pages (minor page faults) of `assimp info --raw` on the LZSS ODOL, with the
#   command's 32 MiB mmap threshold against glibc's own 128 KiB (both with glibc's own top pad,
#   so that the threshold alone is compared);
# - the mprotect calls (strace, every thread) of `assimp info --raw` on the 1M-point PSK with two
#   import threads, with the command's 64 MiB top pad against glibc's own 128 KiB.
# These depend on the kernel and the C library, so they are measured here, not tested.
#
#   tools/bench-allocator.sh [build-dir] [runs]
#
# Defaults: build-dir = build-bench-release (its bench-data, written by run-benchmarks.sh or by
# `agf_bench_import generate`), runs = 3 (medians). Needs python3; the mprotect count needs
# strace and is left out without it.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$here/build-bench-release"}
runs=${2:-3}
assimp="$build/bin/assimp"
data="$build/bench-data"

cmake --build "$build" --target agf_assimp_cli agf_bench_import >/dev/null
if [ ! -f "$data/.complete" ]; then
    "$build/bin/agf_bench_import" generate "$data" >/dev/null
    touch "$data/.complete"
fi

# The median of `runs` values of the minor page faults of one `assimp info --raw` run.
fresh_pages() { # file, then environment assignments
    python3 - "$assimp" "$runs" "$@" <<'PY'
import os, resource, statistics, subprocess, sys
assimp, runs, model, assignments = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
env = dict(os.environ, **dict(a.split("=", 1) for a in assignments))
faults = []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
    subprocess.run([assimp, "info", "--raw", model], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    faults.append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before)
print(int(statistics.median(faults)))
PY
}

mprotects() { # file, then environment assignments
    model=$1
    shift
    env "$@" strace -f -qq -e trace=mprotect -o "$build/bench-allocator.strace" \
        "$assimp" info --raw --set IMPORT_GAMEFORMATS_THREADS=2 "$model" >/dev/null 2>&1
    grep -c 'mprotect(' "$build/bench-allocator.strace"
}

glibc_pad=GLIBC_TUNABLES=glibc.malloc.top_pad=131072
echo "The command's malloc settings, 'assimp info --raw' (medians of $runs runs):"
echo "| measure | the command's setting | glibc's own |"
echo "|---|---|---|"
kept=$(fresh_pages "$data/odol_200k.p3d" "$glibc_pad")
returned=$(fresh_pages "$data/odol_200k.p3d" "$glibc_pad" MALLOC_MMAP_THRESHOLD_=131072)
echo "| fresh pages, ODOL v40 LZSS (mmap threshold 32 MiB / 128 KiB) | $kept | $returned |"
if strace -qq -o /dev/null true >/dev/null 2>&1; then
    padded=$(mprotects "$data/ladder_1m.psk")
    unpadded=$(mprotects "$data/ladder_1m.psk" "$glibc_pad")
    echo "| mprotect calls, PSK 1M points, 2 threads (top pad 64 MiB / 128 KiB) | $padded | $unpadded |"
else
    echo "(strace is missing or may not trace here: no mprotect count)"
fi
