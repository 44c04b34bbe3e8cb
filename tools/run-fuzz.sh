#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# one or all of them from the committed corpora (fuzz/README.md), for a fixed time or, in the
# smoke run, for a fixed number of inputs.
#   bash tools/run-fuzz.sh psk 600        # one target, 10 minutes
#   bash tools/run-fuzz.sh all 60         # every target, 60 s each, each run with a new seed
#   bash tools/run-fuzz.sh smoke          # every target, a fixed number of inputs from seed 1
#                                         # (what CI runs)
#   bash tools/run-fuzz.sh list           # the target names
#   bash tools/run-fuzz.sh merge psk      # minimise the last run's corpus into fuzz/corpus/psk
# The committed corpus is copied to a scratch working corpus, so a run never changes the
# repository. Samples in ../shared/samples are added as extra seeds when present (read only;
# they must never be committed). Exit status: non-zero when any target found a crash, hang,
# out-of-memory or leak; the log then shows the reproducer's path and its first 256 bytes.
# Environment: AGF_FUZZ_BUILD_DIR (default build-fuzz), AGF_FUZZ_WORK_DIR (default
# <build dir>/fuzz-work), AGF_FUZZ_PARALLEL (targets run at once, default nproc),
# AGF_FUZZ_MAX_LEN (default 65536 bytes), AGF_FUZZ_NO_SAMPLES (set: no sample seeds, for runs
# whose corpus is merged into fuzz/corpus/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

targets_all=(psk psa psax psw p3d_mlod p3d_odol fxm mot anb pz2 cr2 uemodel ueanim uepose lzss lzo
             paa pbo)
build_dir=${AGF_FUZZ_BUILD_DIR:-$root/build-fuzz}
work_dir=${AGF_FUZZ_WORK_DIR:-$build_dir/fuzz-work}
parallel=${AGF_FUZZ_PARALLEL:-$(nproc)}
max_len=${AGF_FUZZ_MAX_LEN:-65536}

usage() {
    echo "usage: bash tools/run-fuzz.sh <target|all|smoke|list> [seconds]" >&2
    echo "targets: ${targets_all[*]}" >&2
    exit 2
}

