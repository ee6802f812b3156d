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
  return join_path({p.store_path, p.destination_path, "resources", p.namespace_, p.promise, p.request,
                    p.pipeline, group});
}

}  // namespace ferry::writer
