#include "writer/layout.h"

namespace ferry::writer {

std::string join_path(std::initializer_list<std::string_view> segments) {
  std::string joined;
  for (std::string_view segment : segments) {
    // Each argument may itself contain '/': split it so that "a/", "/" and "./b" normalise too.
    while (!segment.empty()) {
      const auto slash = segment.find('/');
      const std::string_view part = segment.substr(0, slash);
      if (!part.empty() && part != ".") {
        if (!joined.empty()) joined += '/';
        joined += part;
      }
      if (slash == std::string_view::npos) break;
      segment.remove_prefix(slash + 1);
    }
  }
  return joined;
}

std::string resource_bundle_dir(const ResourceBundlePath& p) {
  const std::string_view group = std::string_view(p.group_id).substr(0, 5);
  return join_path(
      {p.store_path, p.destination_path, "resources", p.namespace_, p.promise, p.request, p.pipeline, group});
}

std::string resource_request_dir(const std::string& destination_dir, const std::string& namespace_,
                                 const std::string& promise, const std::string& request) {
  return join_path({destination_dir, "resources", namespace_, promise, request});
}

std::string promise_dependencies_dir(const std::string& destination_dir, const std::string& promise) {
  return join_path({destination_dir, "dependencies", promise});
}

std::string dependency_bundle_dir(const std::string& destination_dir, const std::string& promise,
                                  const std::string& pipeline, const std::string& group_id) {
  return join_path(
      {destination_dir, "dependencies", promise, pipeline, std::string_view(group_id).substr(0, 5)});
}

}  // namespace ferry::writer
