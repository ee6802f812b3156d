// Locations inside a one-line text whose start is known: a message that points at one character of a value
// (a metric's name inside an annotation, the offending word of a constraint) rather than at the whole value.
#pragma once

#include <cstddef>

#include "core/error.h"

namespace ferry {

// The location of the character `offset` bytes into a text that starts at `text_start` (one line: the
// offset moves the column only).
SourceLocation location_in_text(const SourceLocation& text_start, std::size_t offset);

}  // namespace ferry
