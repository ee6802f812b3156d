#!/usr/bin/env bash
# Scenario 3's baseline: what ferry's podman runtime does per request, as a shell loop. For each of
# REQUESTS requests: fresh input/output/metadata directories, object.yaml written, then the same
# `podman run --rm --name ... --network=none --pull=never --mount ... --env KRATIX_* IMAGE` ferry runs.
# It does not read the output back nor commit anything (ferry does both, on top).
#   bench/podman_loop.sh WORKDIR REQUESTS IMAGE
set -euo pipefail

work=$1 requests=$2 image=$3
for ((i = 0; i < requests; i++)); do
  name=$(printf 'bench-%05d' "$i")
  dir=$work/$name
  mkdir -p "$dir/input" "$dir/output" "$dir/metadata"
  printf 'apiVersion: bench.ferry.dev/v1\nkind: Bench\nmetadata:\n  name: %s\n  namespace: default\nspec:\n  size: small\n' \
    "$name" >"$dir/input/object.yaml"
  podman run --rm --name "ferry-bench-loop-$$-$i" --network=none --pull=never \
    --mount "type=bind,source=$dir/input,target=/kratix/input,readonly=true" \
    --mount "type=bind,source=$dir/output,target=/kratix/output" \
    --mount "type=bind,source=$dir/metadata,target=/kratix/metadata" \
    --env KRATIX_WORKFLOW_ACTION=configure --env KRATIX_WORKFLOW_TYPE=resource \
    --env KRATIX_PROMISE_NAME=bench --env KRATIX_PIPELINE_NAME=configure --env KRATIX_OBJECT_KIND=Bench \
    --env KRATIX_OBJECT_GROUP=bench.ferry.dev --env KRATIX_OBJECT_VERSION=v1 --env "KRATIX_OBJECT_NAME=$name" \
    --env KRATIX_OBJECT_NAMESPACE=default --env KRATIX_CRD_PLURAL=benches --env KRATIX_CLUSTER_SCOPED=false \
    "$image" >/dev/null
  [[ -s $dir/output/redis.yaml ]] || { echo "podman_loop: $name wrote no output" >&2; exit 1; }
done
