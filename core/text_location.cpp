#include "core/text_location.h"

namespace ferry {

SourceLocation location_in_text(const SourceLocation& text_start, std::size_t offset) {
  SourceLocation where = text_start;
  where.column += static_cast<int>(offset);
  return where;
}

}  // namespace ferry
