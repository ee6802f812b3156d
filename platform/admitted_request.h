// A request given as text (one YAML or JSON document) admitted as the loader admits the platform's request
// files (deferred_requests.h checked_request: a version its Promise serves, valid against that version's
// openAPIV3Schema, its defaults applied): the check of requests pipelines create through the platform API
// (run/platform_api_objects.h), free of yaml-cpp for its callers.
#pragma once

#include <string>

#include "core/error.h"
#include "pipeline/model.h"

namespace ferry::runner {

// The admitted request, or one error whose message joins every problem's message with "; " (without their
// locations: the text is no file); `file` names the text in the parser's errors.
Result<pipeline::Request> admitted_request(const pipeline::Promise& promise, const std::string& object_text,
                                           const std::string& file);

}  // namespace ferry::runner
