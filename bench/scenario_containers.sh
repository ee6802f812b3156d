#!/usr/bin/env bash
# Scenario 3, "Containers": R requests with one trivial container each (bench/gen_platform.sh).
#   ferry --runtime podman --jobs 1  against  bench/podman_loop.sh (the same podman runs, one by one);
#   ferry --runtime podman --jobs 2  against  --jobs 1;
#   ferry --runtime oci --jobs 1     against  ferry --runtime podman --jobs 1, per container;
#   ferry --runtime oci --jobs 1     against  bench/runc_loop.sh's time in `runc run` (the floor), per container;
#   ferry with the container fields of $with_fields (a secret volume, envFrom) against the same container
#   without them, podman and oci, per container (rows 3e, 3f); the same with $with_limits (resources and a
#   securityContext, what a hardened marketplace Promise sets) (rows 3g, 3h).
# The cores podman keeps busy at --jobs 1 are measured too: they bound what --jobs 2 can gain.
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
# The floor's figure is per container and does not grow with R, so runc_loop.sh runs at most 50: its
# shell spends more time around `runc run` than inside it.
floor_requests=$((requests < 50 ? requests : 50))
# The Pipeline fields of rows 3e and 3f (bench/gen_platform.sh's BENCH_CONTAINER_FEATURES): add a word
# there and here to measure another field's cost.
with_fields="secret-volume env-from"
with_limits="security limits"

# ferry_run RUNTIME JOBS [FEATURES]: one reconcile of a fresh platform and store, its container using the
# Pipeline fields FEATURES (gen_platform.sh); prints seconds. Checks every request committed. Appends "<busy CPU seconds after> <before> <seconds>" to $BENCH_TMP/busy-RUNTIME-JOBS.
run=0
ferry_run() {
  run=$((run + 1))
  local dir=$work/run-$run
  rm -rf "$work" && mkdir -p "$dir"
  BENCH_CONTAINER_FEATURES=${3:-} BENCH_SECRETS_DIR=$dir/secrets \
    "$here/gen_platform.sh" "$dir/platform" "$requests" "$dir/state.git"
  # No pipeline cache: every run generates the same platform, and a cached result would stand in for the
  # container runs the scenario measures (a repeat took 0.26 s for 30 requests instead of 11 s).
  local busy_before; busy_before=$(bench_busy_cpu_seconds)
  local seconds; seconds=$(bench_time "$FERRY" reconcile "$dir/platform" --runtime "$1" --jobs "$2" --no-pipeline-cache \
    --secrets-dir "$dir/secrets")
  echo "$(bench_busy_cpu_seconds) $busy_before $seconds" >>"$BENCH_TMP/busy-$1-$2"
  echo "$seconds"
  local commits; commits=$(git -C "$dir/state.git" rev-list --count main)
  ((commits == requests)) || { bench_say "scenario 3: $commits commits for $requests requests"; exit 1; }
}
loop_run() {
  rm -rf "$work" && mkdir -p "$work/loop"
  bench_time "$here/podman_loop.sh" "$work/loop" "$requests" "$image"
}
runc_run() {
  rm -rf "$work" && mkdir -p "$work/runc"
  "$here/runc_loop.sh" "$work/runc" "$floor_requests" "$image"
}
# repeat N COMMAND...: N samples of COMMAND's printed seconds.
repeat() {
  local n=$1 samples=(); shift
  for ((i = 0; i < n; i++)); do samples+=("$("$@")"); done
  echo "${samples[*]}"
}

bench_say "scenario 3: warm-up (2 containers each way)"
requests_saved=$requests floor_saved=$floor_requests; requests=2 floor_requests=2
ferry_run podman 1 >/dev/null; ferry_run oci 1 >/dev/null; loop_run >/dev/null; runc_run >/dev/null
requests=$requests_saved floor_requests=$floor_saved

