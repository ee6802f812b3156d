// ferry's scheduling kinds for the runner tests: Destinations with zones and metrics, a file metrics
// provider, a Location, and PlacementPolicies for the test Promise "redis" (platform_texts.h).
#pragma once

namespace ferry::runner::test_platform {

// Three dev Destinations in two zones; dev-a and dev-b list the metric "cost".
inline constexpr const char* kZonedDestinations = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev-a
  labels: {env: dev, zone: a, cloud: aws}
  annotations:
    scheduling.ferry.dev/metrics: "cost=1"
spec:
  path: dev-a
  stateStoreRef: {kind: GitStateStore, name: default}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev-b
  labels: {env: dev, zone: b, cloud: aws}
  annotations:
    scheduling.ferry.dev/metrics: "cost=1"
spec:
  path: dev-b
  stateStoreRef: {kind: GitStateStore, name: default}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev-c
  labels: {env: dev, zone: a, cloud: gcp}
spec:
  path: dev-c
  stateStoreRef: {kind: GitStateStore, name: default}
)";

inline constexpr const char* kCostMetric = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Metric
metadata: {name: cost}
spec:
  min: 0
  max: 10
  provider: {name: costs}
---
apiVersion: scheduling.ferry.dev/v1alpha1
kind: MetricsProvider
metadata: {name: costs}
spec:
  type: file
  file: {path: metrics.json}
)";

inline constexpr const char* kAwsLocation = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Location
metadata:
  name: aws
  labels: {cloud: aws}
spec:
  instanceSelector:
    matchLabels: {cloud: aws}
)";

// Seed 004: the gce Location holds the Destinations of cloud gcp (dev-c of kZonedDestinations).
inline constexpr const char* kGceLocation = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Location
metadata:
  name: gce
  labels: {cloud: gce}
spec:
  instanceSelector:
    matchLabels: {cloud: gcp}
)";

}  // namespace ferry::runner::test_platform
