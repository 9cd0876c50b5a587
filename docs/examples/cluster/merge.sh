#!/bin/bash
# merge.sh: merge the shard files of a `certify simulate` run (written by
# certify-shards.sbatch or certify-shards-job.yaml) into the study of the
# whole run: $OUT.json (the JSON of the undivided run) and $OUT.txt (its
# text study, also printed). See the manual, docs/cluster.md.
#
# Run it where the shard files are, on any machine:
#
#   SPEC=rules/21st_century_baccarat.yaml SHARDS=100 bash merge.sh
#
# or as a Slurm job that starts once every task of the array succeeded:
#
#   sbatch --dependency=afterok:JOBID merge.sh
#
# Settings (environment variables, with their defaults):
#   CERTIFY      the certify binary (certify, found on PATH)
#   SPEC         the rule spec the shards were dealt from
#                (rules/21st_century_baccarat.yaml)
#   SHARDS       how many shards the run was cut into (empty: the highest
#                K of the files sK.json; give it, to catch a missing last one)
#   DECKS        the deck count, if the shards were given one (empty: the spec's)
#   SHARD_DIR    where the shard files are (shards)
#   OUT          the results' name, without .json or .txt (merged)
#   MERGE_EXTRA  more flags for the merge, e.g. --bound-shoes 10 (empty)
#
# The merge takes --rounds, --seed and --penetration from the shard files.
# Exit 0: merged, every exact figure inside its interval. 1: merged, but
# the run's interval missed an exact figure (see `agrees` in the study);
# or, with nothing written, the spec is refused or unreadable. 2: shard
# files missing or refused, nothing written.
#
#SBATCH --job-name=certify-merge
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output=certify-merge-%j.log

set -euo pipefail

: "${SPEC:=rules/21st_century_baccarat.yaml}"
: "${DECKS:=}"
: "${SHARD_DIR:=shards}"
: "${OUT:=merged}"
: "${MERGE_EXTRA:=}"
certify="${CERTIFY:-certify}"

refuse() {
    echo "merge: $*" >&2
    exit 2
}

shopt -s nullglob
found=("$SHARD_DIR"/s*.json)
if [[ -z "${SHARDS:-}" ]]; then
    # The highest index among the files: a missing shard below it is named.
    SHARDS=0
    for f in ${found[@]+"${found[@]}"}; do
        n="${f##*/s}"
        n="${n%.json}"
        if [[ "$n" =~ ^[1-9][0-9]*$ ]] && ((n > SHARDS)); then SHARDS=$n; fi
    done
fi
if ! [[ "$SHARDS" =~ ^[1-9][0-9]*$ ]]; then
    refuse "no shard files s1.json, s2.json, ... in $SHARD_DIR/ (SHARDS='$SHARDS')"
fi

# Shard 1 to N, in order; every one must be there, and nothing else.
files=()
missing=()
for ((k = 1; k <= SHARDS; k++)); do
    if [[ -f "$SHARD_DIR/s$k.json" ]]; then
        files+=("$SHARD_DIR/s$k.json")
    else
        missing+=("$k")
    fi
done
if ((${#missing[@]} > 0)); then
    shown="${missing[*]:0:20}"
    if ((${#missing[@]} > 20)); then shown="$shown (and $((${#missing[@]} - 20)) more)"; fi
    refuse "shards missing: $shown of $SHARDS. Deal them again with the same settings, e.g. sbatch --array=$(echo "${missing[*]:0:20}" | tr ' ' ,) certify-shards.sbatch"
fi
if ((${#found[@]} != SHARDS)); then
    refuse "$SHARD_DIR/ holds ${#found[@]} files s*.json, expected $SHARDS (s1.json to s$SHARDS.json): remove the files of other runs"
fi

flags=()
if [[ -n "$DECKS" ]]; then flags+=(--decks "$DECKS"); fi
read -r -a extra <<<"$MERGE_EXTRA"
flags+=(${extra[@]+"${extra[@]}"})

tmp="$OUT.json.$$.tmp"
trap 'rm -f "$tmp"' EXIT
status=0
"$certify" simulate "$SPEC" ${flags[@]+"${flags[@]}"} --json --merge "${files[@]}" >"$tmp" || status=$?
# Exit 1 with output: merged, and an interval missed. Exit 1 without (the
# spec is refused or unreadable), 2 (a shard file is refused) or any other:
# nothing merged.
if ((status > 1)) || ! [[ -s "$tmp" ]]; then
    echo "merge: certify refused the merge (exit $status); nothing written" >&2
    if ((status == 0)); then status=2; fi
    exit "$status"
fi
mv -f "$tmp" "$OUT.json"

# The text study: $OUT.json is itself the whole run as one shard, so this
# reads one file instead of every shard again.
text_status=0
"$certify" simulate "$SPEC" ${flags[@]+"${flags[@]}"} --merge "$OUT.json" >"$tmp" || text_status=$?
if ((text_status > 1)) || ! [[ -s "$tmp" ]]; then
    echo "merge: certify could not print the study of $OUT.json (exit $text_status)" >&2
    if ((text_status == 0)); then text_status=2; fi
    exit "$text_status"
fi
mv -f "$tmp" "$OUT.txt"
trap - EXIT
cat "$OUT.txt"
echo "merge: $SHARDS shards of $SPEC merged into $OUT.json and $OUT.txt" >&2
if ((status == 1)); then
    echo "merge: the run's interval missed an exact figure (exit 1): see \`agrees\` in $OUT.txt" >&2
fi
exit "$status"
