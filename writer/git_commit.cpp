#include "writer/git_commit.h"

#include <chrono>

#include "writer/git_drift.h"
#include "writer/git_tree_ops.h"
#include "writer/tree_edit.h"

namespace ferry::writer::git {
namespace {

Result<git_oid> create_commit(git_repository* repo, const git_oid& tree_id, const Tip& tip,
                              const Change& change, const std::string& store) {
  // The current time in UTC (offset 0), so that commits do not depend on the machine's time zone.
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  git_signature* raw_signature = nullptr;
  if (git_signature_new(&raw_signature, change.author.name.c_str(), change.author.email.c_str(), now, 0) !=
      0) {
    return failure("cannot use author \"" + change.author.name + " <" + change.author.email + ">\"");
  }
  const SignaturePtr signature(raw_signature);
  git_tree* raw_tree = nullptr;
  if (git_tree_lookup(&raw_tree, repo, &tree_id) != 0) return failure("cannot read new tree in " + store);
  const TreePtr tree(raw_tree);
  const git_commit* parents[] = {tip.commit.get()};
  git_oid commit_id;
  if (git_commit_create(&commit_id, repo, nullptr, signature.get(), signature.get(), nullptr,
                        change.message.c_str(), tree.get(), tip.commit ? 1 : 0, parents) != 0) {
    return failure("cannot create a commit in " + store);
  }
  return commit_id;
}

// The change's flat placements as file edits, read against the records on `tip`.
Result<FileEdits> flat_edits(git_repository* repo, const Tip& tip, const Change& change,
                             const std::string& store) {
  if (change.flat_removals.empty() && change.flat_placements.empty()) return FileEdits{};
  return expand_flat(change, [&](const std::string& prefix) -> Result<std::map<std::string, std::string>> {
    if (!tip.tree) return std::map<std::string, std::string>{};
    return read_blobs(repo, tip.tree.get(), prefix, store);
  });
}

}  // namespace

Result<Built> build_commit(git_repository* repo, const Tip& tip, const Change& change,
                           const std::string& store) {
  // Only the directories on the change's paths are rebuilt (writer/tree_edit.h): O(change), not O(tree).
  auto edit = TreeEdit::start(repo, tip.tree.get(), store);
  if (!edit) return edit.error();
  auto edits = flat_edits(repo, tip, change, store);
  if (!edits) return edits.error();
  if (auto staged = stage_change(repo, *edit, change, store); !staged) return staged.error();
  if (auto staged = stage_edits(repo, *edit, *edits, store); !staged) return staged.error();
  auto tree = edit->write();
  if (!tree) return tree.error();
  const bool unchanged = tip.tree ? git_oid_equal(&tree->id, git_tree_id(tip.tree.get())) != 0 : tree->empty;
  if (unchanged) return Built{};
  auto drift = restored_drift(repo, tip, tree->id, change, *edits, store);
  if (!drift) return drift.error();
  auto commit_id = create_commit(repo, tree->id, tip, change, store);
  if (!commit_id) return commit_id.error();
  return Built{*commit_id, std::move(*drift)};
}

Result<bool> compare_and_swap_ref(git_repository* repo, const std::string& ref, const git_oid& target,
                                  const std::optional<git_oid>& expected, const std::string& store) {
  const git_oid current = expected.value_or(git_oid{});  // all zeros: "must not exist"
  git_reference* raw_ref = nullptr;
  const int rc =
      git_reference_create_matching(&raw_ref, repo, ref.c_str(), &target, 1, &current, "ferry: commit");
  const ReferencePtr moved(raw_ref);
  if (rc == 0) return true;
  if (rc == GIT_EMODIFIED || rc == GIT_EEXISTS || rc == GIT_ELOCKED || rc == GIT_ENOTFOUND) return false;
  return failure("cannot update " + ref + " of " + store);
}

}  // namespace ferry::writer::git
