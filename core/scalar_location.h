// Where a YAML scalar's text starts, for messages that point at one character of a value rather than at the
// whole node; core/text_location.h moves inside the text from there.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "core/error.h"
#include "core/text_location.h"

namespace ferry {

// Where the scalar's text begins. yaml-cpp marks a quoted scalar (tag "!") at its opening quote, so its
// text starts one column later; a plain scalar's mark is its first character.
SourceLocation scalar_text_start(const YAML::Node& scalar, const std::string& file);

}  // namespace ferry
