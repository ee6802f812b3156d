// What the platform API serves one pipeline, supplied by its caller (the run): who the pipeline is and what
// it may do (permissions.h), the kind of the object it processes, the secrets and config maps directories,
// and the object itself behind PipelineObjects, which the caller implements (tests/support has a recording
// fake). The API never reads the platform or the run state itself.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/generated_name.h"
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
  // Creates `object`, a request of `kind` (a platform Promise's) whose apiVersion, kind, name and namespace
  // the router checked against the URL and whose name no object of the kind has: the request as stored (its
  // schema's defaults applied), which the run then runs as it runs a compound Promise's requests; or an
  // error whose message says why its Promise refuses it (a 422).
  virtual Result<nlohmann::json> create_request(const ServedKind& kind, const nlohmann::json& object) = 0;
  // Deletes the request of `kind` named `name` in `namespace_name`, one of PlatformObjects::objects_of: ok,
  // or an error saying why it cannot be (a 405: ferry deletes only requests created through the API).
  virtual Status delete_request(const ServedKind& kind, const std::string& namespace_name,
                                const std::string& name) = 0;
};

// The platform's Promises and the requests of each, as the run loaded them: what `kubectl get promises` and a
// read of another Promise's request see. Reads are thread-safe; objects come as JSON objects with
// apiVersion, kind and metadata (a request's status is not among them: the records keep it).
class PlatformObjects {
 public:
  virtual ~PlatformObjects() = default;
  // The request kind of every Promise with an API, in the platform's order.
  virtual std::vector<ServedKind> request_kinds() const = 0;
  // Every Promise (for promise_kind()) or every request of a request kind; none for a kind not served.
  virtual std::vector<nlohmann::json> objects_of(const ServedKind& kind) const = 0;
};

struct PipelineView {
  PipelineAccess access;
  ServedKind object_kind;                 // the processed object's kind: a request kind or promise_kind()
  std::filesystem::path secrets_dir;      // --secrets-dir, empty when not given
  std::filesystem::path config_maps_dir;  // --config-maps-dir, empty when not given
  PipelineObjects* objects = nullptr;     // never null; outlives the view
  // The platform's Promises and requests; null: only the processed object and its Promise are served.
  // Outlives the view.
  const PlatformObjects* platform = nullptr;
  // The random part of a name made from metadata.generateName (generated_name.h); tests fix it.
  NameSuffix name_suffix = random_name_suffix;
};

// Whether two kinds are one: the same group and plural.
bool same_kind(const ServedKind& a, const ServedKind& b);

// The kinds served under /apis: Promise, the request's kind for a resource workflow, then the request kinds
// of the platform's other Promises.
std::vector<ServedKind> served_kinds(const PipelineView& view);

// The pipeline's rbac.permissions followed by the rules Kratix always grants (permissions.h).
std::vector<Permission> effective_permissions(const PipelineView& view);

// The processed object's metadata.namespace, "" for a Promise.
std::string object_namespace(const PipelineView& view);

}  // namespace ferry::api
