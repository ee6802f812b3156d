#include "writer/paths_within.h"

#include <algorithm>

namespace ferry::writer {

bool listed_within(std::string_view relative, std::string_view name, const std::vector<std::string>& within) {
  std::size_t start = 0;
  for (std::size_t slash = relative.find('/'); slash != std::string_view::npos;
       start = slash + 1, slash = relative.find('/', start)) {
    if (relative.substr(start, slash - start) != name) continue;
    const std::string_view rest = relative.substr(slash + 1);
    return std::any_of(within.begin(), within.end(), [rest](const std::string& below) {
      return rest.size() > below.size() && rest.starts_with(below) && rest[below.size()] == '/';
    });
  }
  return true;  // no directory of that name: the last segment is the file's own name
}

std::vector<std::string> filter_paths_within(std::vector<std::string> paths, const std::string& prefix,
                                             std::string_view name, const std::vector<std::string>& within) {
  std::string_view trimmed(prefix);
  while (trimmed.ends_with('/')) trimmed.remove_suffix(1);
  const std::size_t skip = trimmed.empty() ? 0 : trimmed.size() + 1;
  std::erase_if(paths, [&](const std::string& path) {
    return !listed_within(std::string_view(path).substr(std::min(skip, path.size())), name, within);
  });
  return paths;
}

}  // namespace ferry::writer
