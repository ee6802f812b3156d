#include "pipeline/spec_hash.h"

#include "core/md5.h"
#include "core/yaml_document.h"
#include "pipeline/spec_json.h"

namespace ferry::pipeline {
namespace {

Result<YAML::Node> spec_of(const std::string& yaml, const char* what) {
  auto documents = parse_yaml_stream(yaml, "object.yaml");
  if (!documents)
    return make_error(std::string(what) + " is not a single YAML map: " + documents.error().message);
  if (documents->size() != 1 || !documents->front().node.IsMap()) {
    return make_error(std::string(what) + " is not a single YAML map");
  }
  return documents->front().node["spec"];
}

}  // namespace

Result<std::string> kratix_promise_hash(const std::string& promise_yaml) {
  auto promise_spec = spec_of(promise_yaml, "the Promise");
  if (!promise_spec) return promise_spec.error();
  return kratix_spec_hash(*promise_spec);
}

Result<std::string> kratix_resource_hash(const std::string& promise_hash, const std::string& request_yaml,
                                         bool dry_run) {
  auto request_spec = spec_of(request_yaml, "the resource request");
  if (!request_spec) return request_spec.error();
  return kratix_resource_hash_of(promise_hash, md5_hex(spec_json(*request_spec)), dry_run);
}

Result<std::string> kratix_workflow_hash(const std::string& promise_yaml, const std::string& request_yaml,
                                         bool dry_run) {
  auto promise_spec = spec_of(promise_yaml, "the Promise");
  if (!promise_spec) return promise_spec.error();
  if (request_yaml.empty()) return kratix_spec_hash(*promise_spec);
  auto request_spec = spec_of(request_yaml, "the resource request");
  if (!request_spec) return request_spec.error();
  return kratix_spec_hash(*promise_spec, *request_spec, dry_run);
}

}  // namespace ferry::pipeline
