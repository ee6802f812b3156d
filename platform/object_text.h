// A declared object's kept YAML text read again on demand: as JSON for the external scheduler's protocol
// (placement/external_scheduler_protocol.h), and a request's metadata.labels for the spread and affinity
// terms of PlacementPolicies (placement/run_scheduling.h). Requests are kept as their YAML text
// (pipeline::Request::object_yaml, what pipelines read as /kratix/input/object.yaml); computing these for
// every request when the platform loads would cost a 10,000-request platform a conversion per request for
// the few that a PlacementPolicy places. So the text is read on demand, here, because YAML stays in the
// parsers (platform/, pipeline/): placement/ and run/ use no yaml-cpp.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/labels.h"
#include "pipeline/model.h"

namespace ferry::runner {

// `object_yaml` (one document) as JSON: maps become objects, sequences arrays; a plain scalar that
// reads as an integer, another finite number, true/false or null becomes that (null also for an empty
// scalar and "~"), any other scalar, and every quoted one, a string. Text that is not YAML is null (the
// loader parsed it already; there is nothing sensible to send otherwise).
nlohmann::json object_json(const std::string& object_yaml);

// The request's metadata.labels; an object the loader accepted but whose labels are not a map has none.
Labels request_labels(const pipeline::Request& request);

}  // namespace ferry::runner
