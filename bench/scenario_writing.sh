#!/usr/bin/env bash
# Scenario 1, "Writing": the same R requests' bundles (K files of 1 KiB, one commit per request, one bare
# repository, no containers) written by ferry's writer, by the Kratix path (bench/kratix_writer.sh) and by
# `git fast-import` (the floor). Every repository starts from the same one-commit seed; the branch tips'
# trees must come out identical, else the scenario fails.
#   bench/scenario_writing.sh SMALL,TARGET,BIG FILES
# SMALL and TARGET are measured in full. BIG is measured at the margin: a repository pre-filled with
# BIG-W requests by fast-import, then the last W (100, or BIG/10 when smaller) requests timed; the
# per-request cost there is compared with SMALL's (the Kratix path times only the last W/10 there). Env:
# BENCH_BIN (dir of ferry_bench_writer), BENCH_TMP, BENCH_RESULTS, BENCH_REPS. At TARGET the Kratix path
# is timed in three windows (kratix_windows below): run whole at 1,000 it took 8.4 minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

IFS=, read -r small target big <<<"$1"
files=$2
writer=$BENCH_BIN/ferry_bench_writer
work=$BENCH_TMP/writing
rm -rf "$work" && mkdir -p "$work"

# The seed: a bare repository whose main has one commit (Kratix never creates a branch).
git init -q --bare -b main "$work/seed.git"
git clone -q "$work/seed.git" "$work/seed" 2>/dev/null
(cd "$work/seed" && : >.keep && git add .keep && git -c user.name=bench -c user.email=bench@localhost \
  commit -qm seed && git push -q origin main)

# fresh NAME [SEED]: a copy of the seed repository at $work/NAME.git.
fresh() { rm -rf "$work/$1.git" && cp -a "$work/${2:-seed}.git" "$work/$1.git"; }
tree_of() { git -C "$work/$1.git" rev-parse 'main^{tree}'; }

# Each writer's run of COUNT requests from FIRST on repository NAME; prints seconds.
run_ferry() { "$writer" apply "$work/$1.git" "$2" "$files" "$3" | sed 's/.*"seconds":\([0-9.]*\).*/\1/'; }
run_fast_import() {
  "$writer" fast-import "$2" "$files" "$3" >"$work/stream"
  bench_time git -C "$work/$1.git" fast-import --quiet <"$work/stream"
}
# run_kratix NAME COUNT FIRST [cloned]: with "cloned", the clone is made before the clock starts.
run_kratix() {
  rm -rf "$work/files" "$work/clone" && mkdir -p "$work/clone"
  "$writer" files "$work/files" "$2" "$files" "$3" >"$work/manifest"
  if [[ ${4:-} == cloned ]]; then
    git clone -q --depth=1 --single-branch --no-tags --branch main "file://$work/$1.git" "$work/clone"
  fi
  bench_time "$here/kratix_writer.sh" "file://$work/$1.git" "$work/clone" "$work/files" "$work/manifest"
}

# measure WHO COUNT FIRST SEED REPS: prints REPS samples, leaving the last repository at $work/WHO.git.
measure() {
  local samples=()
  for ((i = 0; i < $5; i++)); do
    fresh "$1" "$4"
    samples+=("$("run_$1" "$1" "$2" "$3")")
  done
  echo "${samples[*]}"
}

# kratix_windows SIZE: the Kratix path's time for SIZE requests, estimated from three timed windows of
# SIZE/20 requests (at least 1; the first, the middle and the last) on one repository, ferry's writer
# committing the requests between them. Its cost per request grows with the repository, so the whole is
# the integral of a cost linear between the windows' middles and flat beyond them. The run whole clones
# once, so the later windows' clones are made before their clocks start. The estimate runs low (a window
# starts from a packed clone; bench/README.md). Prints "ESTIMATE FIRST MIDDLE LAST WINDOW" (the three
# costs per request); leaves $work/kratix.git holding all SIZE requests.
kratix_windows() {
  local size=$1 window=$(($1 >= 20 ? $1 / 20 : 1)) written=0 start seconds per=() middles=()
  fresh kratix
  for start in 0 $(((size - window) / 2)) $((size - window)); do
    if ((start > written)); then run_ferry kratix $((start - written)) "$written" >/dev/null; fi
    seconds=$(run_kratix kratix "$window" "$start" "$( ((start == 0)) || echo cloned)")
    per+=("$(bench_div "$seconds" "$window")") middles+=("$(bench_div $((2 * start + window)) 2)")
    written=$((start + window))
  done
  awk -v n="$size" -v w="$window" -v p="${per[*]}" -v m="${middles[*]}" 'BEGIN {
    split(p, c, " "); split(m, x, " ")
    total = c[1] * x[1] + (c[1] + c[2]) / 2 * (x[2] - x[1]) + (c[2] + c[3]) / 2 * (x[3] - x[2]) + c[3] * (n - x[3])
    printf "%.6f %s %s %s %d\n", total, c[1], c[2], c[3], w }'
}

