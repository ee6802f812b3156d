// The PromiseRelease document's parser (reference §3.4): its fields checked against their table
// (kind_fields.h, promise_release_fields), spec.sourceRef read into a PromiseRelease value.
#pragma once

#include "core/yaml_document.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// Errors, located: unknown fields, a missing spec.sourceRef.url, a type other than http, a URL that is not
// http:// or https://, a secretRef without a name.
Result<PromiseRelease> parse_promise_release(const YamlDocument& document);

}  // namespace ferry::runner
