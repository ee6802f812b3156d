#include "run/narrow_run.h"

#include <algorithm>
#include <filesystem>

#include "core/file_text.h"
#include "core/md5.h"
#include "placement/run_scheduling.h"
#include "platform/document_chunks.h"

namespace ferry::runner {
namespace {

std::string absolute_name(const std::string& path) {
  std::error_code ec;
  return std::filesystem::absolute(path, ec).lexically_normal().string();
}

// The changed chunks of `file`, whose text `text` is, added to `plan`; false when it is not cut into as many
// chunks as kept (a document added or removed).
bool plan_file(const KeptRequests& kept, const KeptRequestFile& file, const std::string& text,
               NarrowPlan& plan) {
  auto chunks = document_chunks(text);
  if (!chunks || chunks->size() != file.count) return false;
  std::vector<ReplacedDocument> replaced;
  for (std::size_t i = 0; i < file.count; ++i) {
    const DocumentChunk& chunk = (*chunks)[i];
    std::string chunk_md5 = md5_hex(chunk.text);
    if (chunk_md5 == kept.requests[file.first + i].chunk_md5) continue;
    replaced.push_back({std::string(chunk.text), chunk.line});
    plan.changed.push_back(file.first + i);
    plan.changed_md5.push_back(std::move(chunk_md5));
  }
  plan.replaced.emplace(file.path, std::move(replaced));
  return true;
}

// Whether `is` (whose md5 is empty when the walk could not vouch for it) has the text of `was`, hashing it
// when needed: true when it has, false when it has not or cannot be read (its md5 left empty, for
// hash_watched_files to say so); the text read is left in `text`.
bool same_text(WatchedFile& is, const WatchedFile& was, std::optional<std::string>& text) {
  if (is.md5.empty()) {
    auto read = read_file_if_present(is.path);
    if (!read || !*read) return false;
    text = std::move(**read);
    is.md5 = md5_hex(*text);
  }
  return is.md5 == was.md5;
}

}  // namespace

std::optional<NarrowPlan> plan_narrow_run(const QuietRunMemo& memo, WatchedFiles& now) {
  if (memo.kept.requests.empty() || now.files.size() != memo.files.files.size()) return std::nullopt;
  std::map<std::string, const KeptRequestFile*> request_files;
  for (const KeptRequestFile& file : memo.kept.files) request_files.emplace(absolute_name(file.path), &file);
  NarrowPlan plan;
  for (std::size_t i = 0; i < now.files.size(); ++i) {
    WatchedFile& is = now.files[i];
    const WatchedFile& was = memo.files.files[i];
    std::optional<std::string> text;
    if (is.path != was.path) return std::nullopt;
    if (same_text(is, was, text)) continue;
    const auto found = request_files.find(absolute_name(is.path));
    if (found == request_files.end() || !text || !plan_file(memo.kept, *found->second, *text, plan))
      return std::nullopt;
  }
  if (plan.changed.empty()) return std::nullopt;
  // The files of requests that did not change are not read at all: none of their requests is loaded.
  for (const KeptRequestFile& file : memo.kept.files)
    plan.replaced.emplace(file.path, std::vector<ReplacedDocument>{});
  // In the kept (the platform's) order, whatever order the walk gave the files in.
  std::vector<std::size_t> order(plan.changed.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&plan](std::size_t a, std::size_t b) { return plan.changed[a] < plan.changed[b]; });
  NarrowPlan sorted{std::move(plan.replaced), {}, {}};
  for (std::size_t i : order) {
    sorted.changed.push_back(plan.changed[i]);
    sorted.changed_md5.push_back(std::move(plan.changed_md5[i]));
  }
  return sorted;
}

bool narrow_load_matches(const LoadResult& loaded, const QuietRunMemo& memo, const NarrowPlan& plan) {
  const std::vector<pipeline::Request>& requests = loaded.platform.requests;
  if (!loaded.errors.empty() || !loaded.warnings.empty() || !loaded.release_errors.empty() ||
      requests.size() != plan.changed.size() || scheduling_reads_other_requests(loaded.platform))
    return false;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const KeptRequest& kept = memo.kept.requests[plan.changed[i]];
    const pipeline::Request& r = requests[i];
    if (r.kind != kept.kind || r.promise != kept.promise || r.namespace_ != kept.namespace_ ||
        r.name != kept.name)
      return false;
  }
  return true;
}

std::optional<std::map<std::size_t, RequestReport>> next_run_entries(
    const Platform& platform, const std::map<std::size_t, const pipeline::Request*>& requests,
    const InputDigests& digests, const RunState& after, const SelectionOptions& selection) {
  IncrementalRun next(&after, selection, {nullptr, false, true});
  std::map<std::size_t, RequestReport> entries;
  for (const auto& [place, request] : requests) {
    ObjectInputs inputs = inputs_of(digests, *request);
    inputs.reconciliation_interval = platform.promise(request->promise)->controls.reconciliation_interval;
    auto skipped = next.skip(
        {request->kind, request->name, request->namespace_, request->promise, {}, {}, {}, {}}, inputs);
    if (!skipped || skipped->result != RequestResult::skipped) return std::nullopt;
    entries.emplace(place, std::move(*skipped));
  }
  return entries;
}

}  // namespace ferry::runner
