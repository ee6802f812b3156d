#!/bin/sh
# The stand-in for the redis-configure fixture image (fixtures/images/redis-configure) in the 10,000-request
# run of scenarios 6 and 2, under `--runtime exec` (ferry-exec.yaml beside this file): the same output
# bytes for the bench's requests (a ConfigMap in /kratix/output/redis.yaml, /kratix/metadata/status.yaml),
# written with shell builtins only. The image's script starts six processes (sed, head, tr, grep, two cat),
# which on this kind of machine is most of a request's cost; here a request costs one sandbox and one shell.
# bench/scenario_e2e.sh checks that the two write the same tree for a request.
set -eu

name=${KRATIX_OBJECT_NAME:-unnamed}
namespace=${KRATIX_OBJECT_NAMESPACE:-default}

# The first `size:` value of a line that starts with it after blanks, as the image's script reads it
# (blanks and quotes around the value dropped; the image's script drops them inside it too).
size=""
while IFS= read -r line; do
  line=${line#"${line%%[![:space:]]*}"}
  case $line in
    size:*)
      size=${line#size:}
      size=${size#"${size%%[!\"\'[:space:]]*}"}
      size=${size%%[\"\'[:space:]]*}
      break
      ;;
  esac
done </kratix/input/object.yaml
size=${size:-small}

printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: redis-%s\n  namespace: %s\ndata:\n  instance: %s\n  size: %s\n' \
  "$name" "$namespace" "$name" "$size" >/kratix/output/redis.yaml
printf 'message: "redis %s is %s"\n' "$name" "$size" >/kratix/metadata/status.yaml
echo "configured redis $name ($size)"
