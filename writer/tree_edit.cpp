#include "writer/tree_edit.h"

#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "writer/loose_objects.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

constexpr unsigned kFileMode = GIT_FILEMODE_BLOB;
constexpr unsigned kDirectoryMode = GIT_FILEMODE_TREE;

}  // namespace

// One directory being edited: its entries, started from its old tree (whose id `base` keeps), and the
// subdirectories being edited below it, whose entries in `entries` are stale until write() replaces them.
struct TreeEdit::Node {
  std::optional<git_oid> base;
  RawTree entries;
  std::map<std::string, std::unique_ptr<Node>> children;
};

TreeEdit::TreeEdit(git_repository* repo, OdbPtr odb, std::unique_ptr<Node> root, std::string store)
    : repo_(repo), odb_(std::move(odb)), root_(std::move(root)), store_(std::move(store)) {}
TreeEdit::TreeEdit(TreeEdit&&) noexcept = default;
TreeEdit& TreeEdit::operator=(TreeEdit&&) noexcept = default;
TreeEdit::~TreeEdit() = default;

Result<std::unique_ptr<TreeEdit::Node>> TreeEdit::make_node(git_odb* odb, const git_oid* tree,
                                                            const std::string& store) {
  auto node = std::make_unique<Node>();
  if (tree == nullptr) return node;
  git_odb_object* raw = nullptr;
  if (git_odb_read(&raw, odb, tree) != 0)
    return failure("cannot read tree " + oid_hex(*tree) + " in " + store);
  std::shared_ptr<git_odb_object> object{OdbObjectPtr(raw)};
  if (git_odb_object_type(raw) != GIT_OBJECT_TREE) {
    return Error{"corrupt repository " + store + ": " + oid_hex(*tree) + " is not a tree"};
  }
  // The tree keeps the object (libgit2's copy of its bytes) rather than a copy of its own.
  const std::string_view bytes(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
  auto entries = RawTree::parse(bytes, std::move(object), "tree " + oid_hex(*tree) + " of " + store);
  if (!entries) return entries.error();
  node->base = *tree;
  node->entries = std::move(entries).value();
  return node;
}

Result<TreeEdit> TreeEdit::start(git_repository* repo, const git_tree* base, std::string store) {
  git_odb* raw = nullptr;
  if (git_repository_odb(&raw, repo) != 0) return failure("cannot open the object database of " + store);
  OdbPtr odb(raw);
  auto root = make_node(odb.get(), base ? git_tree_id(base) : nullptr, store);
  if (!root) return root.error();
  return TreeEdit(repo, std::move(odb), std::move(root).value(), std::move(store));
}

Result<TreeEdit::Node*> TreeEdit::child(Node& parent, const std::string& name, bool create) {
  if (auto found = parent.children.find(name); found != parent.children.end()) return found->second.get();
  const auto entry = parent.entries.find(name);
  const bool directory = entry && entry->mode == kDirectoryMode;
  if (!directory && !create) return static_cast<Node*>(nullptr);
  // A file in the way of a new directory stays in `entries` until write() replaces or removes it.
  auto node = make_node(odb_.get(), directory ? &entry->id : nullptr, store_);
  if (!node) return node.error();
  Node* made = node->get();
  parent.children.emplace(name, std::move(node).value());
  return made;
}

Result<std::pair<TreeEdit::Node*, std::string>> TreeEdit::parent_of(const std::string& path, bool create) {
  Node* node = root_.get();
  std::size_t start = 0;
  for (std::size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', start)) {
    auto next = child(*node, path.substr(start, slash - start), create);
    if (!next) return next.error();
    node = *next;
    start = slash + 1;
    if (node == nullptr) break;
  }
  return std::pair<Node*, std::string>(node, path.substr(start));
}

Status TreeEdit::remove(const std::string& path) {
  auto place = parent_of(path, false);
  if (!place) return place.error();
  auto& [node, name] = *place;
  if (node == nullptr) return ok();
  node->children.erase(name);
  node->entries.remove(name);
  return ok();
}

Status TreeEdit::put(const std::string& path, const git_oid& blob) {
  auto place = parent_of(path, true);
  if (!place) return place.error();
  auto& [node, name] = *place;
  if (name.empty()) return Error{"cannot stage " + path + " in " + store_ + ": the path ends in '/'"};
  node->children.erase(name);
  node->entries.put(name, RawTree::Entry{kFileMode, blob});
  return ok();
}

Result<std::optional<git_oid>> TreeEdit::write_node(Node& node, bool keep_empty) {
  for (auto& [name, child_node] : node.children) {
    auto written = write_node(*child_node, false);
    if (!written) return written.error();
    if (*written) {
      node.entries.put(name, RawTree::Entry{kDirectoryMode, **written});
    } else {
      node.entries.remove(name);
    }
  }
  node.children.clear();
  if (!keep_empty && node.entries.size() == 0) return std::optional<git_oid>();
  // An unedited directory keeps its id without being written again.
  if (node.base && node.entries.unedited()) return node.base;
  const std::string bytes = node.entries.serialize();
  if (bytes.size() >= kUncompressedFrom) {
    auto id = write_uncompressed(repo_, odb_.get(), GIT_OBJECT_TREE, bytes, store_);
    if (!id) return id.error();
    return std::optional<git_oid>(*id);
  }
  git_oid id;
  if (git_odb_write(&id, odb_.get(), bytes.data(), bytes.size(), GIT_OBJECT_TREE) != 0) {
    return failure("cannot write a tree of " + store_);
  }
  return std::optional<git_oid>(id);
}

Result<TreeEdit::Written> TreeEdit::write() {
  auto id = write_node(*root_, true);
  if (!id) return id.error();
  return Written{**id, root_->entries.size() == 0};
}

}  // namespace ferry::writer::git
