#include "platform/validation.h"

#include <algorithm>
#include <map>

#include "writer/path_rules.h"

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
                                                     ", already served by Promise \"" + it->second->name +
                                                     "\""));
    }
  }
}

bool declared(const Platform& platform, const NameReference& reference) {
  const auto named = [&](const auto& objects) {
    return std::any_of(objects.begin(), objects.end(),
                       [&](const auto& o) { return o.name == reference.name; });
  };
  if (reference.kind == "Promise") return named(platform.promises);
  if (reference.kind == "Metric") return named(platform.metrics);
  if (reference.kind == "MetricsProvider") {
    return std::any_of(
        platform.metrics_providers.begin(), platform.metrics_providers.end(), [&](const auto& p) {
          return p.name == reference.name && (p.namespace_.empty() || p.namespace_ == reference.namespace_);
        });
  }
  if (reference.kind == "Destination") return named(platform.destinations);
  return false;
}

// A Promise is named by one PlacementPolicy, or by several when every one of them is a KCP Placement
// (locationSelectors): each binds its own Location for the requests whose namespaces it selects.
bool kcp_placement(const Platform& platform, const std::string& referrer) {
  return std::any_of(platform.policies.begin(), platform.policies.end(), [&](const auto& p) {
    return "PlacementPolicy \"" + p.name + "\"" == referrer && !p.location_selectors.empty();
  });
}

// Every name a scheduling object or a Destination's metrics annotation refers to is declared, and each
// Promise is governed by one PlacementPolicy at most, or only by KCP Placements.
void check_scheduling(const Platform& platform, std::vector<Error>& errors) {
  check_unique(
      platform.policies, "PlacementPolicy", [](auto& p) { return p.name; }, errors);
  check_unique(
      platform.locations, "Location", [](auto& l) { return l.name; }, errors);
  check_unique(
      platform.metrics, "Metric", [](auto& m) { return scheduler::metric_key(m.namespace_, m.name); },
      errors);
  check_unique(
      platform.metrics_providers, "MetricsProvider",
      [](auto& m) { return scheduler::metric_key(m.namespace_, m.name); }, errors);
  std::map<std::string, const NameReference*> governing;  // Promise -> its first policy's reference
  for (const NameReference& reference : platform.references) {
    if (!declared(platform, reference)) {
      errors.push_back(make_error(reference.where, reference.referrer + " refers to " + reference.kind +
                                                       " \"" + reference.name + "\", which is not declared"));
    }
    if (reference.kind != "Promise") continue;
    const auto [first, inserted] = governing.emplace(reference.name, &reference);
    if (!inserted && first->second->referrer != reference.referrer &&
        !(kcp_placement(platform, first->second->referrer) && kcp_placement(platform, reference.referrer))) {
      errors.push_back(
          make_error(reference.where, "Promise \"" + reference.name + "\" is already governed by " +
                                          first->second->referrer + " at " + first->second->where.render() +
                                          "; a Promise takes one PlacementPolicy, or several that all have "
                                          "locationSelectors (KCP Placements)"));
    }
  }
}

}  // namespace

void check_metadata(const YamlDocument& document, NameRule name_rule, std::vector<Error>& errors) {
  const YAML::Node metadata = child(document.node, "metadata");
  const auto keep = [&](Status status) {
    if (!status) errors.push_back(status.error());
  };
  keep(check_name(child(metadata, "name"), name_rule, "metadata.name", document.file));
  keep(check_name(child(metadata, "namespace"), NameRule::namespace_name, "metadata.namespace",
                  document.file));
  keep(check_labels(child(metadata, "labels"), "metadata.labels", document.file));
}

// The paths and branches a run would refuse when it first writes (writer/path_rules.h, the one table of
// them), refused here, before any container starts.
void check_store_paths(const Platform& platform, std::vector<Error>& errors) {
  for (const GitStateStore& store : platform.stores) {
    if (auto problem = writer::branch_name_problem(store.branch))
      errors.push_back(
          make_error(store.where, "GitStateStore \"" + store.name + "\" spec.branch: " + *problem));
    if (store.path.empty()) continue;
    if (Status path = writer::validate_repository_path(store.path); !path)
      errors.push_back(
          make_error(store.where, "GitStateStore \"" + store.name + "\" spec.path: " + path.error().message));
  }
  for (const scheduler::Destination& destination : platform.destinations) {
    if (destination.path.empty()) continue;
    if (Status path = writer::validate_repository_path(destination.path); !path)
      errors.push_back(make_error(
          destination.where, "Destination \"" + destination.name + "\" spec.path: " + path.error().message));
  }
}

void check_references(const Platform& platform, std::vector<Error>& errors) {
  check_unique(
      platform.promises, "Promise", [](auto& p) { return p.name; }, errors);
  check_unique(
      platform.destinations, "Destination", [](auto& d) { return d.name; }, errors);
  check_unique(
      platform.stores, "GitStateStore", [](auto& s) { return s.name; }, errors);
  check_unique(
      platform.namespaces, "Namespace", [](auto& n) { return n.name; }, errors);
  check_unique(
      platform.requests, "request", [](auto& r) { return r.kind + " " + r.namespace_ + "/" + r.name; },
      errors);
  check_promise_apis(platform, errors);
  check_scheduling(platform, errors);
  check_store_paths(platform, errors);
  for (const auto& destination : platform.destinations) {
    if (destination.state_store_kind == "GitStateStore" && platform.store(destination.state_store)) continue;
    errors.push_back(make_error(destination.where, "Destination \"" + destination.name + "\" refers to " +
                                                       destination.state_store_kind + " \"" +
                                                       destination.state_store +
                                                       "\", which is not declared"));
  }
}

}  // namespace ferry::runner
