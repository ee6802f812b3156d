// Small platform documents shared by the runner tests.
#pragma once

#include <string>

namespace ferry::runner::test_platform {

inline constexpr const char* kStore = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata:
  name: default
spec:
  url: state.git
)";

inline constexpr const char* kDestinations = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev
  labels: {env: dev}
spec:
  path: dev
  stateStoreRef: {kind: GitStateStore, name: default}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: prod
  labels: {env: prod}
spec:
  path: prod
  stateStoreRef: {kind: GitStateStore, name: default}
)";

inline constexpr const char* kPromise = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: redis
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: redis.marketplace.kratix.io}
    spec:
      group: marketplace.kratix.io
      names: {kind: redis, plural: redises}
      versions:
        - {name: v1alpha1, served: true, storage: false}
        - {name: v1beta1, served: true, storage: true}
  destinationSelectors:
    - matchLabels: {env: dev}
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: instance-configure}
          spec:
            containers:
              - {name: generate, image: example/redis-configure:v1}
)";

inline constexpr const char* kRequest = R"(apiVersion: marketplace.kratix.io/v1beta1
kind: redis
metadata:
  name: cache
  namespace: team-a
spec:
  size: small
)";

// kPromise with a promise.configure pipeline "promise-configure" (image example/redis-promise:v1, so its
// runs' labels start "promise-configure/"); `extra_spec` (whole lines of spec) goes before spec.workflows.
inline std::string promise_with_configure_pipeline(const std::string& extra_spec = "") {
  std::string promise = kPromise;
  promise.replace(promise.find("  workflows:\n"), 13, extra_spec + R"(  workflows:
    promise:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: promise-configure}
          spec:
            containers:
              - {name: install, image: example/redis-promise:v1}
)");
  return promise;
}

// What promise_text() varies of kPromise's shape: the Promise's name, the kind it serves (one version,
// v1alpha1, whose schema allows the string spec.<field> when `field` is given), the labels of the
// Destinations it selects, and its resource.configure pipeline's name.
struct PromiseShape {
  std::string name = "redis";
  std::string group = "marketplace.kratix.io";
  std::string kind = "redis";
  std::string plural = "redises";
  std::string field = "";
  std::string selector = "env: dev";
  std::string pipeline = "instance-configure";
};

// A Promise of `shape` labelled kratix.io/promise-version: `version` (unlabelled when ""), whose
// resource.configure pipeline runs `image`: one Promise at several versions (docs/lifecycle.md).
inline std::string promise_text(const std::string& version, const std::string& image,
                                const PromiseShape& shape = {}) {
  const std::string schema = shape.field.empty() ? "" : R"(
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    )" + shape.field + ": {type: string}";
  return R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: )" +
         shape.name + (version.empty() ? "" : "\n  labels: {kratix.io/promise-version: " + version + "}") +
         R"(
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: )" +
         shape.plural + "." + shape.group + R"(}
    spec:
      group: )" +
         shape.group + R"(
      names: {kind: )" +
         shape.kind + ", plural: " + shape.plural + R"(}
      versions:
        - name: v1alpha1
          served: true
          storage: true)" +
         schema + R"(
  destinationSelectors:
    - matchLabels: {)" +
         shape.selector + R"(}
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: )" +
         shape.pipeline + R"(}
          spec:
            containers:
              - {name: configure, image: )" +
         image + R"(}
)";
}

}  // namespace ferry::runner::test_platform
