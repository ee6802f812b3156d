// The load cache's write decision (load_cache_write.h).
#include "platform/load_cache_write.h"

#include "core/cache_file.h"
#include "platform/stat_index.h"

namespace ferry::runner {
namespace {

// Of the files `use.after` keeps, those the next load through `use.before` would read and hash again though
// their text is the one cached (their stat data changed, as by a `touch`, or are racy to it); and the entries
// of `use.before` the load left out (files gone). A file whose text changed is not counted: its documents
// parsed are.
std::size_t files_to_redo(const LoadCacheUse& use) {
  std::size_t redo = 0;
  for (const auto& [path, file] : use.after.files) {
    if (file.stat.size < 0) continue;  // from Git: no stat index, every file is hashed anyway
    const auto cached = use.before->files.find(path);
    if (cached != use.before->files.end() && cached->second.digest == file.digest &&
        !stat_unchanged(cached->second.stat, file.stat, use.before->index_ns, use.racy_slack_ns))
      ++redo;
  }
  for (const auto& [path, file] : use.before->files) redo += use.after.files.contains(path) ? 0 : 1;
  return redo;
}

// Whether `redo` of `total` is worth a write (core/cache_file.h).
bool redo_worth_a_write(std::size_t redo, std::size_t total) {
  return redo > 0 && cache_delta_worth_writing(redo, total);
}

}  // namespace

bool load_cache_worth_writing(const LoadCacheUse& use) {
  if (!use.before) return true;
  if (!use.changed) return false;
  std::size_t documents = 0;
  for (const auto& [path, file] : use.after.files) documents += file.requests.size();
  return redo_worth_a_write(files_to_redo(use), use.after.files.size()) ||
         redo_worth_a_write(use.requests_checked + use.bindings_parsed, documents);
}

}  // namespace ferry::runner
