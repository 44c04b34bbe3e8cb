#!/bin/sh
# Files per second of `assimp batch` on the generated batch tree (agf_generate --batch-tree,
# about 200 files, some damaged) at 1 and 2 jobs, against a shell loop that calls
# `assimp export` once per file: the table in docs/benchmarks.md ("Batch").
#
#   tools/bench-batch.sh [build-dir] [runs] [copies]
#
# Defaults: build-dir = build, runs = 3 (the best run of each is printed), copies = 3 (the tree's
# size; each copy adds about 65 files). The loop converts exactly the files batch converts
# itself (every report entry that is not an animation file bound to its mesh), each with its
# sibling animations bound by the importer as batch does.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$here/build"}
runs=${2:-3}
copies=${3:-3}
assimp="$build/bin/assimp"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --build "$build" --target agf_assimp_cli agf_generate >/dev/null
"$build/bin/agf_generate" --batch-tree "$work/src" "$copies"
"$assimp" batch "$work/src" "$work/list" --jobs 2 >/dev/null 2>&1 || true
# The conversions: sources of the report that are not bound to another file.
python3 - "$work/list/report.json" >"$work/files.txt" <<'PY'
import json, sys
for f in json.load(open(sys.argv[1]))["files"]:
    if f["status"] != "bound":
        print(f["source"])
PY
files=$(wc -l <"$work/files.txt")

now() { date +%s.%N; }
best() { # command...: the shortest wall time of $runs runs, in seconds
    shortest=""
    i=0
    while [ "$i" -lt "$runs" ]; do
        rm -rf "$work/out"
        start=$(now)
        "$@" >/dev/null 2>&1 || true
        end=$(now)
        shortest=$(echo "$start $end ${shortest:-inf}" |
            awk '{t = $2 - $1; if ($3 == "inf" || t < $3) print t; else print $3}')
        i=$((i + 1))
    done
    echo "$shortest"
}
loop() {
    while IFS= read -r file; do
        mkdir -p "$work/out/$(dirname "$file")"
        "$assimp" export "$work/src/$file" "$work/out/${file%.*}.glb" >/dev/null 2>&1 || true
    done <"$work/files.txt"
}

one=$(best "$assimp" batch "$work/src" "$work/out" --jobs 1)
two=$(best "$assimp" batch "$work/src" "$work/out" --jobs 2)
shell=$(best loop)
echo "$files conversions (tree of $copies copies), best of $runs runs, $(nproc) cores:"
echo "| method | seconds | files/s |"
echo "|---|---|---|"
for row in "shell loop of 'assimp export'|$shell" "assimp batch --jobs 1|$one" \
    "assimp batch --jobs 2|$two"; do
    name=${row%|*}
    seconds=${row#*|}
    echo "$name $seconds $files" | awk -v n="$name" '{printf "| %s | %.2f | %.1f |\n", n, $(NF-1), $NF / $(NF-1)}'
done
