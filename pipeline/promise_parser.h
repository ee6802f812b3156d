// Promise documents -> pipeline::Promise (reference §1.1): its API, workflows, selectors and requirements;
// errors carry file:line:column.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// Parses a Promise document (kind already checked by the caller).
Result<Promise> parse_promise(const YamlDocument& document);

}  // namespace ferry::pipeline
