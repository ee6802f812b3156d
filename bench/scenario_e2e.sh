#!/usr/bin/env bash
# Scenarios 5, 6 and 2 on one platform of R requests (bench/gen_platform.sh), runtime oci, --jobs 2:
#   5 end to end: the first reconcile (every container run, every request committed); requests per second,
#     next to Kratix's published 3 per second (a different machine);
#   6 memory: that run's peak RSS (GNU time: the largest of ferry and its waited-for children);
#   2 no-op: a second reconcile of the unchanged platform (no commit may be made, no workflow may run: the
#     recorded state says nothing changed), against bench/load_bench.cpp's time to load and validate it,
#     each a fresh process timed from outside.
#   bench/scenario_e2e.sh REQUESTS
# Env: FERRY, BENCH_BIN, BENCH_TMP, BENCH_RESULTS, BENCH_REPS (no-op runs; the first run happens once).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

requests=$1
work=$BENCH_TMP/e2e
rm -rf "$work" && mkdir -p "$work"
"$here/gen_platform.sh" "$work/platform" "$requests" "$work/state.git"

bench_say "scenario 5/6: R=$requests end to end on oci"
start=$(bench_now)
# No pipeline cache, here or in the no-op runs: the generated platform is the same in every bench run, so a
# cached result from an earlier one would stand in for the containers (scenario 5) or for the recorded
# state's answer (scenario 2).
/usr/bin/time -v -o "$work/time.txt" "$FERRY" reconcile "$work/platform" --runtime oci --jobs 2 \
  --no-pipeline-cache >/dev/null 2>&1
seconds=$(awk -v s="$start" -v e="$(bench_now)" 'BEGIN { printf "%.6f\n", e - s }')
commits=$(git -C "$work/state.git" rev-list --count main)
((commits == requests)) || { bench_say "scenario 5: $commits commits for $requests requests"; exit 1; }
rss_mib=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f\n", $2 / 1024 }' "$work/time.txt")
bench_record 5 "5 End to end R=$requests, oci, --jobs 2" "ferry requests/s" "$(bench_div "$requests" "$seconds")" \
  "Kratix requests/s (published)" "3" ferry/baseline "" "Kratix's 3/s was measured on a different machine"
bench_record 6 "6 Peak RSS, R=$requests (scenario 5)" "ferry peak RSS (MiB)" "$rss_mib" "limit (MiB)" "300" \
  ferry/baseline "<=1" "the issue asks for R=10,000; measured at R=$requests"

reps=$BENCH_REPS
bench_say "scenario 2: R=$requests unchanged, ${reps}x, against load+validate"
noop=() started=0
for ((i = 0; i < reps; i++)); do
  start=$(bench_now)
  "$FERRY" reconcile "$work/platform" --runtime oci --jobs 2 --no-pipeline-cache >/dev/null 2>"$work/noop.err"
  noop+=("$(awk -v s="$start" -v e="$(bench_now)" 'BEGIN { printf "%.6f\n", e - s }')")
  started=$(grep -c 'running resource.configure' "$work/noop.err" || true)
done
after=$(git -C "$work/state.git" rev-list --count main)
((after == commits)) || { bench_say "scenario 2: the no-op run made $((after - commits)) commits"; exit 1; }
((started == 0)) || { bench_say "scenario 2: the no-op run ran $started workflows"; exit 1; }
# The yardstick is timed as the no-op run is: a fresh process each time, from the outside. Timing repeated
# loads inside one process measured warm loads (0.069 s here, against 0.105 s for the first) against a
# no-op run that loads cold.
load=()
for ((i = 0; i < reps; i++)); do load+=("$(bench_time "$BENCH_BIN/ferry_bench_load" "$work/platform" 1)"); done
bench_record 2 "2 No-op reconcile R=$requests" "ferry unchanged run (s)" "${noop[*]}" "load+validate (s)" "${load[*]}" \
  ferry/baseline "<=2" "no commit made, no workflow run; both timed as whole processes (the issue asks for R=10,000)"
