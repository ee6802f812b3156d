#include "run/narrow_run.h"

#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <filesystem>

#include "core/content_digest.h"
#include "core/file_text.h"
#include "placement/run_scheduling.h"
#include "platform/document_chunks.h"
#include "run/hashed_chunks.h"

namespace ferry::runner {
namespace {

std::string absolute_name(const std::string& path) {
  std::error_code ec;
  return std::filesystem::absolute(path, ec).lexically_normal().string();
}

// The changed chunks of `file` added to `plan`; false when it is not cut into as many chunks as kept (a
// document added or removed).
bool plan_file(const KeptRequests& kept, const KeptRequestFile& file, HashedChunks& hashed,
               NarrowPlan& plan) {
  if (!hashed.chunks || hashed.chunks->size() != file.count) return false;
  std::vector<ReplacedDocument> replaced;
  for (std::size_t i = 0; i < file.count; ++i) {
    if (hashed.digests[i] == kept.requests[file.first + i].chunk_digest) continue;
    const DocumentChunk& chunk = (*hashed.chunks)[i];
    replaced.push_back({std::string(chunk.text), chunk.line});
    plan.changed.push_back(file.first + i);
    plan.changed_digests.push_back(std::move(hashed.digests[i]));
  }
  plan.replaced.emplace(file.path, std::move(replaced));
  return true;
}

// The text of `file` and its digest: from `read_before` when it holds the file with the stat data the walk
// found now (its text left there, its chunks taken when it has them), else read and hashed here into
// `owned`, on this core while the others cut and hash the chunks of a file of requests (`requests`) into
// `hashed`. Nothing when the file cannot be read.
bool text_of(WatchedFile& file, bool requests, std::optional<HashedText>* read_before,
             std::optional<std::string>& owned, HashedChunks& hashed) {
  if (read_before != nullptr && *read_before && (*read_before)->file.path == file.path &&
      (*read_before)->file.stat == file.stat) {
    HashedText& before = **read_before;
    file.digest = std::move(before.file.digest);
    if (requests) hashed = before.chunks ? std::move(*before.chunks) : hash_chunks(*before.text);
    return true;
  }
  auto read = read_file_if_present(file.path);
  if (!read || !*read) return false;
  owned = std::move(**read);
  const std::string& text = *owned;
  tbb::parallel_invoke([&] { file.digest = content_digest(text); },
                       [&] { hashed = requests ? hash_chunks(text) : HashedChunks{}; });
  return true;
}

// Whether `is` (whose digest is empty when the walk could not vouch for it) has the text of `was`, reading it
// when needed (text_of): true when it has, false when it has not or cannot be read (its digest left empty,
// for hash_watched_files to say so). Whether a text was read is left in `read`.
bool same_text(WatchedFile& is, const WatchedFile& was, bool requests, std::optional<HashedText>* read_before,
               std::optional<std::string>& owned, bool& read, HashedChunks& hashed) {
  if (!is.digest.empty()) return is.digest == was.digest;
  read = text_of(is, requests, read_before, owned, hashed);
  return read && is.digest == was.digest;
}

}  // namespace

bool is_kept_request_file(const QuietRunMemo& memo, const std::string& path) {
  const std::string name = absolute_name(path);
  return std::any_of(memo.kept.files.begin(), memo.kept.files.end(),
                     [&name](const KeptRequestFile& file) { return absolute_name(file.path) == name; });
}

std::optional<NarrowPlan> plan_narrow_run(const QuietRunMemo& memo, WatchedFiles& now,
                                          std::optional<HashedText>* read_before) {
  if (memo.kept.requests.empty() || now.files.size() != memo.files.files.size()) return std::nullopt;
  std::map<std::string, const KeptRequestFile*> request_files;
  for (const KeptRequestFile& file : memo.kept.files) request_files.emplace(absolute_name(file.path), &file);
  NarrowPlan plan;
  for (std::size_t i = 0; i < now.files.size(); ++i) {
    WatchedFile& is = now.files[i];
    const WatchedFile& was = memo.files.files[i];
    if (is.path != was.path) return std::nullopt;
    // Looked up only for a file the walk did not vouch for: a platform may have thousands of files.
    const auto found = is.digest.empty() ? request_files.find(absolute_name(is.path)) : request_files.end();
    const bool requests = found != request_files.end();
    std::optional<std::string> owned;  // the text, when read here: the chunks view it
    bool read = false;
    HashedChunks hashed;
    if (same_text(is, was, requests, read_before, owned, read, hashed)) continue;
    // Not read (the walk vouched for it, with another digest) or no file of requests: the whole path.
    if (!requests || !read || !plan_file(memo.kept, *found->second, hashed, plan)) return std::nullopt;
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
    sorted.changed_digests.push_back(std::move(plan.changed_digests[i]));
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
