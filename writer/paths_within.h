// Listing a folder without walking every request's directory: the paths StateStore::list_paths gives, but
// below a directory of a given name (Kratix's `resources`) only those below a few named subpaths (the
// requests a narrow run places, placement/placement_index.h). The filter is the contract; stores that keep
// trees walk only the subtrees it keeps (writer/git_tree_ops.h list_blob_paths_within).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ferry::writer {

// Whether `relative` (a file's path below the listed folder) is listed: it has no directory named `name`,
// or the path after the first such directory begins with one of `within` and a '/'.
bool listed_within(std::string_view relative, std::string_view name, const std::vector<std::string>& within);

// The paths of `paths` (list_paths(prefix)'s: each `prefix`/...) that listed_within keeps, in their order.
std::vector<std::string> filter_paths_within(std::vector<std::string> paths, const std::string& prefix,
                                             std::string_view name, const std::vector<std::string>& within);

}  // namespace ferry::writer
