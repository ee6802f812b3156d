#!/usr/bin/env bash
# Scenario 7, "Platform API" (issue 24, docs/platform-api.md), two rows:
#   7a  CALLS `kubectl get secret` calls in one pipeline against its platform API (--runtime exec), against
#       the same calls to nginx serving the API's own answers as static files over HTTPS on the same
#       loopback, in the same container, one of each per round (bench/api_client.sh); target <= 1.2.
#   7b  a container start on --runtime oci with the platform API (the Pipeline has rbac) against the same
#       container without it, per container, runs taken in turn; the difference in ms, target <= 5.
#   bench/scenario_api.sh CALLS REQUESTS
# Needs root (the pipeline's network namespace), a static kubectl, nginx, openssl, bwrap, nsenter and runc:
# without them the scenario says so and records nothing. Env: FERRY, BENCH_TMP, BENCH_RESULTS, BENCH_REPS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"

calls=$1 requests=$2
reps=$BENCH_REPS
work=$BENCH_TMP/api
# The static kubectl: Google's /usr/bin/kubectl dispatches to kubectl.1.NN beside it.
kubectl=$(readlink -f "$(command -v kubectl || true)" || true)
for versioned in "$(dirname "${kubectl:-/}")"/kubectl.1.*; do [[ -x $versioned ]] && kubectl=$versioned; done
for tool in nginx openssl bwrap nsenter runc python3; do
  command -v "$tool" >/dev/null || { bench_say "scenario 7: skipped, no $tool"; exit 0; }
done
if [[ $(id -u) != 0 || -z $kubectl ]]; then bench_say "scenario 7: skipped, needs root and kubectl"; exit 0; fi

# platform FEATURES: a fresh platform of REQUESTS requests (bench/gen_platform.sh) in $work/run-N.
run=0
platform() {
  run=$((run + 1)); dir=$work/run-$run
  rm -rf "$work" && mkdir -p "$dir"
  BENCH_CONTAINER_FEATURES=$1 BENCH_SECRETS_DIR=$dir/secrets BENCH_KUBECTL=$kubectl BENCH_CALLS=$calls \
    "$here/gen_platform.sh" "$dir/platform" "$2" "$dir/state.git"
}

# api_round: one reconcile of one request whose container is api_client.sh; prints "API NGINX" seconds.
api_round() {
  platform "rbac api-client" 1
  mkdir -p "$dir/secrets/db" && printf 'bench-secret-value' >"$dir/secrets/db/password"
  printf 'images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, %s]\n' "$here/api_client.sh" \
    >"$dir/exec.yaml"
  "$FERRY" reconcile "$dir/platform" --runtime exec --exec-config "$dir/exec.yaml" --no-pipeline-cache \
    --secrets-dir "$dir/secrets" --logs-dir "$dir/logs" >/dev/null 2>"$dir/stderr" || {
    bench_say "scenario 7a: the run failed"; cat "$dir/stderr" >&2; grep -rh . "$dir/logs" >&2 || true; exit 1
  }
  grep -rhoE 'api_seconds=[0-9.]+ nginx_seconds=[0-9.]+' "$dir/logs" | head -1 |
    sed -E 's/api_seconds=([0-9.]+) nginx_seconds=([0-9.]+)/\1 \2/'
}

# oci_run FEATURES: one reconcile of REQUESTS trivial containers on oci; prints seconds per container.
oci_run() {
  platform "$1" "$requests"
  local seconds; seconds=$(bench_time "$FERRY" reconcile "$dir/platform" --runtime oci --jobs 1 \
    --no-pipeline-cache --secrets-dir "$dir/secrets")
  local commits; commits=$(git -C "$dir/state.git" rev-list --count main)
  ((commits == requests)) || { bench_say "scenario 7b: $commits commits for $requests requests"; exit 1; }
  bench_div "$seconds" "$requests"
}

bench_say "scenario 7: warm-up"
api_round >/dev/null; oci_run "" >/dev/null; oci_run rbac >/dev/null

bench_say "scenario 7a: ${reps}x $calls kubectl get secret calls each way"
api="" static=""
for ((i = 0; i < reps; i++)); do
  read -r a s < <(api_round)
  api+=" $a" static+=" $s"
done
bench_say "scenario 7b: R=$requests on oci, ${reps}x without and with rbac, in turn"
without="" with=""
for ((i = 0; i < reps; i++)); do
  without+=" $(oci_run "")" with+=" $(oci_run rbac)"
done
ms() { local out=(); for s in $1; do out+=("$(awk -v s="$s" 'BEGIN { printf "%.3f", s * 1000 }')"); done; echo "${out[*]}"; }

bench_record 7a "7 Platform API calls=$calls" "kubectl get secret via the API (s)" "$api" \
  "the same via nginx, static files (s)" "$static" ferry/baseline "<=1.2" \
  "one container, the same loopback, one call of each per round, discovery cached both ways; runs: $reps"
bench_record 7b "7 Platform API R=$requests" "ferry oci with rbac ms/container" "$(ms "$with")" \
  "ferry oci without ms/container" "$(ms "$without")" ferry-baseline "<=5" \
  "the API's namespace, TLS material, token and server per pipeline; --jobs 1, runs taken in turn; runs: $reps"
