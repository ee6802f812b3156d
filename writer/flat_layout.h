// The flat filepath modes (none, aggregatedYAML) turned into plain file edits against the records already
// on the branch. Shared by every StateStore, so all apply the same rules; pure apart from `read`.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>

#include "core/error.h"
#include "writer/state_store.h"

namespace ferry::writer {

// Whole files to delete and to write (repository paths). A path is in at most one of the two.
struct FileEdits {
  std::set<std::string> removed;
  std::map<std::string, std::string> written;

  void remove(const std::string& path);
  void write(const std::string& path, std::string content);
};

// The files of the branch below a directory, as StateStore::read_files.
using TreeReader = std::function<Result<std::map<std::string, std::string>>(const std::string& prefix)>;

// For every Destination the change's flat removals and placements name, reads its records and:
// 1. each removal drops every record of its owner, and (mode none) the files that record lists;
// 2. each placement drops the files of an earlier record of the same name, writes its files (mode none)
//    and its record;
// 3. an aggregatedYAML Destination that was touched gets its aggregate file rebuilt from all its records
//    (sorted by work placement, every workload's content joined by "\n---\n"), or deleted when none is left.
// Kratix's records (files only, no owner) are kept and never match a removal.
Result<FileEdits> expand_flat(const Change& change, const TreeReader& read);

}  // namespace ferry::writer
