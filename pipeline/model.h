// The Promise and resource-request model: plain values parsed from the platform repository.
// Field names follow the Kratix API (reference §1.1, §1.2); see docs/differences.md for what ferry ignores.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"
#include "pipeline/container_limits.h"
#include "pipeline/openapi_schema.h"
#include "pipeline/secrets.h"
#include "pipeline/volume_model.h"

namespace ferry::pipeline {

struct EnvVar {
  std::string name;
  std::string value;
  std::optional<SecretRef> value_from;  // valueFrom: resolved from a SecretSource when the container runs
  bool operator==(const EnvVar&) const = default;
};

using runtime::PullPolicy;  // a container's imagePullPolicy (runtime/container_values.h)

struct Container {
  std::string name;
  std::string image;
  std::vector<std::string> command;  // empty: the image's entrypoint
  std::vector<std::string> args;
  std::vector<EnvVar> env;
  PullPolicy pull_policy = PullPolicy::if_not_present;
  std::vector<EnvFromSource> env_from = {};     // envFrom, in order, before env (as Kubernetes orders them)
  std::vector<VolumeMount> volume_mounts = {};  // volumeMounts of the Pipeline's volumes
  Resources resources = {};                     // resources.limits / requests
  std::optional<SecurityContext> security_context = {};  // absent: the runtime's defaults
};

// The Pipeline annotation that gives its containers the engine's default network; without it they run
// with none (docs/differences.md). Its value must be "true" or "false".
inline constexpr const char* kNetworkAnnotation = "ferry.dev/network";

struct Pipeline {
  std::string name;
  std::vector<Container> containers;  // run in order
  bool network = false;               // kNetworkAnnotation: "true"
  SourceLocation where;
  std::vector<Volume> volumes = {};                 // spec.volumes
  std::vector<PullSecret> image_pull_secrets = {};  // spec.imagePullSecrets
  // spec.jobOptions.backoffLimit: a failed container is started again up to this many times in all, in the
  // same scratch directory, as a Job with restartPolicy OnFailure does (docs/differences.md).
  int backoff_limit = 0;
  std::vector<RbacPermission> rbac_permissions = {};        // spec.rbac.permissions
  std::string rbac_service_account = {};                    // spec.rbac.serviceAccount ("": Kratix's name)
  std::vector<InapplicableField> inapplicable_fields = {};  // nodeSelector, tolerations, restartPolicy, rbac
};

// The API a Promise serves: group, the storage version, kind and plural of its CRD.
struct ApiRef {
  std::string group;
  std::string version;  // the storage version (else the first)
  std::string kind;
  std::string plural;
  std::vector<std::string> served_versions = {};  // versions with served: true (the default), in order
  // versions[].schema.openAPIV3Schema by version name; requests of a version without one are not checked.
  std::map<std::string, std::shared_ptr<const Schema>> schemas = {};
};

// "resource.configure", "resource.delete", "promise.configure", "promise.delete".
using WorkflowName = std::string;

// spec.requiredPromises[]: another Promise this one needs installed, at `version` ("" = any version).
struct RequiredPromise {
  std::string name;
  std::string version;
  SourceLocation where;
};

// What users put on a Promise or request to steer its reconciliation, with Kratix's meaning (kratix-newer
// reference §7; docs/state.md, "Steering labels", says what a batch run makes of each): the labels
// kratix.io/paused, kratix.io/manual-reconciliation and (a Promise's) kratix.io/reconcile-resources, each
// set only by the value "true" as Kratix compares it; on a Promise, the annotation
// kratix.io/reconciliation-interval and spec.workflows.config. Read by reconcile_controls_parser.h.
struct ReconcileControls {
  bool paused = false;
  bool manual_reconciliation = false;
  bool reconcile_resources = false;
  // A Promise's annotation kratix.io/reconciliation-interval, else its
  // spec.workflows.config.reconciliationInterval (each at least 1m, as Kratix's webhook requires); its
  // requests use it too. None: the run's --reconciliation-interval.
  std::optional<std::chrono::seconds> reconciliation_interval = std::nullopt;
  std::string pipeline_namespace = {};  // a Promise's spec.workflows.config.pipelineNamespace; "" = none
  bool operator==(const ReconcileControls&) const = default;
};

// The label Kratix reads a Promise's version from; absent, the version is "not-set".
inline constexpr const char* kPromiseVersionLabel = "kratix.io/promise-version";

struct Promise {
  std::string name;
  std::string version = "not-set";                      // metadata.labels[kratix.io/promise-version]
  std::vector<RequiredPromise> required_promises = {};  // spec.requiredPromises, in order
  Labels annotations;                         // metadata.annotations (ferry's own settings live here)
  std::optional<ApiRef> api;                  // absent: the Promise serves no API
  std::vector<Labels> destination_selectors;  // spec.destinationSelectors[].matchLabels, in order
  // spec.destinationSelectors[].matchExpressions of every entry, in order: all ANDed with the selector that
  // Kratix's precedence gives the matchLabels (Kratix itself ignores them).
  std::vector<LabelExpression> destination_expressions = {};
  std::optional<Labels> cluster_selector;  // the older API's spec.clusterSelector (seed 000)
  std::map<WorkflowName, std::vector<Pipeline>> workflows;
  std::string dependencies_yaml;  // spec.dependencies as one multi-document YAML stream; "" when none
  std::string object_yaml;        // the whole Promise, for /kratix/input/object.yaml of its workflows
  SourceLocation where;
  ReconcileControls controls = {};  // its steering labels, annotation and spec.workflows.config
  // What parsing dropped and the loader reports as warnings: schema keywords Kubernetes drops too.
  std::vector<Error> load_warnings = {};
};

// The Promise version a request runs with (kratix-newer.md §3.2): `latest` (the Promise as declared)
// unless a ResourceBinding of the platform pins it (platform/resource_binding_parser.h). A pin to another
// version than the declared Promise's is resolved by the run against the recorded revisions
// (run/promise_revisions.h), which sets `revision`, or `unresolved` for a version never run, or `unreadable`
// for a revision whose text the state lacks.
inline constexpr const char* kLatestVersion = "latest";
struct RequestBinding {
  std::string version = kLatestVersion;  // the ResourceBinding's spec.version
  std::string binding_name = {};         // its metadata.name; "" when none is declared
  // The binding's kratix.io/manual-reconciliation label: a failed upgrade is tried again.
  bool manual_reconciliation = false;
  SourceLocation where = {};
  std::shared_ptr<const Promise> revision = nullptr;  // the pinned revision, when not the declared one
  std::string unresolved = {};  // why the pinned version cannot run (the request is pending); "" when it can
  // Why the pinned revision's text could not be read from the state (missing, unreadable, not a Promise):
  // the request fails with it and runs no workflow; "" when it was read.
  std::string unreadable = {};
};

// A resource request: an object whose group and kind are a Promise's API.
struct Request {
  std::string promise;
  std::string api_version;  // as written, "group/version"
  std::string kind;
  std::string name;
  std::string namespace_;   // "default" when not written
  std::string object_yaml;  // the whole object, for /kratix/input/object.yaml
  // request_spec_md5() of the object in object_yaml, computed where it was parsed so that a run need not
  // parse object_yaml again for Kratix's hash; empty when not computed (the hash then parses object_yaml).
  std::string spec_md5;
  SourceLocation where;
  ReconcileControls controls = {};  // its steering labels (the interval and namespace are its Promise's)
  RequestBinding binding = {};      // the version it is bound to
};

}  // namespace ferry::pipeline
