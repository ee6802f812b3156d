// The `labelSelector` query parameter of a LIST, in the syntax of apimachinery's labels.Parse (what
// `kubectl get -l` sends): requirements separated by commas, each `key=value`, `key==value`, `key!=value`,
// `key in (a,b)`, `key notin (a,b)`, `key` or `!key`. Read into core's LabelSelector, so it matches as
// every other selector in ferry does.
#pragma once

#include <string>

#include "core/error.h"
#include "core/label_selector.h"

namespace ferry::api {

// Errors name the requirement: `unable to parse requirement: "a in (b": missing ")"`. An empty text is the
// empty selector (matches everything).
Result<LabelSelector> parse_selector_query(const std::string& text);

}  // namespace ferry::api
