// resource_request (request_info.h): the path's parts and the method's verb.
#include "api/request_info.h"

#include <map>

namespace ferry::api {
namespace {

std::optional<std::string> verb_of(const std::string& method, bool named, bool watch) {
  static const std::map<std::string, std::pair<const char*, const char*>> kVerbs = {
      // method -> {verb with a name, verb without one}
      {"GET", {"get", "list"}},       {"HEAD", {"get", "list"}},
      {"POST", {"create", "create"}}, {"PUT", {"update", "update"}},
      {"PATCH", {"patch", "patch"}},  {"DELETE", {"delete", "deletecollection"}}};
  const auto found = kVerbs.find(method);
  if (found == kVerbs.end()) return std::nullopt;
  if (watch && found->first == "GET") return std::string("watch");
  return std::string(named ? found->second.first : found->second.second);
}

}  // namespace

std::optional<ResourceRequest> resource_request(const std::string& method, const RequestTarget& target) {
  const std::vector<std::string>& parts = target.segments;
  ResourceRequest request;
  std::size_t next = 0;
  if (parts.size() >= 3 && parts[0] == "api") {
    request.version = parts[1];
    next = 2;
  } else if (parts.size() >= 4 && parts[0] == "apis") {
    request.attributes.group = parts[1];
    request.version = parts[2];
    next = 3;
  } else {
    return std::nullopt;
  }
  ResourceAttributes& attributes = request.attributes;
  if (parts.size() >= next + 3 && parts[next] == "namespaces") {
    attributes.namespace_name = parts[next + 1];
    next += 2;
  }
  const std::size_t rest = parts.size() - next;
  if (rest > 3) return std::nullopt;
  attributes.resource = parts[next];
  if (rest >= 2) attributes.name = parts[next + 1];
  if (rest == 3) attributes.subresource = parts[next + 2];
  const auto watch = target.query.find("watch");
  const bool watching = watch != target.query.end() && (watch->second == "true" || watch->second == "1");
  auto verb = verb_of(method, !attributes.name.empty(), watching);
  if (!verb) return std::nullopt;
  attributes.verb = std::move(*verb);
  return request;
}

std::string audit_verb(const std::string& method, const std::string& target) {
  auto parsed = parse_target(target);
  if (!parsed) return "";
  if (auto request = resource_request(method, *parsed)) return request->attributes.verb;
  std::string lower = method;
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return lower;
}

}  // namespace ferry::api
