// What the loader's tables of kinds map a kind to (object_parsers.h's platform_kinds(),
// scheduling_objects.h's scheduling_kinds()): a parser that adds one document to the platform.
#pragma once

#include <functional>

#include "core/error.h"
#include "core/yaml_document.h"
#include "platform/platform.h"

namespace ferry::runner {

// Adds one document to the platform; returns an error for bad input.
using KindHandler = std::function<Status(const YamlDocument&, Platform&)>;

}  // namespace ferry::runner
