// The record file of a flat placement, <destination dir>/.kratix/<record>.yaml (reference §4.4). Kratix's
// own record holds only `files:`; ferry adds who wrote it, the work placement name, and for aggregatedYAML
// the files' content (Kratix keeps that in its WorkPlacements; ferry has only the Git tree):
//
//   files:                                   # mode none: entries relative to the store path
//   - "worker-1/fruit.yaml"
//   owner: "request team-a/redis/cache"
//   workPlacement: "redis-cache-configure.worker-1-5058f"
//   workloads:                               # aggregatedYAML only
//   - filepath: "fruit.yaml"
//     content: "kind: Fruit\n"
//
// Strings are YAML double-quoted scalars (\\ \" \n \t \r \xNN escaped, other bytes as they are), so every
// entry is one line. Plain (unquoted) list entries, as Kratix writes them, are read too.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/error.h"

namespace ferry::writer {

struct FlatRecord {
  std::vector<std::string> files;  // mode none
  std::string owner;
  std::string work_placement;
  bool aggregated = false;                                     // has `workloads:`
  std::vector<std::pair<std::string, std::string>> workloads;  // aggregatedYAML: (file path, content)
  bool operator==(const FlatRecord&) const = default;
};

std::string render_record(const FlatRecord& record);

// Reads what render_record wrote. A line it does not understand reads
//   cannot read record <path> line <n>: <why>; restore or delete the file
Result<FlatRecord> parse_record(const std::string& text, const std::string& path);

}  // namespace ferry::writer
