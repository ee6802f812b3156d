// Locations inside the text of a YAML scalar, for messages that point at one character of a value (a
// metric's name inside an annotation, the offending word of a constraint) rather than at the whole node.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>

#include "core/error.h"

namespace ferry {

// Where the scalar's text begins. yaml-cpp marks a quoted scalar (tag "!") at its opening quote, so its
// text starts one column later; a plain scalar's mark is its first character.
SourceLocation scalar_text_start(const YAML::Node& scalar, const std::string& file);

// The location of the character `offset` bytes into a text that starts at `text_start` (one line: the
// offset moves the column only).
SourceLocation location_in_text(const SourceLocation& text_start, std::size_t offset);

}  // namespace ferry
