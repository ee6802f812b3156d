// One document per kind that holds every field of its strict-fields table (core/known_fields.h), for the
// walk of strict_fields_test.cpp. volumes, volumeMounts, envFrom and securityContext are empty here (their
// fields' tables are not reached): volume_parser_test.cpp and container_limits_parse_test.cpp cover them.
#pragma once

#include <string>

namespace ferry::runner::strict_documents {

inline const std::string kPipeline = R"(
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: configure
          spec:
            containers:
              - name: main
                image: busybox
                command: [sh]
                args: [-c, "true"]
                env:
                  - name: A
                    value: a
                  - name: B
                    valueFrom:
                      secretKeyRef: {name: s, key: k, optional: true}
                  - name: C
                    valueFrom:
                      configMapKeyRef: {name: c, key: k}
                      fieldRef: ~
                      resourceFieldRef: ~
                envFrom: []
                volumeMounts: []
                imagePullPolicy: IfNotPresent
                securityContext: {}
                resources: {}
            volumes: []
            imagePullSecrets: []
            jobOptions:
              backoffLimit: ~
            rbac:
              serviceAccount: ~
              permissions: []
            nodeSelector: {}
            tolerations: []
            restartPolicy: ~
)";

inline const std::string kPromise = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: redis
  generateName: redis-
  namespace: default
  labels: {team: data}
  annotations: {note: x}
  uid: "1"
  resourceVersion: "1"
  generation: 1
  creationTimestamp: ~
  deletionTimestamp: ~
  deletionGracePeriodSeconds: 0
  ownerReferences: []
  finalizers: []
  managedFields: []
  selfLink: ""
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: redis.marketplace.kratix.io}
    spec:
      group: marketplace.kratix.io
      names: {kind: redis, plural: redis, singular: redis}
      scope: Namespaced
      versions: [{name: v1alpha1, served: true, storage: true}]
  destinationSelectors:
    - matchLabels: {env: dev}
      matchExpressions: []
  clusterSelector: {env: dev}
  requiredPromises:
    - name: postgresql
      version: v1
  dependencies: []
  workflows:
    config:
      pipelineNamespace: ~
      reconciliationInterval: ~
    promise:
      configure:)" + kPipeline + R"(      delete: []
    resource:
      configure: []
      delete: []
status: {}
)";

inline const std::string kDestination = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev
  labels: {env: dev}
spec:
  path: dev
  strictMatchLabels: false
  cleanup: ~
  stateStoreRef: {name: default, kind: GitStateStore}
  filepath: {mode: aggregatedYAML, filename: all.yaml}
  initWorkloads: {enabled: true}
status: {}
)";

inline const std::string kGitStateStore = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: default}
spec:
  url: https://example.com/state.git
  path: clusters
  branch: main
  authMethod: basicAuth
  secretRef: {name: git, namespace: default}
  gitAuthor: {name: ferry, email: ferry@example.com}
status: {}
)";

inline const std::string kMetric = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Metric
metadata: {name: heat}
spec:
  min: 0
  max: 5
  provider: {name: values, metric: heat}
status: {}
)";

inline const std::string kMetricsProvider = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: MetricsProvider
metadata: {name: values}
spec:
  type: static
  static: {metrics: {heat: 1}}
  file: {path: metrics.yaml}
  prometheus: {url: "http://localhost:9090"}
status: {}
)";

inline const std::string kLocation = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Location
metadata: {name: eu}
spec:
  instanceSelector: {matchLabels: {region: eu}}
status: {}
)";

}  // namespace ferry::runner::strict_documents
