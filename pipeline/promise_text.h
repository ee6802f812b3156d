// A Promise read back from its YAML text (a run's recorded Promise), without YAML nodes in the interface.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// Parses `text` as one Promise document (errors located in `file`, as promise_parser.h words them);
// nullopt when the text holds no document or more than one, for the caller to say which text it was.
Result<std::optional<Promise>> parse_single_promise(const std::string& text, const std::string& file);

}  // namespace ferry::pipeline
