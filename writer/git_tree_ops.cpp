#include "writer/git_tree_ops.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "writer/folder_delta.h"
#include "writer/git_tip.h"
#include "writer/oid_hex.h"
#include "writer/tree_path.h"

namespace ferry::writer::git {
namespace {

Status add_file(git_repository* repo, TreeEdit& edit, const std::string& path, const std::string& content,
                const std::string& store) {
  git_oid blob;
  if (git_blob_create_from_buffer(&blob, repo, content.data(), content.size()) != 0) {
    return failure("cannot write blob " + path + " in " + store);
  }
  return edit.put(path, blob);
}

using BlobList = std::vector<std::pair<std::string, git_oid>>;

int collect_blob(const char* root, const git_tree_entry* entry, void* payload) {
  if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB) {
    static_cast<BlobList*>(payload)->emplace_back(std::string(root) + git_tree_entry_name(entry),
                                                  *git_tree_entry_id(entry));
  }
  return 0;
}

}  // namespace

Result<const git_tree*> subtree(git_repository* repo, const git_tree* tree, const std::string& prefix,
                                TreePtr& holder, const std::string& store) {
  if (prefix.empty()) return tree;
  auto entry = entry_at_path(repo, *git_tree_id(tree), prefix, store);
  if (!entry) return entry.error();
  if (!*entry || !is_tree_entry(**entry)) return static_cast<const git_tree*>(nullptr);
  git_tree* raw_tree = nullptr;
  if (git_tree_lookup(&raw_tree, repo, &(*entry)->id) != 0) {
    return failure("cannot read tree " + prefix + " in " + store);
  }
  holder.reset(raw_tree);
  return static_cast<const git_tree*>(raw_tree);
}

Status stage_change(git_repository* repo, TreeEdit& edit, const Change& change, const std::string& store) {
  std::vector<std::string> removed = change.removed_directories;
  for (const Bundle& bundle : change.bundles) removed.push_back(bundle.directory);
  for (const std::string& path : removed) {
    if (auto status = edit.remove(path); !status) return status;
  }
  for (const Bundle& bundle : change.bundles) {
    for (const auto& [file, content] : bundle.files) {
      if (auto status = add_file(repo, edit, bundle.directory + "/" + file, content, store); !status) {
        return status;
      }
    }
  }
  for (const FileWrite& write : change.files) {
    auto status =
        write.content ? add_file(repo, edit, write.path, *write.content, store) : edit.remove(write.path);
    if (!status) return status;
  }
  return ok();
}

Status stage_edits(git_repository* repo, TreeEdit& edit, const FileEdits& edits, const std::string& store) {
  for (const std::string& path : edits.removed) {
    if (auto status = edit.remove(path); !status) return status;
  }
  for (const auto& [path, content] : edits.written) {
    if (auto status = add_file(repo, edit, path, content, store); !status) return status;
  }
  return ok();
}

namespace {

// The bytes of blob `id`, named `path` in messages.
Result<std::string> blob_text(git_repository* repo, const git_oid& id, const std::string& path,
                              const std::string& store) {
  git_blob* raw_blob = nullptr;
  if (git_blob_lookup(&raw_blob, repo, &id) != 0) return failure("cannot read " + path + " in " + store);
  const BlobPtr blob(raw_blob);
  const auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
  return std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.get())));
}

// The tree `id` (40 hex digits) names, when the repository still holds it; null otherwise.
TreePtr known_tree(git_repository* repo, const std::string& id) {
  git_oid oid;
  git_tree* raw = nullptr;
  if (id.empty() || git_oid_fromstr(&oid, id.c_str()) != 0 || git_tree_lookup(&raw, repo, &oid) != 0) {
    git_error_clear();
    return TreePtr();
  }
  return TreePtr(raw);
}

// The bytes of the file at `path` of `tree`; nullopt when the path is absent or names no file.
Result<std::optional<std::string>> file_at(git_repository* repo, const git_tree* tree,
                                           const std::string& path, const std::string& store) {
  auto entry = entry_at_path(repo, *git_tree_id(tree), path, store);
  if (!entry) return entry.error();
  if (!*entry || !is_blob_entry(**entry)) return std::optional<std::string>();
  auto text = blob_text(repo, (*entry)->id, path, store);
  if (!text) return text.error();
  return std::optional(std::move(*text));
}

