#!/usr/bin/env bash
# Scenario 3, "Containers": R requests with one trivial container each (bench/gen_platform.sh).
#   ferry --runtime podman --jobs 1  against  bench/podman_loop.sh (the same podman runs, one by one);
#   ferry --runtime podman --jobs 2  against  --jobs 1;
#   ferry --runtime oci --jobs 1     against  ferry --runtime podman --jobs 1, per container;
#   ferry --runtime oci --jobs 1     against  bench/runc_loop.sh's time in `runc run` (the floor), per container;
#   ferry with resources and a securityContext on the container against the same container without them
#   (podman and oci, --jobs 1, same run; rows 3e, 3f).
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

# ferry_run RUNTIME JOBS: one reconcile of a fresh platform and store; prints seconds. Checks every
# request committed. Appends "<busy CPU seconds after> <before> <seconds>" to $BENCH_TMP/busy-RUNTIME-JOBS.
run=0
ferry_run() {
  run=$((run + 1))
  local dir=$work/run-$run
  rm -rf "$work" && mkdir -p "$dir"
  "$here/gen_platform.sh" "$dir/platform" "$requests" "$dir/state.git"
  [[ -z ${container_extra:-} ]] || add_container_fields "$dir/platform/platform.yaml"
  # No pipeline cache: every run generates the same platform, and a cached result would stand in for the
  # container runs the scenario measures (a repeat took 0.26 s for 30 requests instead of 11 s).
  local busy_before; busy_before=$(bench_busy_cpu_seconds)
  local seconds; seconds=$(bench_time "$FERRY" reconcile "$dir/platform" --runtime "$1" --jobs "$2" --no-pipeline-cache)
  echo "$(bench_busy_cpu_seconds) $busy_before $seconds" >>"$BENCH_TMP/busy-$1-$2"
  echo "$seconds"
  local commits; commits=$(git -C "$dir/state.git" rev-list --count main)
  ((commits == requests)) || { bench_say "scenario 3: $commits commits for $requests requests"; exit 1; }
}
# add_container_fields FILE: the YAML of $container_extra under the bench container (after its image line).
add_container_fields() {
  local file=$1 line="                image: localhost/ferry-fixtures/redis-configure:dev"
  awk -v line="$line" -v extra="$container_extra" '{ print } $0 == line { print extra }' "$file" >"$file.new"
  mv "$file.new" "$file"
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

# Resources and a securityContext (what a hardened marketplace Promise sets) against the same container
# without them: ferry's memory cgroup, --user, --read-only, --cap-drop, no-new-privileges (docs/runtimes.md).
limits_yaml='                securityContext:
                  runAsUser: 1000
                  runAsGroup: 1000
                  readOnlyRootFilesystem: true
                  allowPrivilegeEscalation: false
                  capabilities: {drop: [ALL]}
                resources:
                  limits: {cpu: 500m, memory: 64Mi}
                  requests: {cpu: 100m, memory: 32Mi}'
bench_say "scenario 3: R=$requests, ${reps}x: ferry podman and oci with resources and a securityContext"
container_extra=$limits_yaml ferry_run podman 1 >/dev/null  # warm-up: the cgroup parents exist afterwards
podman_limits=$(container_extra=$limits_yaml repeat "$reps" ferry_run podman 1)
oci_limits=$(container_extra=$limits_yaml repeat "$reps" ferry_run oci 1)
bench_record 3e "3 Containers R=$requests" "ferry podman, limits + securityContext (s)" "$podman_limits" \
  "ferry podman, neither (s)" "$podman1" ferry/baseline "<=1.1" "--jobs 1 both, same run; runs: $reps"
bench_record 3f "3 Containers R=$requests" "ferry oci, limits + securityContext (s)" "$oci_limits" \
  "ferry oci, neither (s)" "$oci1" ferry/baseline "<=1.1" "--jobs 1 both, same run; runs: $reps"
