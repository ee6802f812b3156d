#include "writer/tree_edit.h"

#include <optional>
#include <utility>

namespace ferry::writer::git {
namespace {

using TreeBuilderPtr = Handle<git_treebuilder, git_treebuilder_free>;

}  // namespace

// One directory being edited: its entries (started from its old tree), and the subdirectories being
// edited below it, whose entries in `builder` are stale until write() replaces them.
struct TreeEdit::Node {
  TreeBuilderPtr builder;
  std::map<std::string, std::unique_ptr<Node>> children;
};

namespace {

Status remove_entry(git_treebuilder* builder, const std::string& name, const std::string& store) {
  if (git_treebuilder_get(builder, name.c_str()) == nullptr) return ok();
  if (git_treebuilder_remove(builder, name.c_str()) != 0)
    return failure("cannot remove " + name + " in " + store);
  return ok();
}

}  // namespace

TreeEdit::TreeEdit(git_repository* repo, std::unique_ptr<Node> root, std::string store)
    : repo_(repo), root_(std::move(root)), store_(std::move(store)) {}
TreeEdit::TreeEdit(TreeEdit&&) noexcept = default;
TreeEdit& TreeEdit::operator=(TreeEdit&&) noexcept = default;
TreeEdit::~TreeEdit() = default;

Result<std::unique_ptr<TreeEdit::Node>> TreeEdit::make_node(git_repository* repo, const git_tree* tree,
                                                            const std::string& store) {
  git_treebuilder* raw = nullptr;
  if (git_treebuilder_new(&raw, repo, tree) != 0) return failure("cannot edit a tree of " + store);
  auto node = std::make_unique<Node>();
  node->builder.reset(raw);
  return node;
}

Result<TreeEdit> TreeEdit::start(git_repository* repo, const git_tree* base, std::string store) {
  auto root = make_node(repo, base, store);
  if (!root) return root.error();
  return TreeEdit(repo, std::move(root).value(), std::move(store));
}

Result<TreeEdit::Node*> TreeEdit::child(Node& parent, const std::string& name, bool create) {
  if (auto found = parent.children.find(name); found != parent.children.end()) return found->second.get();
  const git_tree_entry* entry = git_treebuilder_get(parent.builder.get(), name.c_str());
  TreePtr tree;
  if (entry != nullptr && git_tree_entry_type(entry) == GIT_OBJECT_TREE) {
    git_tree* raw = nullptr;
    if (git_tree_lookup(&raw, repo_, git_tree_entry_id(entry)) != 0) {
      return failure("cannot read tree " + name + " in " + store_);
    }
    tree.reset(raw);
  } else if (!create) {
    return static_cast<Node*>(nullptr);
  }
  // A file in the way of a new directory stays in `builder` until write() replaces or removes it.
  auto node = make_node(repo_, tree.get(), store_);
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
  return remove_entry(node->builder.get(), name, store_);
}

Status TreeEdit::put(const std::string& path, const git_oid& blob) {
  auto place = parent_of(path, true);
  if (!place) return place.error();
  auto& [node, name] = *place;
  node->children.erase(name);
  if (git_treebuilder_insert(nullptr, node->builder.get(), name.c_str(), &blob, GIT_FILEMODE_BLOB) != 0) {
    return failure("cannot stage " + path + " in " + store_);
  }
  return ok();
}

Result<std::optional<git_oid>> TreeEdit::write_node(Node& node, bool keep_empty) {
  for (auto& [name, child_node] : node.children) {
    auto written = write_node(*child_node, false);
    if (!written) return written.error();
    if (!*written) {
      if (auto removed = remove_entry(node.builder.get(), name, store_); !removed) return removed.error();
    } else if (git_treebuilder_insert(nullptr, node.builder.get(), name.c_str(), &**written,
                                      GIT_FILEMODE_TREE) != 0) {
      return failure("cannot stage directory " + name + " in " + store_);
    }
  }
  node.children.clear();
  if (!keep_empty && git_treebuilder_entrycount(node.builder.get()) == 0) return std::optional<git_oid>();
  git_oid id;
  if (git_treebuilder_write(&id, node.builder.get()) != 0) return failure("cannot write a tree of " + store_);
  return std::optional<git_oid>(id);
}

Result<TreeEdit::Written> TreeEdit::write() {
  auto id = write_node(*root_, true);
  if (!id) return id.error();
  return Written{**id, git_treebuilder_entrycount(root_->builder.get()) == 0};
}

}  // namespace ferry::writer::git
