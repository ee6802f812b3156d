#include "runner/validation.h"

#include <map>

namespace ferry::runner {
namespace {

// Reports every object whose key was already seen, pointing at the first declaration.
template <class T, class KeyOf>
void check_unique(const std::vector<T>& objects, const std::string& what, KeyOf key_of,
                  std::vector<Error>& errors) {
  std::map<std::string, const T*> seen;
  for (const T& object : objects) {
    const auto [it, inserted] = seen.emplace(key_of(object), &object);
    if (!inserted) {
      errors.push_back(make_error(object.where, what + " \"" + it->first + "\" is declared twice; first at " +
                                                    it->second->where.render()));
    }
  }
}

void check_promise_apis(const Platform& platform, std::vector<Error>& errors) {
  std::map<std::string, const pipeline::Promise*> by_api;
  for (const auto& promise : platform.promises) {
    if (!promise.api) continue;
    const std::string api = promise.api->group + "/" + promise.api->kind;
    const auto [it, inserted] = by_api.emplace(api, &promise);
    if (!inserted) {
      errors.push_back(make_error(promise.where, "Promise \"" + promise.name + "\" serves " + api +
                                                     ", already served by Promise \"" + it->second->name + "\""));
    }
  }
}

}  // namespace

void check_references(LoadResult& result) {
  const Platform& platform = result.platform;
  auto& errors = result.errors;
  check_unique(platform.promises, "Promise", [](auto& p) { return p.name; }, errors);
  check_unique(platform.destinations, "Destination", [](auto& d) { return d.name; }, errors);
  check_unique(platform.stores, "GitStateStore", [](auto& s) { return s.name; }, errors);
  check_unique(
      platform.requests, "request", [](auto& r) { return r.kind + " " + r.namespace_ + "/" + r.name; }, errors);
  check_promise_apis(platform, errors);
  for (const auto& destination : platform.destinations) {
    if (destination.state_store_kind == "GitStateStore" && platform.store(destination.state_store)) continue;
    errors.push_back(make_error(destination.where, "Destination \"" + destination.name + "\" refers to " +
                                                       destination.state_store_kind + " \"" +
                                                       destination.state_store + "\", which is not declared"));
  }
}

}  // namespace ferry::runner
