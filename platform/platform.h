// The platform repository, loaded and validated: everything a run needs, as plain values.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/model.h"
#include "platform/destination_filepath.h"
#include "platform/health_record.h"
#include "platform/promise_release.h"
#include "scheduler/destination.h"
#include "scheduler/location.h"
#include "scheduler/metrics.h"
#include "scheduler/placement_policy.h"
#include "writer/state_store.h"
#include "writer/store_spec.h"

namespace ferry::runner {

// Where a store's credentials come from: the Secret named by spec.secretRef, read from ferry's local secret
// sources (docs/stores.md): --secrets-dir/<name>/<key> files, else FERRY_SECRET_<NAME>_<KEY> variables.
struct StoreSecretRef {
  std::string name;
  std::string namespace_ = "default";  // recorded for messages; the local sources have one namespace
  SourceLocation where;                // of spec.secretRef
};

// spec.authMethod: which keys of the Secret are read (reference §1.4). githubApp is refused when parsed.
enum class StoreAuthMethod { basic_auth, ssh };

struct GitStateStore {
  std::string name;
  std::string url;  // as written; store_spec_of() turns it into a writer::StoreSpec
  std::string branch = "main";
  std::string path;  // prefix inside the repository, leading '/' removed
  writer::Author author;
  std::optional<StoreSecretRef> secret_ref;
  StoreAuthMethod auth_method = StoreAuthMethod::basic_auth;
  SourceLocation where;
  SourceLocation url_where;
  SourceLocation auth_where;  // of spec.authMethod, or of the document when absent
};

// A name one object refers to, where it is written: checked by validation.h once everything is loaded.
struct NameReference {
  std::string kind;      // of the object referred to: "Promise", "Metric", "MetricsProvider", "Destination"
  std::string name;      // the name referred to
  std::string referrer;  // who refers: "PlacementPolicy \"front-end\"", "Destination \"dev\""
  SourceLocation where;  // of the name as written
  // For a MetricsProvider: the referring Metric's namespace, where the name is looked up before the
  // global ones ("" looks among the global ones only). Unused for the other kinds.
  std::string namespace_ = {};
};

// A Kubernetes `v1 Namespace` object (platform/namespace_parser.h): the labels a PlacementPolicy's
// namespaceSelector reads. A namespace without one has no labels.
struct NamespaceObject {
  std::string name;
  Labels labels;
  SourceLocation where;
};

// A ResourceBinding (platform.kratix.io/v1alpha1, kratix-newer.md §3.2) declared in the platform: it pins
// the request its labels name (kratix.io/promise-name, kratix.io/resource-name, in its namespace) to a
// Promise version, whether written before or after the request (platform/resource_binding_parser.h).
struct ResourceBinding {
  std::string name;
  std::string namespace_;              // metadata.namespace, "default" when absent
  std::string promise;                 // label kratix.io/promise-name
  std::string request;                 // label kratix.io/resource-name
  std::string version;                 // spec.version, "latest" when absent or empty
  bool manual_reconciliation = false;  // label kratix.io/manual-reconciliation: "true"
  SourceLocation where;
};

struct Platform {
  std::filesystem::path root;
  std::vector<pipeline::Promise> promises;
  std::vector<scheduler::Destination> destinations;
  // Each Destination's spec.filepath by its name (the first of a name declared twice; validation.h
  // reports the second). Read by the platform, not the scheduler: only the writer lays files out by it.
  std::map<std::string, DestinationFilepath> filepaths;
  std::vector<GitStateStore> stores;
  std::vector<pipeline::Request> requests;
  std::vector<NamespaceObject> namespaces;  // v1 Namespace objects, for namespaceSelectors
  // PromiseReleases (promise_release.h); the Promises they installed are in `promises`, labelled with
  // kPromiseReleaseLabel.
  std::vector<PromiseRelease> releases;
  // HealthRecords declared in the platform; those in Destinations' health folders are read by the run
  // (run/health_rollup.h).
  std::vector<HealthRecord> health_records;
  std::vector<ResourceBinding> bindings;  // each also set on the request it names (Request::binding)
  // ferry's own kinds under scheduling.ferry.dev/v1alpha1 (docs/scheduling.md, docs/metrics.md).
  std::vector<scheduler::PlacementPolicy> policies;
  std::vector<scheduler::Location> locations;
  std::vector<scheduler::Metric> metrics;
  std::vector<scheduler::MetricsProvider> metrics_providers;
  std::vector<NameReference> references;  // from the scheduling kinds and Destinations' metrics annotations
  std::vector<std::string> scheduling_sources;  // each scheduling document's YAML, for scheduling_digest()

  const pipeline::Promise* promise(const std::string& name) const;
  // The Promise `request` runs with: the revision its binding pins (RequestBinding::revision), else the
  // declared Promise; null when neither exists.
  const pipeline::Promise* promise_of(const pipeline::Request& request) const;
  const GitStateStore* store(const std::string& name) const;
  // How the writer lays out the files of the Destination named `destination` (defaults when unknown).
  DestinationFilepath filepath(const std::string& destination) const;
  // The first PlacementPolicy that names `promise`, or null: whether any policy may govern its requests.
  const scheduler::PlacementPolicy* policy_for(const std::string& promise) const;
  // The labels of namespace `name`: its Namespace object's metadata.labels, none without one.
  Labels namespace_labels(const std::string& name) const;
  // The PlacementPolicies that govern `request`, in declaration order: those naming its Promise whose
  // namespaceSelector (none: every namespace) selects the request's namespace. Validation allows several
  // only when all of them are KCP Placements (locationSelectors).
  std::vector<const scheduler::PlacementPolicy*> policies_for(const pipeline::Request& request) const;
};

}  // namespace ferry::runner
