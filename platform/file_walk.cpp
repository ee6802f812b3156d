// The walk of a directory tree (file_walk.h).
#include "platform/file_walk.h"

#include <algorithm>

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

bool skipped(const FileWalk& walk, const fs::path& path, const fs::path& real) {
  return std::any_of(walk.skip.begin(), walk.skip.end(),
                     [&](const fs::path& skip) { return skip == path || skip == real; });
}

// A regular file (`regular`: the caller's look at its type) taken once, unless skipped.
void take_file(const fs::path& path, bool regular, FileWalk& walk, const FileFilter& wanted) {
  if (!regular || !wanted(path)) return;
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (!walk.skip.empty() && skipped(walk, path, real)) return;
  if (walk.seen.insert(real).second || ec) walk.files.push_back(path);
}

}  // namespace

void walk_directory(const fs::path& dir, FileWalk& walk, const FileFilter& wanted) {
  std::error_code ec;
  const fs::path real = fs::canonical(dir, ec);
  if (!walk.skip.empty() && skipped(walk, dir, ec ? fs::path() : real)) return;
  if (!ec && !walk.seen.insert(real).second) {
    walk.warnings.push_back(make_error(SourceLocation{dir.lexically_normal().string(), 0, 0},
                                       "skipped: a symbolic link leads to " + real.string() +
                                           ", which is read already (a loop, or a second link to it)"));
    return;
  }
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(*it);
  if (ec) {
    walk.errors.push_back(make_error(SourceLocation{dir.lexically_normal().string(), 0, 0},
                                     "cannot read the directory: " + ec.message()));
    return;
  }
  std::sort(entries.begin(), entries.end());
  for (const auto& entry : entries) {
    if (entry.is_directory(ec)) {
      if (entry.path().filename().string().front() != '.') walk_directory(entry.path(), walk, wanted);
    } else {
      take_file(entry.path(), entry.is_regular_file(ec), walk, wanted);
    }
  }
}

void walk_path(const fs::path& path, FileWalk& walk, const FileFilter& wanted) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return walk_directory(path, walk, wanted);
  take_file(path, fs::is_regular_file(path, ec), walk, wanted);
}

}  // namespace ferry::runner