// Every blob below `start` (the tree at `prefix`) into `read`: its id, and its bytes unless `known` has
// that id for its path.
Status read_blobs_below(git_repository* repo, const git_tree* start, const std::string& prefix,
                        const KnownFolder& known, FolderRead& read, const std::string& store) {
  BlobList blobs;
  if (git_tree_walk(start, GIT_TREEWALK_PRE, collect_blob, &blobs) != 0) {
    return failure("cannot walk the tree of " + store);
  }
  const std::string key_prefix = prefix.empty() ? "" : prefix + "/";
  for (const auto& [path, id] : blobs) {
    std::string key = key_prefix + path;
    std::string hex = oid_hex(id);
    const auto known_id = known.blob_ids.find(key);
    const bool unchanged = known_id != known.blob_ids.end() && known_id->second == hex;
    if (!unchanged) {
      auto text = blob_text(repo, id, key, store);
      if (!text) return text.error();
      read.files.emplace(key, std::move(*text));
    }
    read.blob_ids.emplace(std::move(key), std::move(hex));
  }
  return ok();
}

}  // namespace

Result<std::map<std::string, std::string>> read_blobs(git_repository* repo, const git_tree* tree,
                                                      const std::string& prefix, const std::string& store) {
  auto read = read_folder(repo, tree, prefix, KnownFolder{}, store);
  if (!read) return read.error();
  return std::move(read->files);
}

Result<std::vector<std::string>> list_blob_paths(git_repository* repo, const git_tree* tree,
                                                 const std::string& prefix, const std::string& store) {
  TreePtr holder;
  auto start = subtree(repo, tree, prefix, holder, store);
  if (!start) return start.error();
  std::vector<std::string> paths;
  if (*start == nullptr) return paths;
  BlobList blobs;
  if (git_tree_walk(*start, GIT_TREEWALK_PRE, collect_blob, &blobs) != 0) {
    return failure("cannot walk the tree of " + store);
  }
  const std::string key_prefix = prefix.empty() ? "" : prefix + "/";
  paths.reserve(blobs.size());
  for (const auto& blob : blobs) paths.push_back(key_prefix + blob.first);
  std::sort(paths.begin(), paths.end());  // as read_blobs' map keys
  return paths;
}

Result<FolderRead> read_folder(git_repository* repo, const git_tree* tree, const std::string& prefix,
                               const KnownFolder& known, const std::string& store) {
  TreePtr holder;
  auto start = subtree(repo, tree, prefix, holder, store);
  if (!start) return start.error();
  FolderRead read;
  if (*start == nullptr) return read;
  read.tree_id = oid_hex(*git_tree_id(*start));
  if (read.tree_id == known.tree_id) {
    read.unchanged = true;
    return read;
  }
  if (const TreePtr before = known_tree(repo, known.tree_id)) {
    read.delta = true;
    if (Status delta = read_folder_delta(repo, before.get(), *start, prefix, read, store); !delta)
      return delta.error();
    return read;
  }
  if (Status below = read_blobs_below(repo, *start, prefix, known, read, store); !below) return below.error();
  return read;
}

Result<std::map<std::string, std::string>> read_blobs_at(git_repository* repo, const std::string& commit,
                                                         const std::string& prefix,
                                                         const std::string& store) {
  if (commit.empty()) return std::map<std::string, std::string>{};
  git_oid id;
  if (git_oid_fromstr(&id, commit.c_str()) != 0) return make_error("no commit " + commit + " in " + store);
  auto tip = load_tip(repo, id, store);
  if (!tip) return tip.error();
  if (!tip->tree) return std::map<std::string, std::string>{};
  return read_blobs(repo, tip->tree.get(), prefix, store);
}

Result<std::optional<std::string>> read_file_at(git_repository* repo, const std::string& commit,
                                                const std::string& path, const std::string& store) {
  if (commit.empty() || path.empty()) return std::optional<std::string>();
  git_oid id;
  if (git_oid_fromstr(&id, commit.c_str()) != 0) return make_error("no commit " + commit + " in " + store);
  auto tip = load_tip(repo, id, store);
  if (!tip) return tip.error();
  if (!tip->tree) return std::optional<std::string>();
  return file_at(repo, tip->tree.get(), path, store);
}

}  // namespace ferry::writer::git
