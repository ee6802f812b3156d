// Cross-document checks after loading: duplicate names, references to undeclared objects.
#pragma once

#include "runner/platform.h"

namespace ferry::runner {

// Appends one error per problem to result.errors, located at the offending document.
void check_references(LoadResult& result);

}  // namespace ferry::runner
