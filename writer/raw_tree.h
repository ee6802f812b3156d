// One directory's entries in Git's own tree encoding, edited without decoding them: the bytes of the old
// tree stay as they are, edits sit beside them, and serialize() merges the two in Git's order. This is
// what keeps a commit into a directory of 10,000 requests cheap: git_treebuilder copied, hashed and sorted
// every entry for each commit, where this costs one scan and one copy of the bytes (bench/README.md,
// scenario 1). Internal to writer/; paths reaching it have passed validate_repository_path.
#pragma once

#include <git2.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace ferry::writer::git {

class RawTree {
 public:
  struct Entry {
    unsigned mode = 0;  // as Git writes it: 0100644, 0100755, 040000, 0120000, 0160000
    git_oid id{};
  };

  // An empty directory.
  RawTree() = default;
  // The tree whose encoding is `bytes` ("<octal mode> <name>\0<20-byte id>" repeated). An entry that does
  // not parse is an error naming `what` and the entry's byte offset. Entries out of Git's order are
  // accepted and put in order, as git_treebuilder would.
  static Result<RawTree> parse(std::string bytes, const std::string& what);
  // The same over bytes that `owner` keeps alive (a read object, say), which the tree holds instead of a
  // copy: at 10,000 entries the copy was a fresh 400 KB a commit.
  static Result<RawTree> parse(std::string_view bytes, std::shared_ptr<const void> owner,
                               const std::string& what);

  // The entry called `name` in the tree encoded as `bytes`, by one scan of the bytes, without parsing the
  // tree (as git_tree_lookup would, every entry, for git_tree_entry_bypath): nullopt when there is none; an
  // error naming `what` and the entry's offset, as parse() gives it, when the bytes do not parse up to it.
  static Result<std::optional<Entry>> find_in(std::string_view bytes, std::string_view name,
                                              const std::string& what);

  // The entry called `name`, whatever its kind, after the edits so far.
  std::optional<Entry> find(std::string_view name) const;
  // Adds `name`, replacing an entry of that name of any kind.
  void put(std::string_view name, const Entry& entry);
  // Removes `name` when it is there.
  void remove(std::string_view name);
  // Entries after the edits.
  std::size_t size() const;
  // True when no edit has been made since parse().
  bool unedited() const { return edits_.empty(); }
  // The encoding of the edited tree, in Git's order (a directory sorts as if its name ended in '/').
  std::string serialize() const;

 private:
  // Where an old entry is in bytes_: [begin, end) the whole entry, its name at [name, name + name_size).
  // 32-bit offsets (parse() refuses a tree of 4 GiB or more): 20 bytes a slot, not 40, since at 10,000
  // entries the slots were the largest fresh memory a commit touched.
  struct Slot {
    std::uint32_t begin = 0;
    std::uint32_t name = 0;
    std::uint32_t name_size = 0;
    std::uint32_t end = 0;
    bool directory = false;
  };
  std::string_view name_of(const Slot& slot) const { return {bytes_.data() + slot.name, slot.name_size}; }
  const Slot* find_old(std::string_view name) const;
  Entry entry_of(const Slot& slot) const;

  std::shared_ptr<const void> owner_;  // keeps bytes_ alive
  std::string_view bytes_;
  std::vector<Slot> slots_;  // in Git's order
  // name -> the new entry, or nullopt when removed; an edit hides any old entry of that name.
  std::map<std::string, std::optional<Entry>, std::less<>> edits_;
};

// Git's order of two tree entries: by name, a directory's name compared as if it ended in '/'.
bool git_entry_less(std::string_view a, bool a_directory, std::string_view b, bool b_directory);

}  // namespace ferry::writer::git
