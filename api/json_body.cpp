// parse_json_body (json_body.h): nlohmann's parser with a callback that watches the depth.
#include "api/json_body.h"

namespace ferry::api {

std::optional<nlohmann::json> parse_json_body(const std::string& body, std::string& why) {
  bool too_deep = false;
  const nlohmann::json::parser_callback_t watch_depth = [&too_deep](int depth, nlohmann::json::parse_event_t,
                                                                    nlohmann::json&) {
    if (depth > kMaxBodyDepth) too_deep = true;
    return !too_deep;  // discarding what is too deep keeps the tree small until the parse ends
  };
  nlohmann::json parsed = nlohmann::json::parse(body, watch_depth, false);
  if (too_deep) {
    why = "the body nests deeper than " + std::to_string(kMaxBodyDepth) + " levels";
    return std::nullopt;
  }
  if (parsed.is_discarded()) {
    why = "the body is not valid JSON";
    return std::nullopt;
  }
  return parsed;
}

}  // namespace ferry::api
