#!/usr/bin/env bash
# Writes a synthetic platform for the container scenarios (3, 5, 2, 6):
#   bench/gen_platform.sh PLATFORM_DIR REQUESTS STORE_PATH
# One Promise `bench` whose resource.configure pipeline has one trivial container (the fixture image
# localhost/ferry-fixtures/redis-configure:dev: reads the object, writes one ConfigMap and a status),
# REQUESTS requests bench-00000.. in namespace default, one Destination `worker` (env: bench) and one
# GitStateStore on the bare repository STORE_PATH (absolute; created by ferry when missing).
# Env BENCH_CONTAINER_FEATURES: words naming Pipeline fields the container uses besides (scenario 3's
# "with the fields" rows); each adds its YAML below and what it reads to BENCH_SECRETS_DIR:
#   secret-volume  the secret bench-creds as a volume, mounted read-only at /creds (defaultMode 0400)
#   env-from       envFrom: the secret bench-creds, prefix CREDS_
#   security       a securityContext: user 1000, read-only root, no privilege escalation, every capability dropped
#   limits         resources: cpu 500m/100m, memory 64Mi/32Mi (ferry's memory cgroup: docs/runtimes.md)
#   rbac           rbac.permissions (get secrets): the pipeline is served the platform API (docs/platform-api.md)
#   api-client     env KUBECTL=$BENCH_KUBECTL and BENCH_CALLS=$BENCH_CALLS for bench/api_client.sh, the
#                  container scenario 7a maps the image to with --runtime exec
set -euo pipefail

dir=$1 requests=$2 store=$3
mkdir -p "$dir"

# container_fields: lines under the container (16 spaces); spec_fields: lines under the Pipeline's spec.
container_fields="" spec_fields=""
for feature in ${BENCH_CONTAINER_FEATURES:-}; do
  case $feature in
    secret-volume)
      container_fields+=$'                volumeMounts: [{name: creds, mountPath: /creds, readOnly: true}]\n'
      spec_fields+=$'            volumes: [{name: creds, secret: {secretName: bench-creds, defaultMode: 0400}}]\n' ;;
    env-from)
      container_fields+=$'                envFrom: [{prefix: CREDS_, secretRef: {name: bench-creds}}]\n' ;;
    security)
      container_fields+=$'                securityContext: {runAsUser: 1000, runAsGroup: 1000, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}\n' ;;
    limits)
      container_fields+=$'                resources: {limits: {cpu: 500m, memory: 64Mi}, requests: {cpu: 100m, memory: 32Mi}}\n' ;;
    rbac)
      spec_fields+=$'            rbac: {permissions: [{apiGroups: [""], resources: [secrets], verbs: [get]}]}\n' ;;
    api-client)
      container_fields+="                env: [{name: KUBECTL, value: \"${BENCH_KUBECTL:?}\"}, {name: BENCH_CALLS, value: \"${BENCH_CALLS:?}\"}]"$'\n' ;;
    *) echo "gen_platform.sh: unknown feature $feature" >&2; exit 2 ;;
  esac
done
if [[ -n ${BENCH_CONTAINER_FEATURES:-} ]]; then
  mkdir -p "${BENCH_SECRETS_DIR:?BENCH_SECRETS_DIR is needed with BENCH_CONTAINER_FEATURES}/bench-creds"
  printf 'bench-user' >"$BENCH_SECRETS_DIR/bench-creds/username"
  printf 'bench-password-0123' >"$BENCH_SECRETS_DIR/bench-creds/password"
fi

cat >"$dir/platform.yaml" <<YAML
apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata:
  name: bench
spec:
  url: $store
  branch: main
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: worker
  labels:
    env: bench
spec:
  path: worker
  stateStoreRef:
    kind: GitStateStore
    name: bench
---
apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: bench
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata:
      name: benches.bench.ferry.dev
    spec:
      group: bench.ferry.dev
      names: {kind: Bench, plural: benches, singular: bench}
      scope: Namespaced
      versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    size: {type: string}
  destinationSelectors:
    - matchLabels:
        env: bench
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: configure
          spec:
            containers:
              - name: trivial
                image: localhost/ferry-fixtures/redis-configure:dev
${container_fields}${spec_fields}
YAML

for ((i = 0; i < requests; i++)); do
  printf -- '---\napiVersion: bench.ferry.dev/v1\nkind: Bench\nmetadata:\n  name: bench-%05d\n  namespace: default\nspec:\n  size: small\n' "$i"
done >"$dir/requests.yaml"