same_trees() {
  local a b c
  a=$(tree_of ferry) b=$(tree_of kratix) c=$(tree_of fast_import)
  if [[ $a != "$b" || $a != "$c" ]]; then
    bench_say "scenario 1: trees differ at $1: ferry $a, kratix $b, fast-import $c"
    exit 1
  fi
  bench_say "scenario 1: R=$1: the three trees are identical ($a)"
}

bench_say "scenario 1: warm-up"
measure ferry 10 0 seed 1 >/dev/null && measure fast_import 10 0 seed 1 >/dev/null && measure kratix 5 0 seed 1 >/dev/null

declare -A ferry_at
for size in "$small" "$target"; do
  ferry=$(measure ferry "$size" 0 seed "$BENCH_REPS")
  floor=$(measure fast_import "$size" 0 seed "$BENCH_REPS")
  if [[ $size == "$small" ]]; then
    # The Kratix path runs once here: this row has no target, and 3 runs took 1.5 minutes.
    bench_say "scenario 1: R=$size (K=$files): ferry, fast-import (${BENCH_REPS}x each), Kratix path (once)"
    kratix=$(measure kratix "$size" 0 seed 1) kratix_label="Kratix git CLI path (s)"
    kratix_note="Kratix runs: 1; trees identical"
  else
    bench_say "scenario 1: R=$size (K=$files): ferry, fast-import (${BENCH_REPS}x each), Kratix path in 3 windows"
    read -r kratix first_cost middle_cost last_cost kratix_window <<<"$(kratix_windows "$size")"
    kratix_label="Kratix git CLI path (s, from 3 windows)"
    kratix_note="Kratix timed on requests 1-$kratix_window, the middle $kratix_window and the last"
    kratix_note+=" $kratix_window at $first_cost, $middle_cost and $last_cost s a request, ferry writing the rest,"
    kratix_note+=" the whole interpolated (bench/scenario_writing.sh); trees identical"
  fi
  same_trees "$size"
  ferry_at[$size]=$ferry
  goal_k="" goal_f=""; [[ $size == "$target" ]] && goal_k=">=100" goal_f="<=2"
  bench_record 1a "1 Writing R=$size K=$files" "ferry writer (s)" "$ferry" "$kratix_label" "$kratix" \
    baseline/ferry "$goal_k" "$kratix_note"
  bench_record 1b "1 Writing R=$size K=$files" "ferry writer (s)" "$ferry" "git fast-import (s)" "$floor" \
    ferry/baseline "$goal_f" "trees identical"
done

window=100; ((big / 10 < window)) && window=$((big / 10))
first=$((big - window))
bench_say "scenario 1: R=$big at the margin: pre-filling $first requests with fast-import, then timing $window"
fresh prefill && "$writer" fast-import "$first" "$files" 0 | git -C "$work/prefill.git" fast-import --quiet
ferry=$(measure ferry "$window" "$first" prefill "$BENCH_REPS")
floor=$(measure fast_import "$window" "$first" prefill "$BENCH_REPS")
# The Kratix path costs about 2.5 s a request at this size here, so it times only the last tenth of the
# window, on the pre-filled repository plus ferry's writes of the requests before them.
kratix_window=$((window / 10)); ((kratix_window > 0)) || kratix_window=1
fresh prefill_kratix prefill
run_ferry prefill_kratix $((window - kratix_window)) "$first" >/dev/null
kratix=$(measure kratix "$kratix_window" $((big - kratix_window)) prefill_kratix 1)
same_trees "$big"
per_big=() per_small=()
for s in $ferry; do per_big+=("$(bench_div "$s" "$window")"); done
for s in ${ferry_at[$small]}; do per_small+=("$(bench_div "$s" "$small")"); done
bench_record 1c "1 Writing cost/request R=$big vs R=$small" "ferry s/request, requests $((first + 1))-$big" \
  "${per_big[*]}" "ferry s/request, R=$small" "${per_small[*]}" ferry/baseline "<=1.5" \
  "R=$big measured at the margin: last $window requests on a repository pre-filled by fast-import"
bench_record 1d "1 Writing cost/request at the margin of R=$big" "ferry s/request, requests $((first + 1))-$big" \
  "${per_big[*]}" "Kratix git CLI path s/request, requests $((big - kratix_window + 1))-$big" \
  "$(bench_div "$kratix" "$kratix_window")" baseline/ferry "" "margin of a pre-filled repository; Kratix once"
bench_record 1e "1 Writing last $window of R=$big" "ferry writer (s)" "$ferry" "git fast-import (s)" "$floor" \
  ferry/baseline "" "margin of a pre-filled repository"
