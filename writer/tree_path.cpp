#include "writer/tree_path.h"

#include "writer/git_handles.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

constexpr unsigned kTypeBits = 0170000;

}  // namespace

bool is_tree_entry(const RawTree::Entry& entry) {
  return (entry.mode & kTypeBits) == 0040000;
}

bool is_blob_entry(const RawTree::Entry& entry) {
  const unsigned type = entry.mode & kTypeBits;
  return type == 0100000 || type == 0120000;
}

Result<std::optional<RawTree::Entry>> entry_at_path(git_repository* repo, const git_oid& root,
                                                    std::string_view path, const std::string& store) {
  git_odb* raw_odb = nullptr;
  if (git_repository_odb(&raw_odb, repo) != 0) return failure("cannot open the object database of " + store);
  const OdbPtr odb(raw_odb);
  git_oid tree = root;
  for (std::size_t start = 0;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view name =
        path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    git_odb_object* raw = nullptr;
    if (git_odb_read(&raw, odb.get(), &tree) != 0)
      return failure("cannot read tree " + oid_hex(tree) + " in " + store);
    const OdbObjectPtr object(raw);
    if (git_odb_object_type(raw) != GIT_OBJECT_TREE)
      return Error{"corrupt repository " + store + ": " + oid_hex(tree) + " is not a tree"};
    const std::string_view bytes(static_cast<const char*>(git_odb_object_data(raw)),
                                 git_odb_object_size(raw));
    if (name.empty()) return std::optional<RawTree::Entry>();
    auto found = RawTree::find_in(bytes, name, "tree " + oid_hex(tree) + " of " + store);
    if (!found) return found.error();
    const std::optional<RawTree::Entry>& entry = *found;
    if (!entry || slash == std::string_view::npos) return entry;
    if (!is_tree_entry(*entry)) return std::optional<RawTree::Entry>();
    if (slash + 1 == path.size()) return entry;  // "dir/": the directory, as git_tree_entry_bypath has it
    tree = entry->id;
    start = slash + 1;
  }
}

}  // namespace ferry::writer::git
