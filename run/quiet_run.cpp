// The quiet-run memo's keys that are not files (quiet_run.h): the invocation, the moment a record is due,
// what a platform holds that cannot be keyed; and the memo's file (core/cache_file.h's format).
#include "run/quiet_run.h"

#include <tbb/parallel_invoke.h>
#include <unistd.h>

#include <algorithm>
#include <limits>

#include "core/cache_file.h"
#include "core/file_text.h"
#include "core/mapped_file.h"
#include "core/sha256.h"
#include "platform/stat_index.h"
#include "run/quiet_run_delta.h"
#include "writer/store_factory.h"
#include "writer/store_url.h"

extern char** environ;

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

namespace ferry::runner {
namespace fs = std::filesystem;

namespace {

// 2: the kept requests and health_free, for narrow runs. 3: the files and the kept requests' chunks named by
// their content digest (core/content_digest.h), not their md5.
constexpr CacheFormat kFormat{"ferry-quiet-run", "quiet-run memo", 3};

std::string field_text(const std::vector<std::string>& fields) {
  FieldEncoder out;
  for (const std::string& field : fields) out.field(field);
  return out.text();
}

std::int64_t seconds_of(std::chrono::system_clock::time_point at) {
  return std::chrono::duration_cast<std::chrono::seconds>(at.time_since_epoch()).count();
}

}  // namespace

std::optional<std::string> quiet_invocation_digest() {
  auto cmdline = read_file_text("/proc/self/cmdline");
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path cwd = fs::current_path(ec);
  if (!cmdline || ec) return std::nullopt;
  std::vector<std::string> environment;
  // All but `_`, which shells set to the command's path: no run reads it, and with it a run started from
  // another program (time, strace) would never find its memo; and but the crash tests' fault point
  // (core/fault_point.h), which kills a run and changes nothing it reads.
  for (char** entry = environ; entry && *entry; ++entry) {
    const std::string_view variable(*entry);
    if (!variable.starts_with("_=") && !variable.starts_with("FERRY_FAULT_POINT="))
      environment.emplace_back(*entry);
  }
  std::sort(environment.begin(), environment.end());
  const std::optional<FileStat> self = stat_of(exe);
  if (!self) return std::nullopt;
  std::vector<std::string> fields{FERRY_VERSION,
                                  *cmdline,
                                  cwd.string(),
                                  exe.string(),
                                  std::to_string(self->size),
                                  std::to_string(self->mtime_ns),
                                  std::to_string(self->inode),
                                  isatty(1) ? "stdout-terminal" : "stdout",
                                  isatty(2) ? "stderr-terminal" : "stderr"};
  fields.insert(fields.end(), environment.begin(), environment.end());
  return sha256_hex(field_text(fields));
}

std::optional<std::int64_t> quiet_due_at(const Platform& platform, const RunState& records,
                                         const SelectionOptions& selection) {
  std::chrono::seconds shortest = selection.reconciliation_interval;
  for (const pipeline::Promise& promise : platform.promises) {
    if (promise.controls.reconciliation_interval)
      shortest = std::min(shortest, *promise.controls.reconciliation_interval);
  }
  std::int64_t due = std::numeric_limits<std::int64_t>::max();
  for (const auto& [directory, record] : records) {
    const RequestResult result = record.result;
    if (result == RequestResult::failed || result == RequestResult::pending ||
        result == RequestResult::paused || result == RequestResult::suspended || record.retry_at)
      return std::nullopt;
    const auto last_run = parse_rfc3339_utc(record.last_run);
    if (!last_run) return std::nullopt;
    due = std::min(due, seconds_of(*last_run + shortest));
  }
  return due;
}

bool local_repository(const std::string& url, const std::filesystem::path& root) {
  auto parsed = writer::parse_store_url(url, root);
  return parsed && (parsed->transport == writer::StoreTransport::kLocalPath ||
                    parsed->transport == writer::StoreTransport::kFile);
}

std::string unkeyable_part(const Platform& platform) {
  if (!platform.releases.empty()) return "PromiseReleases";
  if (!platform.metrics.empty() || !platform.metrics_providers.empty()) return "metrics";
  for (const GitStateStore& store : platform.stores) {
    if (!local_repository(store.url, platform.root))
      return "the store " + store.name + " is not a local repository";
  }
  return "";
}

Result<std::string> local_branch_tip(const std::string& url, const std::string& branch) {
  writer::StoreSpec spec;
  spec.url = url;
  spec.branch = branch;
  auto store = writer::open_state_store(spec);
  if (!store) return store.error();
  auto history = (*store)->history_since(std::nullopt);
  if (!history) return history.error();
  return history->tip.value_or("");
}

Result<std::vector<WatchedTip>> declared_store_tips(const Platform& platform) {
  std::vector<WatchedTip> tips;
  for (const GitStateStore& store : platform.stores) {
    auto url = writer::parse_store_url(store.url, platform.root);
    if (!url) return url.error();
    const std::string path = url->local_path.string();
    auto tip = local_branch_tip(path, store.branch);
    if (!tip) return tip.error();
    tips.push_back({path, store.branch, *tip});
  }
  return tips;
}

bool same_tips(const std::vector<WatchedTip>& tips) {
  for (const WatchedTip& watched : tips) {
    auto tip = local_branch_tip(watched.url, watched.branch);
    if (!tip || *tip != watched.tip) return false;
  }
  return true;
}

namespace {

// The memo's fields from its file's `body`, but its report: where that is in `body`.
bool decode_memo(std::string_view body, QuietRunMemo& memo, std::size_t& output_at,
                 std::size_t& output_size) {
  FieldDecoder in(body);
  long snapshot = 0, due = 0;
  bool good = in.field(memo.invocation) && in.number(snapshot) && in.field(memo.state_tip) &&
              in.number(due) && in.field_span(output_at, output_size) && decode_watched_inputs(in, memo);
  good = good && in.flag(memo.health_free) && decode_kept_requests(in, memo.kept);
  memo.files.snapshot_ns = snapshot;
  memo.due_at_s = due;
  return good && in.done();
}

}  // namespace

std::optional<QuietRunMemo> read_quiet_run_memo(const fs::path& path) {
  // Megabytes at R = 10,000: mapped (core/mapped_file.h), not read into fresh memory; the memo is only ever
  // replaced by a rename, never changed in place.
  auto mapped = MappedFile::map_if_present(path);
  if (!mapped || !*mapped) return std::nullopt;
  const std::shared_ptr<const MappedFile>& file = **mapped;
  const std::string_view text = file->text();
  auto body = cache_body_unchecked(kFormat, text);
  if (!body) return std::nullopt;
  // The checksum of the megabytes on one core while another decodes: the memo counts only when it matches.
  QuietRunMemo memo;
  bool decoded = false, checked = false;
  std::size_t output_at = 0, output_size = 0;
  tbb::parallel_invoke([&] { checked = cache_checksum_matches(text); },
                       [&] { decoded = decode_memo(*body, memo, output_at, output_size); });
  if (!decoded || !checked) return std::nullopt;
  memo.digest = text.substr(text.size() - 65, 64);  // the trailer's SHA-256
  memo.output = MemoReport(file, body->substr(output_at, output_size));
  apply_quiet_run_delta(quiet_run_delta_path(path), memo);
  return memo;
}

Status write_quiet_run_memo(const fs::path& path, const QuietRunMemo& memo) {
  FieldEncoder out;
  // Reserved once: the report is megabytes at R = 10,000, and the kept requests about 100 bytes each.
  out.text().reserve(memo.output.text().size() + 128 * memo.kept.requests.size() +
                     256 * memo.files.files.size() + 4096);
  out.field(memo.invocation);
  out.number(static_cast<long>(memo.files.snapshot_ns));
  out.field(memo.state_tip);
  out.number(static_cast<long>(memo.due_at_s));
  out.field(memo.output.text());
  encode_watched_inputs(out, memo);
  out.number(memo.health_free ? 1 : 0);
  encode_kept_requests(out, memo.kept);
  Status written =
      write_cache_file(path, framed_cache_text(kFormat, out.text()), kFormat, FaultPoint::kQuietRunWrite);
  std::error_code ec;
  if (written) fs::remove(quiet_run_delta_path(path), ec);  // of the memo before: no longer read
  return written;
}

}  // namespace ferry::runner