[ $# -ge 1 ] || usage
which=$1
seconds=${2:-60}
if [ "$which" = list ]; then
    printf '%s\n' "${targets_all[@]}"
    exit 0
fi
commit_max=${AGF_FUZZ_COMMIT_MAX:-1024}
if [ "$which" = merge ]; then
    # Adds to fuzz/corpus/<target> the smallest set of the last run's inputs (each at most
    # AGF_FUZZ_COMMIT_MAX bytes, default 1024) that covers more than the seeds fuzz/make-seeds.sh
    # writes from test_models/ (those are rebuilt for every run and not committed).
    target=${2:?usage: bash tools/run-fuzz.sh merge <target>}
    dir=$work_dir/$target
    if [ -e "$dir/with-samples" ]; then
        echo "the last $target run was seeded with ../shared/samples; its corpus must not be" \
             "committed (rerun with AGF_FUZZ_NO_SAMPLES=1)" >&2
        exit 1
    fi
    scratch=$(mktemp -d)
    bash fuzz/make-seeds.sh "$scratch/seeds" >/dev/null
    mkdir -p "$scratch/out" "$scratch/small" "fuzz/corpus/$target"
    cp "$scratch/seeds/$target/." "$scratch/out/" -r
    find "fuzz/corpus/$target" "$dir/corpus" -type f -size -"$((commit_max + 1))"c \
        -exec cp {} "$scratch/small/" \;
    "$build_dir/bin/agf_fuzz_$target" -merge=1 -max_len="$max_len" "$scratch/out" \
        "$scratch/small" >"$scratch/merge.log" 2>&1 || { tail "$scratch/merge.log"; exit 1; }
    for seed in "$scratch/seeds/$target"/*; do rm -f "$scratch/out/$(basename "$seed")"; done
    rm -rf "fuzz/corpus/$target"
    mv "$scratch/out" "fuzz/corpus/$target"
    chmod 755 "fuzz/corpus/$target"
    rm -rf "$scratch"
    echo "fuzz/corpus/$target: $(find "fuzz/corpus/$target" -type f | wc -l) files," \
         "$(du -sb "fuzz/corpus/$target" | cut -f1) bytes"
    exit 0
fi
# The smoke run's inputs per target: about 15 s of each on a 2-core machine under ASan, so the
# targets that run slower get fewer.
smoke_runs_for() {
    case $1 in
    cr2) echo 1500 ;;
    paa) echo 3000 ;;
    p3d_mlod | p3d_odol | pbo) echo 7000 ;;
    psax | psw) echo 10000 ;;
    psa | psk | pz2) echo 14000 ;;
    anb | mot | ueanim | uemodel) echo 20000 ;;
    fxm | uepose) echo 30000 ;;
    lzo) echo 70000 ;;
    lzss) echo 300000 ;;
    *) echo 10000 ;;
    esac
}
length_args=()
if [ "$which" = smoke ]; then
    # A fixed seed and a fixed number of inputs instead of a time, so that a slower machine tries
    # as many inputs (they still vary a little, as coverage steers the mutations). Exploring with
    # new seeds is what the timed runs are for.
    targets=("${targets_all[@]}")
elif [ "$which" = all ]; then
    targets=("${targets_all[@]}")
    length_args=(-max_total_time="$seconds")
else
    case " ${targets_all[*]} " in
    *" $which "*) targets=("$which") ;;
    *) usage ;;
    esac
    length_args=(-max_total_time="$seconds")
fi

# Which sample folder seeds which target (never committed, see ../shared/samples/README.md).
sample_dir_for() {
    case $1 in
    psk) echo ../shared/samples/actorx/*.psk ;;
    psa | psax) echo ../shared/samples/actorx/*.psa ;;
    p3d_mlod | p3d_odol) echo ../shared/samples/p3d/*.p3d ;;
    fxm) echo ../shared/samples/fxm/*.fxm ;;
    paa) echo ../shared/samples/p3d/data-root/x/cba/addons/*/*.paa \
        ../shared/samples/p3d/data-root/x/cba/addons/*/*/*.paa ;;
    pbo) echo ../shared/samples/p3d/pbo/*.pbo ;;
    *) echo ;;
    esac
}

echo "== fuzz build ($build_dir) =="
# Without -Werror: clang warns about things gcc does not (the normal build keeps -Werror), and
# a warning must not stop a fuzz run.
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    cmake -S . -B "$build_dir" -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DAGF_BUILD_FUZZERS=ON -DAGF_BUILD_TESTS=OFF -DBUILD_SHARED_LIBS=OFF \
          -DAGF_WERROR=OFF >/dev/null
fi
cmake --build "$build_dir" --target agf_fuzzers -j"$(nproc)"

run_target() {
    local target=$1 dir=$work_dir/$1
    rm -rf "$dir"
    mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/seeds"
    [ -d "fuzz/corpus/$target" ] && cp -r "fuzz/corpus/$target/." "$dir/corpus/"
    cp -r "$work_dir/made-seeds/$target/." "$dir/corpus/"
    # Reproducers of fixed bugs seed the run too: they sit next to the code paths that broke.
    [ -d "fuzz/regressions/$target" ] && cp -r "fuzz/regressions/$target/." "$dir/corpus/"
    local sample
    # AGF_FUZZ_NO_SAMPLES=1 for runs whose corpus will be committed (fuzz/README.md).
    [ -n "${AGF_FUZZ_NO_SAMPLES:-}" ] || for sample in $(sample_dir_for "$target"); do
        if [ -f "$sample" ] && [ "$(stat -c %s "$sample")" -le "$max_len" ]; then
            cp "$sample" "$dir/seeds/"
            touch "$dir/with-samples"
        fi
    done
    local dict=()
    [ -f "fuzz/dict/$target.dict" ] && dict=(-dict="fuzz/dict/$target.dict")
    local length=("${length_args[@]}")
    [ "$which" = smoke ] && length=(-runs="$(smoke_runs_for "$target")" -seed=1)
    set +e
    LSAN_OPTIONS=suppressions=$root/fuzz/lsan.supp:print_suppressions=0 \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$build_dir/bin/agf_fuzz_$target" "${length[@]}" -timeout=10 \
        -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len="$max_len" -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/" "${dict[@]}" "$dir/corpus" "$dir/seeds" \
        >"$dir/log" 2>&1
    echo $? >"$dir/status"
    set -e
}

mkdir -p "$work_dir"
# The generated models joined with their side files: the start of every corpus.
rm -rf "$work_dir/made-seeds"
bash fuzz/make-seeds.sh "$work_dir/made-seeds" >/dev/null
if [ "$which" = smoke ]; then
    echo "== fuzzing ${targets[*]}, a fixed number of inputs from seed 1, $parallel at a time =="
else
    echo "== fuzzing ${targets[*]} for ${seconds} s each, $parallel at a time =="
fi
running=0
for target in "${targets[@]}"; do
    run_target "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$parallel" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

failed=0
printf '\n%-10s %12s %8s %8s  %s\n' target executions edges corpus result
for target in "${targets[@]}"; do
    dir=$work_dir/$target
    status=$(cat "$dir/status" 2>/dev/null || echo 99)
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$dir/log" | tail -1 | awk '{print $2}')
    edges=$(grep -o 'cov: [0-9]*' "$dir/log" | tail -1 | awk '{print $2}')
    units=$(grep -o 'corp: [0-9]*' "$dir/log" | tail -1 | awk '{print $2}')
    result=ok
    if [ "$status" != 0 ]; then
        result="FAILED (exit $status)"
        failed=1
    fi
    printf '%-10s %12s %8s %8s  %s\n' "$target" "${execs:-?}" "${edges:-?}" "${units:-?}" "$result"
done

if [ "$failed" != 0 ]; then
    for target in "${targets[@]}"; do
        dir=$work_dir/$target
        [ "$(cat "$dir/status" 2>/dev/null || echo 99)" = 0 ] && continue
        echo
        echo "== $target: end of the log ($dir/log) =="
        tail -n 60 "$dir/log"
        for artifact in "$dir"/artifacts/*; do
            [ -f "$artifact" ] || continue
            echo "-- reproducer $artifact ($(stat -c %s "$artifact") bytes); replay with:"
            echo "   $build_dir/bin/agf_fuzz_$target $artifact"
            xxd -l 256 "$artifact" 2>/dev/null || od -A x -t x1z -N 256 "$artifact"
        done
    done
    exit 1
fi
