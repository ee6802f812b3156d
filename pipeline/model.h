// The Promise and resource-request model: plain values parsed from the platform repository.
// Field names follow the Kratix API (reference §1.1, §1.2); see docs/differences.md for what ferry ignores.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"
#include "pipeline/openapi_schema.h"
#include "pipeline/secrets.h"

namespace ferry::pipeline {

struct EnvVar {
  std::string name;
  std::string value;
  std::optional<SecretRef> value_from;  // valueFrom: resolved from a SecretSource when the container runs
  bool operator==(const EnvVar&) const = default;
};

// A container's imagePullPolicy. ferry's default is IfNotPresent whatever the tag (Kubernetes uses Always
// for :latest and untagged images): docs/differences.md.
enum class PullPolicy { if_not_present, always, never };

struct Container {
  std::string name;
  std::string image;
  std::vector<std::string> command;  // empty: the image's entrypoint
  std::vector<std::string> args;
  std::vector<EnvVar> env;
  PullPolicy pull_policy = PullPolicy::if_not_present;
};

// The Pipeline annotation that gives its containers the engine's default network; without it they run
// with none (docs/differences.md). Its value must be "true" or "false".
inline constexpr const char* kNetworkAnnotation = "ferry.dev/network";

struct Pipeline {
  std::string name;
  std::vector<Container> containers;  // run in order
  bool network = false;               // kNetworkAnnotation: "true"
  SourceLocation where;
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
  // What parsing dropped and the loader reports as warnings: schema keywords Kubernetes drops too.
  std::vector<Error> load_warnings = {};
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
};

}  // namespace ferry::pipeline
