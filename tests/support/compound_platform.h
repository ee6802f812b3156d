// The documents of a small compound platform (docs/compound-promises.md), shared by the runner's unit test
// and the end-to-end test: a store, a platform Destination ("platform", annotated ferry.dev/platform) and a
// worker ("worker"), and Promises with one resource.configure pipeline each.
#pragma once

#include <string>
#include <vector>

namespace ferry::testing {

// The GitStateStore "default" at `store_url` and the Destinations "platform" (environment: platform) and
// "worker" (environment: dev) in it.
inline std::string compound_store_and_destinations(const std::string& store_url) {
  return R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: default}
spec: {url: )" +
         store_url + R"(}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: platform
  labels: {environment: platform}
  annotations: {ferry.dev/platform: "true"}
spec:
  path: platform
  stateStoreRef: {kind: GitStateStore, name: default}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: worker
  labels: {environment: dev}
spec:
  path: worker
  stateStoreRef: {kind: GitStateStore, name: default}
)";
}

// Promise `name` serving kind `name` in group example.com (version v1), placing on `environment`, with one
// resource.configure pipeline "configure" whose container "generate" runs `image`.
inline std::string compound_promise(const std::string& name, const std::string& environment,
                                    const std::string& image) {
  return R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata: {name: )" +
         name + R"(}
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: )" +
         name + R"(s.example.com}
    spec:
      group: example.com
      names: {kind: )" +
         name + ", plural: " + name + R"(s}
      versions: [{name: v1, served: true, storage: true}]
  destinationSelectors: [{matchLabels: {environment: )" +
         environment + R"(}}]
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: configure}
          spec:
            containers: [{name: generate, image: )" +
         image + R"(}]
)";
}

// Promise "db" (kind db, placed on the worker, running `image`) whose v1 has a schema: spec.size one of
// small and large, and `extra_properties` ("name: {schema}" each) beside it.
inline std::string db_promise_with_schema(const std::string& image,
                                          const std::vector<std::string>& extra_properties = {}) {
  std::string text = compound_promise("db", "dev", image);
  const std::string versions = "      versions: [{name: v1, served: true, storage: true}]\n";
  text.replace(text.find(versions), versions.size(), R"(      versions:
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
                    size: {type: string, enum: [small, large]}
)");
  for (const std::string& property : extra_properties)
    text.insert(text.find("  destinationSelectors:"), std::string(20, ' ') + property + "\n");
  return text;
}

// A request of kind `kind` (example.com/v1) named `name` in namespace default.
inline std::string compound_request(const std::string& kind, const std::string& name) {
  return "apiVersion: example.com/v1\nkind: " + kind + "\nmetadata:\n  name: " + name +
         "\n  namespace: default\nspec: {size: small}\n";
}

}  // namespace ferry::testing
