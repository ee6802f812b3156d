// `ferry validate`'s output: the loader's diagnostics and a closing verdict, as text or JSON.
#pragma once

#include <string>

#include "platform/loader.h"
#include "platform/platform.h"

namespace ferry::runner {

// Every diagnostic as "file:line:column: error: ..." (render_diagnostics), then one closing line:
//   ferry: 3 error(s) in DIR
//   ferry: DIR is valid: 2 Promises, 4 requests, 3 Destinations, 2 state stores
// A valid platform with warnings ends ", 1 warning(s)".
std::string render_validation_text(const LoadResult& loaded, const std::string& platform_dir);

// {"format_version": 1, "valid": bool, "errors": [{"file","line","column","message"}], "warnings": [...]};
// an error without a location has file "" and line and column 0.
std::string render_validation_json(const LoadResult& loaded);

}  // namespace ferry::runner
