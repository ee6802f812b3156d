// Reading an object's metadata from its JSON (the request or Promise a PipelineView hands over): fields
// that are absent or of another type read as empty.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/labels.h"

namespace ferry::api {

// metadata.<field> when it is a string, else "".
std::string field_text(const nlohmann::json& object, const char* field);
// metadata.labels' string values.
Labels object_labels(const nlohmann::json& object);

}  // namespace ferry::api
