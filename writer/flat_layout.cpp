#include "writer/flat_layout.h"

#include <algorithm>
#include <vector>

#include "writer/flat_record.h"
#include "writer/layout.h"

namespace ferry::writer {

void FileEdits::remove(const std::string& path) {
  written.erase(path);
  removed.insert(path);
}

void FileEdits::write(const std::string& path, std::string content) {
  removed.erase(path);
  written[path] = std::move(content);
}

namespace {

// One Destination's records as the change goes along (record path -> record).
struct Records {
  FlatDestination destination;
  std::map<std::string, FlatRecord> by_path;
  bool aggregate_touched = false;
};

// The records directly in <destination dir>/.kratix/.
Result<Records> read_records(const FlatDestination& d, const TreeReader& read) {
  Records records{d, {}, false};
  const std::string dir = records_dir(d) + "/";
  auto files = read(records_dir(d));
  if (!files) return files.error();
  for (const auto& [path, text] : *files) {
    const std::string name = path.substr(dir.size());
    if (!path.starts_with(dir) || name.find('/') != std::string::npos || !name.ends_with(".yaml")) continue;
    auto record = parse_record(text, path);
    if (!record) return record.error();
    records.by_path[path] = std::move(*record);
  }
  return records;
}

// Drops one record: its listed files too in mode none.
void drop(Records& records, std::map<std::string, FlatRecord>::iterator it, FileEdits& edits) {
  if (it->second.aggregated) records.aggregate_touched = true;
  for (const std::string& entry : it->second.files)
    edits.remove(record_entry_path(records.destination, entry));
  edits.remove(it->first);
  records.by_path.erase(it);
}

// Places one group. A record of that name that another owner holds is a collision of Kratix's names (the
// namespace, Promise, request and pipeline joined by '-' and cut to 56 characters: `a/redis-x` and
// `a-redis/x` of Promise redis meet), refused rather than overwritten; the owner's own record is replaced.
Status place(Records& records, const FlatPlacement& placement, FileEdits& edits) {
  const FlatDestination& d = records.destination;
  const std::string path = record_path(d, placement.record);
  if (auto old = records.by_path.find(path); old != records.by_path.end()) {
    if (!old->second.owner.empty() && !placement.owner.empty() && old->second.owner != placement.owner) {
      return make_error(
          "the flat record " + path + " belongs to " + old->second.owner + "; " + placement.owner +
          " would overwrite it, because Kratix names both the same (namespace, Promise, name and "
          "pipeline joined by '-', cut to 56 characters): rename one of them");
    }
    drop(records, old, edits);
  }
  FlatRecord record;
  record.owner = placement.owner;
  record.work_placement = placement.work_placement;
  record.aggregated = d.mode == FilepathMode::aggregated_yaml;
  for (const auto& [file, content] : placement.files) {
    if (record.aggregated) {
      record.workloads.emplace_back(file, content);
    } else {
      record.files.push_back(record_entry(d, file));
      edits.write(flat_file_path(d, file), content);
    }
  }
  records.aggregate_touched = records.aggregate_touched || record.aggregated;
  edits.write(path, render_record(record));
  records.by_path[path] = std::move(record);
  return ok();
}

// The aggregate of every aggregatedYAML record, in work placement order.
void rebuild_aggregate(const Records& records, FileEdits& edits) {
  std::vector<const FlatRecord*> sorted;
  for (const auto& [path, record] : records.by_path) {
    if (record.aggregated) sorted.push_back(&record);
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto* a, const auto* b) { return a->work_placement < b->work_placement; });
  std::vector<const std::string*> contents;
  for (const FlatRecord* record : sorted) {
    for (const auto& workload : record->workloads) contents.push_back(&workload.second);
  }
  const std::string path = aggregate_path(records.destination);
  if (contents.empty()) return edits.remove(path);
  std::string joined;
  for (const std::string* content : contents) joined += (joined.empty() ? "" : "\n---\n") + *content;
  edits.write(path, std::move(joined));
}

}  // namespace

Result<FileEdits> expand_flat(const Change& change, const TreeReader& read) {
  std::map<std::string, Records> destinations;  // by destination dir
  auto records_of = [&](const FlatDestination& d) -> Result<Records*> {
    const std::string dir = destination_dir(d);
    if (auto found = destinations.find(dir); found != destinations.end()) return &found->second;
    auto records = read_records(d, read);
    if (!records) return records.error();
    return &destinations.emplace(dir, std::move(*records)).first->second;
  };
  FileEdits edits;
  for (const FlatRemoval& removal : change.flat_removals) {
    auto records = records_of(removal.destination);
    if (!records) return records.error();
    for (auto it = (*records)->by_path.begin(); it != (*records)->by_path.end();) {
      auto next = std::next(it);
      if (it->second.owner == removal.owner) drop(**records, it, edits);
      it = next;
    }
  }
  for (const FlatPlacement& placement : change.flat_placements) {
    auto records = records_of(placement.destination);
    if (!records) return records.error();
    if (Status placed = place(**records, placement, edits); !placed) return placed.error();
  }
  for (const auto& [dir, records] : destinations) {
    if (records.aggregate_touched) rebuild_aggregate(records, edits);
  }
  return edits;
}

}  // namespace ferry::writer
