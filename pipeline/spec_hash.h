// Kratix's `kratix.io/hash` (reference §2.4, lib/hash/hasher.go) from the objects' YAML texts: what decides
// whether a spec changed and a workflow must run again. Only `spec` counts; labels, annotations and status
// never do. How a spec becomes the hashed JSON, and the hashes of parsed nodes: pipeline/spec_json.h.
#pragma once

#include <string>

#include "core/error.h"
#include "pipeline/resource_hash.h"

namespace ferry::pipeline {

// Resource workflows from the Promise's hash computed once (kratix_spec_hash(promise_spec), or
// kratix_promise_hash) and the request's YAML text: what a run hashing many requests of one Promise uses.
Result<std::string> kratix_resource_hash(const std::string& promise_hash, const std::string& request_yaml,
                                         bool dry_run = false);
Result<std::string> kratix_promise_hash(const std::string& promise_yaml);

// The same from the objects' YAML texts (Promise::object_yaml, Request::object_yaml, already validated by
// the loader); an empty `request_yaml` means a promise workflow. Fails when a text is not one YAML map.
Result<std::string> kratix_workflow_hash(const std::string& promise_yaml, const std::string& request_yaml,
                                         bool dry_run = false);

}  // namespace ferry::pipeline