bench_say "scenario 3: R=$requests, ${reps}x: podman loop, ferry podman --jobs 1 and 2, ferry oci"
loop=$(repeat "$reps" loop_run)
rm -f "$BENCH_TMP/busy-podman-1"
podman1=$(repeat "$reps" ferry_run podman 1)
busy=$(awk '{ cpu += $1 - $2; wall += $3 } END { printf "%.2f\n", cpu / wall }' "$BENCH_TMP/busy-podman-1")
cores=$(nproc)
bound=$(awk -v c="$cores" -v b="$busy" 'BEGIN { printf "%.2f\n", c / b }')
podman2=$(repeat "$reps" ferry_run podman 2)
oci1=$(repeat "$reps" ferry_run oci 1)
# Rows 3e and 3f alternate runs without and with the fields, so a change in the machine's load between
# them (other jobs, page cache) falls on both sides alike.
# paired RUNTIME FEATURES: sets pair_without and pair_with to REPS samples each, taken in turn.
paired() {
  pair_without="" pair_with=""
  for ((i = 0; i < reps; i++)); do
    pair_without+=" $(ferry_run "$1" 1)"
    pair_with+=" $(ferry_run "$1" 1 "$2")"
  done
}
paired podman "$with_fields"; podman_without=$pair_without podman_with=$pair_with
paired oci "$with_fields"; oci_without=$pair_without oci_with=$pair_with
paired podman "$with_limits"; podman_limits_without=$pair_without podman_limits=$pair_with
paired oci "$with_limits"; oci_limits_without=$pair_without oci_limits=$pair_with
runc=$(repeat "$reps" runc_run)
# per SAMPLES [COUNT]: each sample divided by COUNT (default: the requests).
per() { local out=(); for s in $1; do out+=("$(bench_div "$s" "${2:-$requests}")"); done; echo "${out[*]}"; }

bench_record 3a "3 Containers R=$requests" "ferry podman --jobs 1 (s)" "$podman1" "shell loop of podman run (s)" "$loop" \
  ferry/baseline "<=1.15" "ferry also reads the outputs back and commits every request; runs: $reps"
bench_record 3b "3 Containers R=$requests" "ferry podman --jobs 2 (s)" "$podman2" "ferry podman --jobs 1 (s)" "$podman1" \
  baseline/ferry ">=1.5" \
  "podman --jobs 1 kept $busy of $cores cores busy, so the CPU allows --jobs 2 at most ${bound}x; runs: $reps"
bench_record 3c "3 Containers R=$requests" "ferry oci s/container" "$(per "$oci1")" "ferry podman s/container" \
  "$(per "$podman1")" baseline/ferry ">=5" "--jobs 1 both; runs: $reps"
bench_record 3d "3 Containers R=$requests" "ferry oci s/container" "$(per "$oci1")" "runc run alone s/container" \
  "$(per "$runc" "$floor_requests")" ferry/baseline "" \
  "the same bundle and container by bench/runc_loop.sh, $floor_requests containers, timed inside runc run only; runs: $reps"
bench_record 3e "3 Containers R=$requests" "ferry podman with $with_fields s/container" "$(per "$podman_with")" \
  "ferry podman without s/container" "$(per "$podman_without")" ferry/baseline "<=1.1" "--jobs 1 both, runs without and with taken in turn; runs: $reps"
bench_record 3f "3 Containers R=$requests" "ferry oci with $with_fields s/container" "$(per "$oci_with")" \
  "ferry oci without s/container" "$(per "$oci_without")" ferry/baseline "<=1.1" "--jobs 1 both, runs without and with taken in turn; runs: $reps"
bench_record 3g "3 Containers R=$requests" "ferry podman with $with_limits s/container" "$(per "$podman_limits")" \
  "ferry podman without s/container" "$(per "$podman_limits_without")" ferry/baseline "<=1.1" "--jobs 1 both, runs without and with taken in turn; runs: $reps"
bench_record 3h "3 Containers R=$requests" "ferry oci with $with_limits s/container" "$(per "$oci_limits")" \
  "ferry oci without s/container" "$(per "$oci_limits_without")" ferry/baseline "<=1.1" "--jobs 1 both, runs without and with taken in turn; runs: $reps"
