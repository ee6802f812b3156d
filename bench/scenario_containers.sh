#!/usr/bin/env bash
# Scenario 3, "Containers": R requests with one trivial container each (bench/gen_platform.sh).
#   ferry --runtime podman --jobs 1  against  bench/podman_loop.sh (the same podman runs, one by one);
#   ferry --runtime podman --jobs 2  against  --jobs 1;
#   ferry --runtime oci --jobs 1     against  ferry --runtime podman --jobs 1, per container.
#   bench/scenario_containers.sh REQUESTS
# Env: FERRY (the binary), BENCH_TMP, BENCH_RESULTS, BENCH_REPS (used only when REQUESTS <= 50; larger
# runs take minutes and run once).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

requests=$1
image=localhost/ferry-fixtures/redis-configure:dev
work=$BENCH_TMP/containers
reps=$BENCH_REPS; ((requests <= 50)) || reps=1

# ferry_run RUNTIME JOBS: one reconcile of a fresh platform and store; prints seconds. Checks every
# request committed.
run=0
ferry_run() {
  run=$((run + 1))
  local dir=$work/run-$run
  rm -rf "$work" && mkdir -p "$dir"
  "$here/gen_platform.sh" "$dir/platform" "$requests" "$dir/state.git"
  # No pipeline cache: every run generates the same platform, and a cached result would stand in for the
  # container runs the scenario measures (a repeat took 0.26 s for 30 requests instead of 11 s).
  bench_time "$FERRY" reconcile "$dir/platform" --runtime "$1" --jobs "$2" --no-pipeline-cache
  local commits; commits=$(git -C "$dir/state.git" rev-list --count main)
  ((commits == requests)) || { bench_say "scenario 3: $commits commits for $requests requests"; exit 1; }
}
loop_run() {
  rm -rf "$work" && mkdir -p "$work/loop"
  bench_time "$here/podman_loop.sh" "$work/loop" "$requests" "$image"
}
# repeat N COMMAND...: N samples of COMMAND's printed seconds.
repeat() {
  local n=$1 samples=(); shift
  for ((i = 0; i < n; i++)); do samples+=("$("$@")"); done
  echo "${samples[*]}"
}

bench_say "scenario 3: warm-up (2 containers each way)"
requests_saved=$requests; requests=2
ferry_run podman 1 >/dev/null; ferry_run oci 1 >/dev/null; loop_run >/dev/null
requests=$requests_saved

bench_say "scenario 3: R=$requests, ${reps}x: podman loop, ferry podman --jobs 1 and 2, ferry oci"
loop=$(repeat "$reps" loop_run)
podman1=$(repeat "$reps" ferry_run podman 1)
podman2=$(repeat "$reps" ferry_run podman 2)
oci1=$(repeat "$reps" ferry_run oci 1)
per() { local out=(); for s in $1; do out+=("$(bench_div "$s" "$requests")"); done; echo "${out[*]}"; }

bench_record 3a "3 Containers R=$requests" "ferry podman --jobs 1 (s)" "$podman1" "shell loop of podman run (s)" "$loop" \
  ferry/baseline "<=1.15" "ferry also reads the outputs back and commits every request; runs: $reps"
bench_record 3b "3 Containers R=$requests" "ferry podman --jobs 2 (s)" "$podman2" "ferry podman --jobs 1 (s)" "$podman1" \
  baseline/ferry ">=1.5" "2 cores; runs: $reps"
bench_record 3c "3 Containers R=$requests" "ferry oci s/container" "$(per "$oci1")" "ferry podman s/container" \
  "$(per "$podman1")" baseline/ferry ">=5" "--jobs 1 both; runs: $reps"
