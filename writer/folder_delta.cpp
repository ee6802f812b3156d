#include "writer/folder_delta.h"

#include <utility>
#include <vector>

#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

// The tree of `entry`.
Result<TreePtr> tree_of(git_repository* repo, const git_tree_entry* entry, const std::string& path,
                        const std::string& store) {
  git_tree* raw = nullptr;
  if (git_tree_lookup(&raw, repo, git_tree_entry_id(entry)) != 0)
    return failure("cannot read tree " + path + " in " + store);
  return TreePtr(raw);
}

using Visit = Status (*)(git_repository*, const git_tree_entry*, const std::string&, FolderRead&,
                         const std::string&);

// A file added or changed: its bytes and blob id.
Status add_file(git_repository* repo, const git_tree_entry* entry, const std::string& path, FolderRead& read,
                const std::string& store) {
  git_blob* raw = nullptr;
  if (git_blob_lookup(&raw, repo, git_tree_entry_id(entry)) != 0)
    return failure("cannot read " + path + " in " + store);
  const BlobPtr blob(raw);
  const auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
  read.files.emplace(path, std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.get()))));
  read.blob_ids.emplace(path, oid_hex(*git_tree_entry_id(entry)));
  return ok();
}

Status remove_file(git_repository*, const git_tree_entry*, const std::string& path, FolderRead& read,
                   const std::string&) {
  read.removed.push_back(path);
  return ok();
}

// `visit` for every file at or below `entry` (a file or a tree) named `path`.
Status every_file(git_repository* repo, const git_tree_entry* entry, const std::string& path, Visit visit,
                  FolderRead& read, const std::string& store) {
  if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB) return visit(repo, entry, path, read, store);
  if (git_tree_entry_type(entry) != GIT_OBJECT_TREE) return ok();
  auto tree = tree_of(repo, entry, path, store);
  if (!tree) return tree.error();
  for (std::size_t i = 0; i < git_tree_entrycount(tree->get()); ++i) {
    const git_tree_entry* child = git_tree_entry_byindex(tree->get(), i);
    const Status status =
        every_file(repo, child, path + "/" + git_tree_entry_name(child), visit, read, store);
    if (!status) return status;
  }
  return ok();
}

Status compare_trees(git_repository* repo, const git_tree* before, const git_tree* now,
                     const std::string& prefix, FolderRead& read, const std::string& store);

// One name of `now` against the same name of `before` (null: absent there).
Status compare_entry(git_repository* repo, const git_tree_entry* old, const git_tree_entry* entry,
                     const std::string& path, FolderRead& read, const std::string& store) {
  const git_object_t type = git_tree_entry_type(entry);
  const bool same_type = old != nullptr && git_tree_entry_type(old) == type;
  if (same_type && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(entry))) return ok();
  if (same_type && type == GIT_OBJECT_TREE) {
    auto old_tree = tree_of(repo, old, path, store);
    if (!old_tree) return old_tree.error();
    auto new_tree = tree_of(repo, entry, path, store);
    if (!new_tree) return new_tree.error();
    return compare_trees(repo, old_tree->get(), new_tree->get(), path, read, store);
  }
  if (old != nullptr && !same_type) {
    const Status removed = every_file(repo, old, path, remove_file, read, store);
    if (!removed) return removed;
  }
  return every_file(repo, entry, path, add_file, read, store);
}

Status compare_trees(git_repository* repo, const git_tree* before, const git_tree* now,
                     const std::string& prefix, FolderRead& read, const std::string& store) {
  const std::string below = prefix.empty() ? "" : prefix + "/";
  for (std::size_t i = 0; i < git_tree_entrycount(now); ++i) {
    const git_tree_entry* entry = git_tree_entry_byindex(now, i);
    const char* name = git_tree_entry_name(entry);
    const Status status =
        compare_entry(repo, git_tree_entry_byname(before, name), entry, below + name, read, store);
    if (!status) return status;
  }
  for (std::size_t i = 0; i < git_tree_entrycount(before); ++i) {
    const git_tree_entry* old = git_tree_entry_byindex(before, i);
    const char* name = git_tree_entry_name(old);
    if (git_tree_entry_byname(now, name) != nullptr) continue;
    const Status status = every_file(repo, old, below + name, remove_file, read, store);
    if (!status) return status;
  }
  return ok();
}

}  // namespace

Status read_folder_delta(git_repository* repo, const git_tree* before, const git_tree* now,
                         const std::string& prefix, FolderRead& read, const std::string& store) {
  return compare_trees(repo, before, now, prefix, read, store);
}

}  // namespace ferry::writer::git
