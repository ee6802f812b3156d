// Facts about a YAML stream read from its text, for callers that keep objects as text and never hold nodes
// (run/'s recorded objects): no yaml-cpp type crosses this header.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"

namespace ferry {

// Each document of `text`, in order: its top-level scalar `key` ("" when absent or not a scalar). The
// stream's errors are parse_yaml_stream's (core/yaml_document.h), located in `file`.
Result<std::vector<std::string>> top_level_scalars(const std::string& text, const std::string& file,
                                                   const char* key);

}  // namespace ferry
