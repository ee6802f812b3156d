#include "run/journal.h"

#include <nlohmann/json.hpp>

#include "writer/known_hosts.h"

namespace ferry::runner {
namespace {

using nlohmann::json;

constexpr int kEntryFormat = 1;
constexpr const char* kJournalDir = "journal";
constexpr const char* kEntryFile = "entry.json";

// File contents may be any bytes; JSON strings must be UTF-8.
json files_json(const std::map<std::string, std::string>& files) {
  json j = json::object();
  for (const auto& [path, content] : files) j[path] = writer::base64_encode(content);
  return j;
}

std::map<std::string, std::string> files_of(const json& j) {
  std::map<std::string, std::string> files;
  for (const auto& [path, encoded] : j.items()) {
    auto content = writer::base64_decode(encoded.get<std::string>());
    if (!content) throw json::other_error::create(501, "file " + path + " is not base64", &j);
    files[path] = std::move(*content);
  }
  return files;
}

json destination_json(const writer::FlatDestination& d) {
  return {{"mode", static_cast<int>(d.mode)},
          {"storePath", d.store_path},
          {"destinationPath", d.destination_path},
          {"aggregateFile", d.aggregate_file}};
}

writer::FlatDestination destination_of(const json& j) {
  return {static_cast<writer::FilepathMode>(j.at("mode").get<int>()), j.at("storePath"),
          j.at("destinationPath"), j.at("aggregateFile")};
}

json change_json(const writer::Change& c) {
  json j = {{"message", c.message},          {"author", {{"name", c.author.name}, {"email", c.author.email}}},
            {"bundles", json::array()},      {"removedDirectories", c.removed_directories},
            {"flatRemovals", json::array()}, {"flatPlacements", json::array()}};
  for (const auto& b : c.bundles)
    j["bundles"].push_back({{"directory", b.directory}, {"files", files_json(b.files)}});
  for (const auto& r : c.flat_removals)
    j["flatRemovals"].push_back({{"destination", destination_json(r.destination)}, {"owner", r.owner}});
  for (const auto& p : c.flat_placements) {
    j["flatPlacements"].push_back({{"destination", destination_json(p.destination)},
                                   {"record", p.record},
                                   {"workPlacement", p.work_placement},
                                   {"owner", p.owner},
                                   {"files", files_json(p.files)}});
  }
  return j;
}

writer::Change change_of(const json& j) {
  writer::Change c;
  j.at("message").get_to(c.message);
  j.at("author").at("name").get_to(c.author.name);
  j.at("author").at("email").get_to(c.author.email);
  for (const json& b : j.at("bundles")) c.bundles.push_back({b.at("directory"), files_of(b.at("files"))});
  j.at("removedDirectories").get_to(c.removed_directories);
  for (const json& r : j.at("flatRemovals"))
    c.flat_removals.push_back({destination_of(r.at("destination")), r.at("owner")});
  for (const json& p : j.at("flatPlacements")) {
    c.flat_placements.push_back({destination_of(p.at("destination")), p.at("record"), p.at("workPlacement"),
                                 p.at("owner"), files_of(p.at("files"))});
  }
  return c;
}

std::string directory_of(const std::string& object_directory) {
  return std::string(kJournalDir) + "/" + object_directory;
}

}  // namespace

std::string entry_json(const JournalEntry& entry) {
  json j = {{"format", kEntryFormat},
            {"object", entry.directory},
            {"identity", entry.identity},
            {"inputDigest", entry.input_digest},
            {"undos", json::array()}};
  for (const StoreUndo& u : entry.undos) {
    j["undos"].push_back({{"store", u.store},
                          {"inverse", change_json(u.undo.inverse)},
                          {"before", u.undo.before},
                          {"after", u.undo.after}});
  }
  return j.dump(2) + "\n";
}

Result<JournalEntry> parse_entry(const std::string& text, const std::string& path) {
  try {
    const json j = json::parse(text);
    if (j.value("format", 0) != kEntryFormat)
      return make_error("journal entry " + path + ": format " + std::to_string(j.value("format", 0)) +
                        " is not " + std::to_string(kEntryFormat) +
                        "; was it written by another ferry version?");
    JournalEntry entry{j.at("object"), j.at("identity"), j.at("inputDigest"), {}};
    for (const json& u : j.at("undos"))
      entry.undos.push_back({u.at("store"), {change_of(u.at("inverse")), u.at("before"), u.at("after")}});
    return entry;
  } catch (const json::exception& e) {
    return make_error("journal entry " + path + " is damaged: " + e.what() + "; delete it to go on");
  }
}

Status Journal::load() {
  if (store_ == nullptr) return ok();
  auto files = store_->read_files(kJournalDir);
  if (!files) return files.error();
  const std::lock_guard lock(mutex_);
  for (const auto& [path, text] : *files) {
    if (!path.ends_with(std::string("/") + kEntryFile)) continue;
    auto entry = parse_entry(text, store_->describe() + ":" + path);
    if (!entry) return entry.error();
    entries_[entry->directory] = std::move(*entry);
  }
  return ok();
}

std::optional<JournalEntry> Journal::find(const std::string& directory) const {
  const std::lock_guard lock(mutex_);
  const auto found = entries_.find(directory);
  if (found == entries_.end()) return std::nullopt;
  return found->second;
}

std::vector<JournalEntry> Journal::entries() const {
  const std::lock_guard lock(mutex_);
  std::vector<JournalEntry> all;
  for (const auto& [directory, entry] : entries_) all.push_back(entry);
  return all;
}

Status Journal::record(const JournalEntry& entry) {
  writer::Change change;
  change.message = "ferry journal: " + entry.identity + " before committing to its stores\n";
  change.bundles.push_back({directory_of(entry.directory), {{kEntryFile, entry_json(entry)}}});
  if (Status committed = commit(std::move(change)); !committed) return committed;
  const std::lock_guard lock(mutex_);
  entries_[entry.directory] = entry;
  return ok();
}

Status Journal::remove(const std::string& directory) {
  const auto entry = find(directory);
  if (!entry) return ok();
  writer::Change change;
  change.message = "ferry journal: " + entry->identity + " done\n";
  change.removed_directories.push_back(directory_of(directory));
  if (Status committed = commit(std::move(change)); !committed) return committed;
  const std::lock_guard lock(mutex_);
  entries_.erase(directory);
  return ok();
}

Status Journal::commit(writer::Change change) {
  if (store_ == nullptr || !persist_) return ok();
  auto outcome = store_->apply(change);
  if (!outcome) return outcome.error();
  return ok();
}

void Journal::note(std::string line) {
  const std::lock_guard lock(mutex_);
  notes_.push_back(std::move(line));
}

std::vector<std::string> Journal::notes() const {
  const std::lock_guard lock(mutex_);
  return notes_;
}

}  // namespace ferry::runner
