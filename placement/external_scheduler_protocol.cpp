#include "placement/external_scheduler_protocol.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "platform/object_text.h"

namespace ferry::runner {

namespace {

using Json = nlohmann::json;

Json group_json(const SchedulerGroup& group) {
  return {{"key", group.key},           {"pipeline", group.pipeline},     {"directory", group.directory},
          {"selector", group.selector}, {"candidates", group.candidates}, {"current", group.current},
          {"count", group.count}};
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

// One entry of "placements", checked against its group.
Result<std::vector<std::string>> chosen(const SchedulerGroup& group, const Json& value) {
  const std::string quoted = "\"" + group.key + "\"";
  if (!value.is_array() ||
      !std::all_of(value.begin(), value.end(), [](const Json& v) { return v.is_string(); })) {
    return make_error("placements[" + quoted + "] must be a list of Destination names, found " +
                      value.dump());
  }
  std::vector<std::string> names = value.get<std::vector<std::string>>();
  if (names.empty()) return make_error("chose no Destination for group " + quoted);
  if (names.size() > static_cast<std::size_t>(group.count)) {
    return make_error("chose " + std::to_string(names.size()) + " Destinations for group " + quoted +
                      ", which takes at most " + std::to_string(group.count));
  }
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (!seen.insert(name).second) return make_error("chose \"" + name + "\" twice for group " + quoted);
    if (std::find(group.candidates.begin(), group.candidates.end(), name) == group.candidates.end()) {
      return make_error("chose \"" + name + "\" for group " + quoted +
                        ", which is not one of its candidates (" + joined(group.candidates) + ")");
    }
  }
  return names;
}

Result<Json> parse_answer(const std::string& answer) {
  if (answer.find_first_not_of(" \t\r\n") == std::string::npos) {
    return make_error("answered nothing on stdout");
  }
  try {
    return Json::parse(answer);
  } catch (const Json::parse_error& e) {
    std::string what = e.what();
    if (const std::size_t bracket = what.find("] ");
        what.starts_with("[json") && bracket != std::string::npos) {
      what.erase(0, bracket + 2);  // nlohmann's "[json.exception.parse_error.101] " prefix
    }
    return make_error("answered invalid JSON: " + what);
  }
}

}  // namespace

std::string encode_scheduler_input(const SchedulerInput& input) {
  const SchedulerRequest& request = input.request;
  Json groups = Json::array();
  for (const SchedulerGroup& group : input.groups) groups.push_back(group_json(group));
  Json destinations = Json::array();
  for (const SchedulerDestination& destination : input.destinations) {
    destinations.push_back(
        {{"name", destination.name}, {"labels", destination.labels}, {"metrics", destination.metrics}});
  }
  const Json document = {{"format_version", kExternalSchedulerFormatVersion},
                         {"policy", input.policy},
                         {"request",
                          {{"apiVersion", request.api_version},
                           {"kind", request.kind},
                           {"name", request.name},
                           {"namespace", request.namespace_},
                           {"promise", request.promise},
                           {"object", object_json(request.object_yaml)}}},
                         {"groups", groups},
                         {"destinations", destinations}};
  return document.dump(2) + "\n";
}

Result<SchedulerOutput> decode_scheduler_output(const std::string& answer, const SchedulerInput& input) {
  auto body = parse_answer(answer);
  if (!body) return body.error();
  if (!body->is_object()) return make_error("the answer must be a JSON object, found " + body->dump());
  if (const auto version = body->find("format_version");
      version != body->end() && *version != kExternalSchedulerFormatVersion) {
    return make_error("answered format_version " + version->dump() + "; ferry speaks " +
                      std::to_string(kExternalSchedulerFormatVersion));
  }
  const auto placements = body->find("placements");
  if (placements == body->end() || !placements->is_object()) {
    return make_error("the answer has no \"placements\" object");
  }
  SchedulerOutput output;
  for (const auto& item : placements->items()) {  // not a structured binding: clang 14 cannot capture one
    const std::string& key = item.key();
    const auto& value = item.value();
    const auto group = std::find_if(input.groups.begin(), input.groups.end(),
                                    [&](const SchedulerGroup& g) { return g.key == key; });
    if (group == input.groups.end()) {
      return make_error("answered a placement for unknown group \"" + key + "\"");
    }
    auto names = chosen(*group, value);
    if (!names) return names.error();
    output.placements[key] = std::move(*names);
  }
  for (const SchedulerGroup& group : input.groups) {
    if (!output.placements.contains(group.key)) {
      return make_error("answered no placement for group \"" + group.key + "\"");
    }
  }
  return output;
}

}  // namespace ferry::runner
