// Objects read back from the run state's records (run/run_state.h ObjectRecord::object_yaml): a Promise or
// request that is no longer declared exists only as the text its record kept, so parsing that text is its
// first parse, not a re-parse. It is parsed here because YAML stays in the parsers (platform/, pipeline/);
// run/ does not link yaml-cpp.
#pragma once

#include <string>

#include "core/error.h"
#include "pipeline/model.h"

namespace ferry::runner {

// The recorded Promise's text, parsed as the loader parses a Promise. `origin` names the text in errors
// (e.g. "state:promises/redis"); more or fewer than one document is an error naming "the recorded
// <what>", e.g. what = "Promise redis".
Result<pipeline::Promise> parse_recorded_promise(const std::string& object_yaml, const std::string& origin,
                                                 const std::string& what);

// A recorded request's apiVersion, which its delete workflow's object shows; the rest of its identity is in
// the record itself. Errors as parse_recorded_promise's.
Result<std::string> recorded_api_version(const std::string& object_yaml, const std::string& origin,
                                         const std::string& what);

}  // namespace ferry::runner
