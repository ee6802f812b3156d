// Reading a request's JSON body: refused when it is no JSON, holds invalid UTF-8, or nests deeper than
// kMaxBodyDepth (the merge and the checks walk it recursively; Kubernetes' objects nest a few levels).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ferry::api {

inline constexpr int kMaxBodyDepth = 64;

// The parsed body, or nullopt with `why` set to the message of a 400.
std::optional<nlohmann::json> parse_json_body(const std::string& body, std::string& why);

}  // namespace ferry::api
