#!/bin/sh
# Builds the benchmarks (Release) and runs them: the import table of issue 10 (our importers
# against the raw-read floor and against Assimp's glTF2 importer on glb twins of the same
# content, with peak memory), then the LZSS and LZO Google Benchmark program, three measures
# of this machine: what a page fault costs, what a small allocation costs once a thread ran, and
# how long a new thread takes to run beside its creator, and what the command's malloc settings
# change (tools/bench-allocator.sh).
#
#   tools/run-benchmarks.sh [build-dir] [runs]
#
# Defaults: build-dir = build-bench-release, runs = 7. Inputs (about 700 MB with their glb twins)
# go to <build-dir>/bench-data and are written only when missing. Run it on a quiet machine:
# other processes on the same cores show up in the wall times.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$here/build-bench-release"}
runs=${2:-7}
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DAGF_BUILD_BENCHMARKS=ON \
    -DAGF_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target agf_bench_import agf_bench_decompress \
    agf_bench_page_faults agf_bench_malloc_lock >/dev/null

data="$build/bench-data"
if [ ! -f "$data/.complete" ]; then
    echo "Writing the benchmark inputs and their glb twins into $data ..."
    "$build/bin/agf_bench_import" generate "$data"
    touch "$data/.complete"
fi

echo
"$build/bin/agf_bench_import" run "$data" --runs "$runs"
echo
echo "LZSS and LZO decoding, Google Benchmark (in-process, medians of $runs repetitions):"
"$build/bin/agf_bench_decompress" --benchmark_repetitions="$runs" \
    --benchmark_report_aggregates_only=true 2>/dev/null | grep -v -E '_mean|_stddev|_cv'
echo
echo "First-touch page faults on this machine, one thread and two at once (medians of $runs runs):"
"$build/bin/agf_bench_page_faults" "$runs"
echo
echo "Small allocations before and after a process's first thread (medians of $runs runs):"
"$build/bin/agf_bench_malloc_lock" "$runs"
echo
"$here/tools/bench-allocator.sh" "$build" "$runs"
