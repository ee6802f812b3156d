// The fields of the platform kinds parsed in platform/ (Destination and Cluster, GitStateStore,
// PromiseRelease, Kubernetes' Namespace, and ferry's scheduling kinds), as Kratix's api/v1alpha1/*_types.go
// and docs/scheduling.md declare them: the tables core/known_fields.h checks each document with before its
// parser reads it. PlacementPolicy's and Location's spec are checked by their parsers' own tables
// (placement_policy_parser.h, location_parser.h).
#pragma once

#include "core/known_fields.h"

namespace ferry::runner {

// Destination, and the older Cluster (the same spec).
const FieldTable& destination_fields();

const FieldTable& git_state_store_fields();

// PromiseRelease: spec.version and spec.sourceRef {type, url, secretRef {name, namespace}}.
const FieldTable& promise_release_fields();

// Metric: spec.min, spec.max and spec.provider {name, metric}.
const FieldTable& metric_fields();

// MetricsProvider: spec.type and one section per provider type (file, prometheus, static).
const FieldTable& metrics_provider_fields();

// Kubernetes' v1 Namespace: metadata, spec.finalizers and status (only metadata.labels is read).
const FieldTable& namespace_fields();

// PlacementPolicy and Location: apiVersion, kind, metadata and spec (the spec's own parser checks it).
const FieldTable& scheduling_object_fields();

}  // namespace ferry::runner
