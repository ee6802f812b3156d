#include "runner/platform.h"

namespace ferry::runner {

Result<std::filesystem::path> resolve_store_path(const GitStateStore& store, const std::filesystem::path& root) {
  const std::string& url = store.url;
  if (url.starts_with("file://")) return std::filesystem::path(url.substr(7));
  const bool remote = url.find("://") != std::string::npos ||
                      (url.find('@') != std::string::npos && url.find(':') != std::string::npos);
  if (remote) {
    return make_error(store.url_where, "GitStateStore \"" + store.name + "\": remote URL " + url +
                                           " is not supported yet; use a local path or a file:// URL");
  }
  const std::filesystem::path path(url);
  if (path.is_absolute()) return path;
  return (std::filesystem::absolute(root) / path).lexically_normal();
}

}  // namespace ferry::runner
