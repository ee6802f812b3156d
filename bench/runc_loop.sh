#!/usr/bin/env bash
# Scenario 3's floor for the oci runtime: what ferry's `oci` runtime does per container, as a shell loop
# (pipeline/oci_runtime.cpp). For each of REQUESTS requests: fresh input/output/metadata directories and
# object.yaml, a bundle directory with an overlay on the image's root filesystem (`podman image mount`),
# runc's default config (`runc spec`) with the image's entrypoint, the KRATIX_* variables and the /kratix
# binds, `runc run`, then the overlay unmounted and the bundle removed. It does not read the output back
# nor commit anything (ferry does both, on top). Prints the seconds spent in `runc run` alone: the shell's
# own set-up (a process per mkdir, mount, sed...) costs more than ferry's, so the loop's whole time would
# be no floor.
#   bench/runc_loop.sh WORKDIR REQUESTS IMAGE
set -euo pipefail

work=$1 requests=$2 image=$3
rootfs=$(podman image mount "$image")
entrypoint=$(podman image inspect "$image" --format '{{json .Config.Entrypoint}}')
mkdir -p "$work/spec"
(cd "$work/spec" && runc spec)
# The template: DIR stands for the request's directory.
python3 - "$work/spec/config.json" "$entrypoint" >"$work/config.template" <<'EOF'
import json, sys
config = json.load(open(sys.argv[1]))
config["process"].update(terminal=False, args=json.loads(sys.argv[2]))
config["process"]["env"] += [
    "KRATIX_WORKFLOW_ACTION=configure", "KRATIX_WORKFLOW_TYPE=resource", "KRATIX_PROMISE_NAME=bench",
    "KRATIX_PIPELINE_NAME=configure", "KRATIX_OBJECT_KIND=Bench", "KRATIX_OBJECT_GROUP=bench.ferry.dev",
    "KRATIX_OBJECT_VERSION=v1", "KRATIX_OBJECT_NAMESPACE=default", "KRATIX_CRD_PLURAL=benches",
    "KRATIX_CLUSTER_SCOPED=false"]
config["root"]["readonly"] = False
for target, mode in (("input", "ro"), ("output", "rw"), ("metadata", "rw")):
    config["mounts"].append({"destination": "/kratix/" + target, "type": "bind",
                             "source": "DIR/" + target, "options": ["rbind", mode]})
print(json.dumps(config))
EOF

in_runc=0
for ((i = 0; i < requests; i++)); do
  name=$(printf 'bench-%05d' "$i")
  dir=$work/$name
  mkdir -p "$dir/input" "$dir/output" "$dir/metadata" "$dir/bundle/rootfs" "$dir/bundle/upper" "$dir/bundle/work"
  printf 'apiVersion: bench.ferry.dev/v1\nkind: Bench\nmetadata:\n  name: %s\n  namespace: default\nspec:\n  size: small\n' \
    "$name" >"$dir/input/object.yaml"
  mount -t overlay overlay -o "lowerdir=$rootfs,upperdir=$dir/bundle/upper,workdir=$dir/bundle/work" "$dir/bundle/rootfs"
  sed "s|DIR/|$dir/|g; s|\"KRATIX_WORKFLOW_ACTION|\"KRATIX_OBJECT_NAME=$name\", &|" "$work/config.template" \
    >"$dir/bundle/config.json"
  start=$(date +%s.%N)
  runc run --bundle "$dir/bundle" "ferry-bench-runc-$$-$i" >/dev/null
  in_runc=$(awk -v t="$in_runc" -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.6f\n", t + e - s }')
  umount "$dir/bundle/rootfs"
  rm -rf "$dir/bundle"
  [[ -s $dir/output/redis.yaml ]] || { echo "runc_loop: $name wrote no output" >&2; exit 1; }
done
echo "$in_runc"
