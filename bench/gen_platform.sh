#!/usr/bin/env bash
# Writes a synthetic platform for the container scenarios (3, 5, 2, 6):
#   bench/gen_platform.sh PLATFORM_DIR REQUESTS STORE_PATH
# One Promise `bench` whose resource.configure pipeline has one trivial container (the fixture image
# localhost/ferry-fixtures/redis-configure:dev: reads the object, writes one ConfigMap and a status),
# REQUESTS requests bench-00000.. in namespace default, one Destination `worker` (env: bench) and one
# GitStateStore on the bare repository STORE_PATH (absolute; created by ferry when missing).
set -euo pipefail

dir=$1 requests=$2 store=$3
mkdir -p "$dir"

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
YAML

for ((i = 0; i < requests; i++)); do
  printf -- '---\napiVersion: bench.ferry.dev/v1\nkind: Bench\nmetadata:\n  name: bench-%05d\n  namespace: default\nspec:\n  size: small\n' "$i"
done >"$dir/requests.yaml"
