#include "run/run_state.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/field_count.h"
#include "core/secret_values.h"
#include "pipeline/object_status.h"

namespace ferry::runner {

namespace {

using nlohmann::json;

constexpr int kRecordFormat = 1;

// The record JSON below writes and reads every member of these structs but two a run needs only in its
// report (PlacementReport::moved_reason, CommitReport::drift_restored). A member added to one of them fails
// here: write and read it (or say here why not), keep it in the records cache (run/records_cache.cpp, which
// has the same guard), set it in full_record() of tests/run/records_cache_test.cpp, then change the count.
static_assert(field_count<ObjectRecord>() == 18);
static_assert(field_count<PlacementReport>() == 10);
static_assert(field_count<CommitReport>() == 4);
static_assert(field_count<RevisionRecord>() == 2);
static_assert(field_count<UpgradeRecord>() == 7);

std::optional<RequestResult> result_named(const std::string& name) {
  for (RequestResult result :
       {RequestResult::succeeded, RequestResult::failed, RequestResult::pending, RequestResult::unchanged,
        RequestResult::suspended, RequestResult::skipped, RequestResult::paused}) {
    if (name == to_string(result)) return result;
  }
  return std::nullopt;
}

// The scheduling fields, present only for a group a PlacementPolicy placed (records of Kratix's rules
// alone, and those written before them, read the same): a later run finds by `policy` and `location` what a
// KCP Placement deleted since placed (run/deleted_placement.h).
constexpr std::pair<const char*, std::string PlacementReport::*> kSchedulingFields[] = {
    {"policy", &PlacementReport::policy},
    {"location", &PlacementReport::location},
    {"placementState", &PlacementReport::placement_state}};

json placement_json(const PlacementReport& p) {
  json j = {{"destination", p.destination},
            {"pipeline", p.pipeline},
            {"directory", p.directory},
            {"path", p.path},
            {"misplaced", masked_secrets(p.misplaced)},
            {"movedFrom", p.moved_from}};
  for (const auto& [key, field] : kSchedulingFields) {
    if (!(p.*field).empty()) j[key] = p.*field;
  }
  return j;
}

PlacementReport placement_of(const json& j) {
  PlacementReport p{j.at("destination"), j.at("pipeline"),  j.at("directory"),
                    j.at("path"),        j.at("misplaced"), j.at("movedFrom")};
  for (const auto& [key, field] : kSchedulingFields) {
    if (j.contains(key)) j.at(key).get_to(p.*field);
  }
  return p;
}

json revisions_json(const std::vector<RevisionRecord>& revisions) {
  json list = json::array();
  for (const RevisionRecord& r : revisions) list.push_back({{"version", r.version}, {"digest", r.digest}});
  return list;
}

json upgrade_json(const UpgradeRecord& u) {
  json j = {{"bindingVersion", u.binding_version},
            {"lastAppliedVersion", u.last_applied_version},
            {"failedVersion", u.failed_version}};
  if (!u.condition.empty())
    j["upgradeSucceeded"] = {{"status", u.condition}, {"message", masked_secrets(u.message)}};
  if (!u.binding_name.empty()) j["bindingName"] = u.binding_name;
  if (!u.labels.empty()) j["labels"] = u.labels;
  return j;
}

// The lifecycle fields, absent from records written before them.
void read_lifecycle(const json& j, ObjectRecord& record) {
  if (j.contains("revisions")) {
    for (const json& r : j.at("revisions")) record.revisions.push_back({r.at("version"), r.at("digest")});
  }
  if (!j.contains("binding")) return;
  const json& b = j.at("binding");
  UpgradeRecord& u = record.upgrade;
  b.at("bindingVersion").get_to(u.binding_version);
  b.at("lastAppliedVersion").get_to(u.last_applied_version);
  b.at("failedVersion").get_to(u.failed_version);
  if (b.contains("bindingName")) b.at("bindingName").get_to(u.binding_name);
  if (b.contains("labels")) b.at("labels").get_to(u.labels);
  if (b.contains("upgradeSucceeded")) {
    b.at("upgradeSucceeded").at("status").get_to(u.condition);
    b.at("upgradeSucceeded").at("message").get_to(u.message);
  }
}

ObjectRecord record_of(const json& j) {
  ObjectRecord record;
  j.at("kind").get_to(record.kind);
  j.at("name").get_to(record.name);
  j.at("namespace").get_to(record.namespace_);
  j.at("promise").get_to(record.promise);
  j.at("inputDigest").get_to(record.input_digest);
  const auto result = result_named(j.at("result").get<std::string>());
  if (!result)
    throw json::other_error::create(501, "unknown result \"" + j.at("result").get<std::string>() + "\"", &j);
  record.result = *result;
  j.at("message").get_to(record.message);
  j.at("statusMessage").get_to(record.status_message);
  if (j.contains("status")) {
    j.at("status").get_to(record.status_yaml);
  } else {
    record.status_beside = true;
    record.health_digest = j.value("healthDigest", j.value("health", false) ? kUnknownHealthDigest : "");
  }
  j.at("lastRun").get_to(record.last_run);
  if (j.contains("retryAt")) record.retry_at = j.at("retryAt").get<std::string>();
  for (const json& p : j.at("placements")) record.placements.push_back(placement_of(p));
  for (const json& c : j.at("commits"))
    record.commits.push_back({c.at("store"), c.at("branch"), c.at("sha")});
  j.at("object").get_to(record.object_yaml);
  read_lifecycle(j, record);
  return record;
}

}  // namespace

std::string ObjectRecord::directory() const {
  if (kind == "Promise") return "promises/" + name;
  // Made in one allocation: a run makes one for every record it reads and every request it visits (a chain
  // of + grew it two or three times).
  constexpr std::string_view kRequests = "requests/";
  std::string directory;
  directory.reserve(kRequests.size() + promise.size() + namespace_.size() + name.size() + 2);
  directory.append(kRequests).append(promise).append(1, '/').append(namespace_).append(1, '/').append(name);
  return directory;
}

std::string record_json(const ObjectRecord& record, bool with_status) {
  json j = {{"format", kRecordFormat},
            {"kind", record.kind},
            {"name", record.name},
            {"namespace", record.namespace_},
            {"promise", record.promise},
            {"inputDigest", record.input_digest},
            {"result", to_string(record.result)},
            {"message", masked_secrets(record.message)},
            {"statusMessage", masked_secrets(record.status_message)},
            {"lastRun", record.last_run},
            {"placements", json::array()},
            {"commits", json::array()},
            {"object", record.object_yaml}};
  if (with_status) j["status"] = masked_secrets(record.status_yaml);
  if (!record.health_digest.empty()) j["healthDigest"] = record.health_digest;
  if (record.retry_at) j["retryAt"] = *record.retry_at;
  if (!record.revisions.empty()) j["revisions"] = revisions_json(record.revisions);
  if (!record.upgrade.empty()) j["binding"] = upgrade_json(record.upgrade);
  for (const auto& p : record.placements) j["placements"].push_back(placement_json(p));
  for (const auto& c : record.commits)
    j["commits"].push_back({{"store", c.store}, {"branch", c.branch}, {"sha", c.sha}});
  // Invalid UTF-8 (a pipeline's message) is replaced rather than thrown on: the record must be written.
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

Result<ObjectRecord> parse_record(const std::string& json_text, const std::string& path) {
  try {
    const json j = json::parse(json_text);
    if (j.value("format", 0) != kRecordFormat) {
      return make_error("state record " + path + ": format " + std::to_string(j.value("format", 0)) +
                        " is not " + std::to_string(kRecordFormat) +
                        "; was it written by another ferry version?");
    }
    return record_of(j);
  } catch (const json::exception& e) {
    return make_error("state record " + path + " is damaged: " + e.what());
  }
}

Result<std::vector<ObjectRecord>> parse_records(const std::map<std::string, std::string>& files,
                                                const std::string& store) {
  std::vector<ObjectRecord> records;
  for (const auto& [path, text] : files) {
    if (!path.ends_with(std::string("/") + kRecordFile)) continue;
    auto record = parse_record(text, store + ":" + path);
    if (!record) return record.error();
    records.push_back(std::move(*record));
  }
  return records;
}

Result<RunState> load_run_state(writer::StateStore& store) {
  RunState state;
  // Only the records' folders: the published statuses (status/) and the run's other files are not read.
  for (const char* folder : kRecordFolders) {
    auto files = store.read_files(folder);
    if (!files) return files.error();
    auto records = parse_records(*files, store.describe());
    if (!records) return records.error();
    for (ObjectRecord& record : *records) state.emplace(record.directory(), std::move(record));
  }
  return state;
}

std::string revision_path(const std::string& promise, const std::string& digest) {
  return "revisions/" + promise + "/" + digest + ".yaml";
}

std::string ObjectRecord::status_path() const {
  if (kind == "Promise") return "status/promises/" + name + ".yaml";
  return "status/" + namespace_ + "/" + promise + "/" + name + ".yaml";
}

std::string published_status(const ObjectRecord& record) {
  return masked_secrets(pipeline::object_with_status_text(record.object_yaml, record.status_yaml));
}

namespace {

// The status file of a record that is new or changed (written), or gone or without a status (removed).
// A status beside its record and not read (status_beside) is unknown: its file is read through
// `published_of` when there is one to compare with, else rewritten (the same bytes change nothing) or
// removed (nothing when absent); unknown on both sides, the file stays.
void add_status_file(const ObjectRecord* old, const ObjectRecord* now,
                     const PublishedStatusReader& published_of, writer::Change& change) {
  const ObjectRecord& named = now ? *now : *old;
  const bool old_unknown = old && old->status_beside;
  if (old_unknown && now && now->status_beside) return;
  const bool had = old && (old_unknown || !old->status_yaml.empty());
  const bool has = now && !now->status_yaml.empty();
  if (has && had && !old_unknown && old->status_yaml == now->status_yaml &&
      old->object_yaml == now->object_yaml)
    return;
  const std::optional<std::string> text = has ? std::optional(published_status(*now)) : std::nullopt;
  if (old_unknown && now && published_of) {
    auto published = published_of(*old);
    if (published && *published == text) return;
  }
  if (has || had) change.files.push_back({named.status_path(), text});
}

// The revision texts a Promise record gained (written once: the path is the text's digest), or all of
// them when the Promise is gone.
void add_revision_files(const ObjectRecord* old, const ObjectRecord* now, writer::Change& change) {
  if (!now) {
    if (!old->revisions.empty()) change.removed_directories.push_back("revisions/" + old->name);
    return;
  }
  if (now->revisions.empty()) return;
  const RevisionRecord& latest = now->revisions.back();
  const bool known = old && std::any_of(old->revisions.begin(), old->revisions.end(),
                                        [&](const RevisionRecord& r) { return r.digest == latest.digest; });
  if (!known) change.files.push_back({revision_path(now->name, latest.digest), now->object_yaml});
}

// The part of the change of record `now` of `directory`, whose previous record was `old` (null: none).
void add_record_change(const std::string& directory, const ObjectRecord* old, const ObjectRecord& now,
                       const PublishedStatusReader& published_of, writer::Change& change) {
  // Equal records (every record a run skipped) need no serialising: the no-op run's common case.
  if (old && *old == now) return;
  // The status is not in the record's text: an equal text may still come with a new status.
  const std::string text = record_json(now);
  if (!old || record_json(*old) != text) change.bundles.push_back({directory, {{kRecordFile, text}}});
  add_status_file(old, &now, published_of, change);
  add_revision_files(old, &now, change);
}

// The part of the change of `old`, the record of `directory`, which the run forgot.
void add_record_removal(const std::string& directory, const ObjectRecord& old,
                        const PublishedStatusReader& published_of, writer::Change& change) {
  change.removed_directories.push_back(directory);
  add_status_file(&old, nullptr, published_of, change);
  add_revision_files(&old, nullptr, change);
}

const ObjectRecord* record_in(const RunState& state, const std::string& directory) {
  const auto found = state.find(directory);
  return found == state.end() ? nullptr : &found->second;
}

}  // namespace

writer::Change run_state_change(const RunState& before, const RunState& after, const std::string& message,
                                const PublishedStatusReader& published_of) {
  writer::Change change;
  change.message = message;
  for (const auto& [directory, record] : after)
    add_record_change(directory, record_in(before, directory), record, published_of, change);
  for (const auto& [directory, record] : before) {
    if (!after.contains(directory)) add_record_removal(directory, record, published_of, change);
  }
  return change;
}

// The records kept or added first, then those forgotten, each in directory order: as run_state_change
// visits them.
writer::Change run_state_delta_change(const RunState& before, const RunStateDelta& delta,
                                      const std::string& message, const PublishedStatusReader& published_of) {
  writer::Change change;
  change.message = message;
  for (const auto& [directory, record] : delta) {
    if (record) add_record_change(directory, record_in(before, directory), *record, published_of, change);
  }
  for (const auto& [directory, record] : delta) {
    const ObjectRecord* old = record_in(before, directory);
    if (!record && old) add_record_removal(directory, *old, published_of, change);
  }
  return change;
}

RunState applied(const RunState& before, const RunStateDelta& delta) {
  RunState after = before;
  for (const auto& [directory, record] : delta) {
    if (record)
      after.insert_or_assign(directory, *record);
    else
      after.erase(directory);
  }
  return after;
}

std::size_t applied_size(const RunState& before, const RunStateDelta& delta) {
  std::size_t size = before.size();
  for (const auto& [directory, record] : delta) {
    const bool had = before.contains(directory);
    if (record && !had) ++size;
    if (!record && had) --size;
  }
  return size;
}

}  // namespace ferry::runner
