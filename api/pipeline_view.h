// What the platform API serves one pipeline, supplied by its caller (the run): who the pipeline is and what
// it may do (permissions.h), the kind of the object it processes, the secrets and config maps directories,
// and the object itself behind PipelineObjects, which the caller implements (tests/support has a recording
// fake). The API never reads the platform or the run state itself.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/permissions.h"
#include "core/error.h"

namespace ferry::api {

// A kind served under /apis: a request kind (a Promise's CRD) or Promise itself.
struct ServedKind {
  std::string group;
  std::string version;
  std::string kind;
  std::string plural;
  std::string singular;  // lower-case kind
  bool namespaced = true;
};

// platform.kratix.io/v1alpha1 Promise, plural promises, cluster-scoped.
ServedKind promise_kind();

// The object the pipeline processes and its Promise, as JSON objects with apiVersion, kind and metadata.
// Status writes go back through it: the caller merges them exactly as /kratix/metadata/status.yaml is merged.
class PipelineObjects {
 public:
  virtual ~PipelineObjects() = default;
  // The request (resource workflow) or Promise (promise workflow) being processed, status included.
  virtual nlohmann::json object() const = 0;
  // Its Promise; for a promise workflow the same object.
  virtual nlohmann::json promise() const = 0;
  // Merges `status_text` (a JSON map, read as status.yaml's text) into the object's status; the object
  // after the merge, or an error whose message says what is wrong with the text (a 400 or 422).
  virtual Result<nlohmann::json> merge_status(const std::string& status_text) = 0;
  // Replaces the object's status with `status` (a map); the object after it.
  virtual Result<nlohmann::json> replace_status(const nlohmann::json& status) = 0;
};

struct PipelineView {
  PipelineAccess access;
  ServedKind object_kind;                 // the processed object's kind: a request kind or promise_kind()
  std::filesystem::path secrets_dir;      // --secrets-dir, empty when not given
  std::filesystem::path config_maps_dir;  // --config-maps-dir, empty when not given
  PipelineObjects* objects = nullptr;     // never null; outlives the view
};

// The kinds served under /apis: Promise, and the request's kind for a resource workflow.
std::vector<ServedKind> served_kinds(const PipelineView& view);

// The pipeline's rbac.permissions followed by the rules Kratix always grants (permissions.h).
std::vector<Permission> effective_permissions(const PipelineView& view);

// The processed object's metadata.namespace, "" for a Promise.
std::string object_namespace(const PipelineView& view);

}  // namespace ferry::api
