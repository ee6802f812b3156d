// The quiet-run memo of `ferry reconcile` (quiet_reconcile.h).
#include "runner/quiet_reconcile.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "core/cache_file.h"
#include "core/file_text.h"
#include "run/narrow_run.h"
#include "run/quiet_run_delta.h"
#include "run/recorded_stores.h"
#include "run/state_access.h"
#include "runner/github.h"
#include "runner/narrow_reconcile.h"
#include "runner/report.h"

namespace ferry::runner {
namespace fs = std::filesystem;

namespace {

// Every argument of the command line that names a file or directory: what the run may read besides the
// platform (--secrets-dir, --config-maps-dir, --exec-config, credentials files, ...), absolute.
std::vector<fs::path> argument_paths() {
  std::vector<fs::path> paths;
  auto cmdline = read_file_text("/proc/self/cmdline");
  if (!cmdline) return paths;
  std::size_t at = cmdline->find('\0');  // argv[0] is the binary, keyed by itself
  while (at != std::string::npos && at + 1 < cmdline->size()) {
    const std::size_t end = cmdline->find('\0', at + 1);
    const std::string argument = cmdline->substr(at + 1, end - at - 1);
    std::error_code ec;
    if (!argument.empty() && fs::exists(argument, ec)) paths.push_back(fs::absolute(argument, ec));
    at = end;
  }
  return paths;
}

void add_canonical(std::vector<fs::path>& paths, const fs::path& path) {
  if (path.empty()) return;
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(path, ec);
  paths.push_back(ec ? fs::absolute(path, ec) : real);
}

}  // namespace

QuietRun::QuietRun(const CommandPlatform& source, const StateCommandOptions& options, bool full_load,
                   bool metrics_file, const std::vector<std::string>& written) {
  const auto invocation = quiet_invocation_digest();
  eligible_ = invocation && !options.no_state && !full_load && !metrics_file &&
              !github_environment().active && !source.source.from_git && !source.access.load_cache.empty();
  if (!eligible_) return;
  memo_.invocation = *invocation;
  path_ = fs::path(source.access.load_cache).replace_extension(".quiet-run");
  roots_ = argument_paths();
  roots_.push_back(source.source.root);
  const StateLocation state =
      state_location(options.state_dir, source.source, source.access, options.state_branch);
  // A remote state's tip is a fetch: taking it for the memo would fetch twice in every run (the run's own
  // fetch after it), and with --network-timeout double the run's wait on a slow server.
  if (!state.spec.url.empty() && !local_repository(state.spec.url, source.source.root)) {
    eligible_ = false;
    return;
  }
  // What the run writes or keys otherwise: the state (by its tip), the caches and this memo, scratch space.
  for (const fs::path& path :
       {state.directory.value_or(fs::path()), state.lock_path, fs::path(source.access.load_cache),
        fs::path(source.access.load_cache).replace_extension(".records-cache"), path_,
        quiet_run_delta_path(path_)})
    add_canonical(skip_, path);
  for (const std::string& path : written) add_canonical(skip_, path);
  if (!state.spec.url.empty()) add_canonical(skip_, state.spec.url);
  // A path left out that the loader reads (the platform itself, or inside it below no dot-directory)
  // would leave files of the platform unkeyed: such a run keeps and replays no memo.
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(source.source.root, ec);
  for (const fs::path& skipped : skip_) {
    const fs::path inside = skipped.lexically_relative(root);
    const std::string first = inside.empty() ? ".." : inside.begin()->string();
    if (!ec && (inside == "." || (first != ".." && !first.starts_with(".")))) eligible_ = false;
  }
}

std::optional<MemoReport> QuietRun::replay(
    const std::function<Result<writer::StateStore*>()>& state,
    const std::function<Result<runtime::ContainerRuntime*>()>& runtime) {
  if (!eligible_) return std::nullopt;
  std::optional<QuietRunMemo> memo = read_quiet_run_memo(path_);
  if (memo) earlier_ = memo->files;
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  if (!memo || memo->invocation != memo_.invocation || now >= memo->due_at_s) return std::nullopt;
  // Files changed: only a memo that keeps its requests and saw no HealthRecord may serve a narrow run; the
  // rest is checked for it. A changed file of requests is cut and hashed for its plan as it is read.
  const bool narrowable = !memo->kept.requests.empty() && memo->health_free;
  const bool files =
      same_files(memo->files, roots_, skip_, false, &read_in_replay_,
                 [&](const std::string& path) { return narrowable && is_kept_request_file(*memo, path); });
  if ((!files && !narrowable) || !same_tips(memo->store_tips)) return std::nullopt;
  auto store = state();
  if (!store || !*store) return std::nullopt;
  auto tip = (*store)->history_since(std::nullopt);
  if (!tip || tip->tip.value_or("") != memo->state_tip) return std::nullopt;
  auto container_runtime = runtime();
  if (!container_runtime) return std::nullopt;
  for (const auto& [image, digest] : memo->images) {
    Result<std::string> now_digest = (*container_runtime)->image_digest(image);
    if ((now_digest ? *now_digest : std::string()) != digest) return std::nullopt;
  }
  if (!files) {
    candidate_ = std::move(memo);
    return std::nullopt;
  }
  splice_changed_entries(*memo);  // printed whole: with the entries its delta changed in place
  return std::move(memo->output);
}

void QuietRun::watch() {
  std::optional<HashedText> read_in_replay = std::exchange(read_in_replay_, std::nullopt);
  if (!eligible_) return;
  auto files = list_watched_files(roots_, skip_, earlier_ ? &*earlier_ : nullptr);
  eligible_ = files.ok();
  if (!eligible_) return;
  memo_.files = std::move(*files);
  if (!candidate_) return;
  // Each file the memo's stat data do not vouch for is read once, by the plan, or by the hashing after it.
  narrow_ = plan_narrow_run(*candidate_, memo_.files, &read_in_replay);
  if (!narrow_) eligible_ = hash_watched_files(memo_.files).ok();
}

void QuietRun::start(const Platform& platform, const std::map<std::string, FileDigest>& loaded,
                     writer::StateStore& state) {
  if (!eligible_ || !unkeyable_part(platform).empty() || !hash_watched_files(memo_.files, loaded)) {
    eligible_ = false;
    return;
  }
  auto tips = declared_store_tips(platform);
  auto tip = state.history_since(std::nullopt);
  eligible_ = tips.ok() && tip.ok();
  if (!eligible_) return;
  memo_.store_tips = std::move(*tips);
  memo_.state_tip = tip->tip.value_or("");
}

namespace {

// The state's tip and the declared stores' tips now, when the state records each store's tip as it is
// (else the run after must look for drift, so no memo is kept); nullopt otherwise.
std::optional<std::pair<std::string, std::vector<WatchedTip>>> recorded_tips_now(const Platform& platform,
                                                                                 writer::StateStore& state) {
  auto tip = state.history_since(std::nullopt);
  auto tips = declared_store_tips(platform);
  auto recorded = load_recorded_stores(state);
  if (!tip || !tips || !recorded || tips->size() != platform.stores.size()) return std::nullopt;
  for (std::size_t i = 0; i < tips->size(); ++i) {
    const auto found = recorded->tips.find(platform.stores[i].name);
    if (found == recorded->tips.end() || found->second != (*tips)[i].tip) return std::nullopt;
  }
  return std::pair(tip->tip.value_or(""), std::move(*tips));
}

}  // namespace

void QuietRun::finish(const RunReport& report, const std::string& output, writer::StateStore& state,
                      const Platform& platform, const std::vector<TextSpan>& spans) {
  if (!eligible_ || !note_.keyable) return;
  if (quiet_report(report)) {
    auto tip = state.history_since(std::nullopt);
    if (!tip || tip->tip.value_or("") != memo_.state_tip || !same_tips(memo_.store_tips)) return;
    memo_.output = output;
    memo_.kept = kept_requests_of(platform, spans).value_or(KeptRequests{});
  } else {
    // It ran requests and said nothing else: the memo is the report of the no-op run after it, whose
    // entries for those requests come from the records this run left (QuietRunNote::next_entries).
    if (spans.empty() || !quiet_but_for_requests(report)) return;
    RunReport noop = report;
    for (std::size_t i = 0; i < noop.requests.size(); ++i) {
      if (noop.requests[i].result == RequestResult::skipped) continue;
      const auto next = note_.next_entries.find(i);
      if (next == note_.next_entries.end()) return;
      noop.requests[i] = next->second;
    }
    auto tips = recorded_tips_now(platform, state);
    if (!tips) return;
    std::vector<TextSpan> noop_spans;
    memo_.output = render_text(noop, {}, nullptr, &noop_spans);
    memo_.kept = kept_requests_of(platform, noop_spans).value_or(KeptRequests{});
    memo_.state_tip = std::move(tips->first);
    memo_.store_tips = std::move(tips->second);
  }
  if (!same_files(memo_.files, roots_, skip_, true)) return;
  memo_.due_at_s = note_.due_at_s;
  memo_.images = note_.images;
  memo_.health_free = note_.health_free;
  (void)write_quiet_run_memo(path_, memo_);  // the memo only saves time: a failed write is ignored
}

void QuietRun::finish_narrow(const RunReport& report, const Platform& platform, writer::StateStore& state) {
  if (!eligible_ || !narrow_ || !note_.keyable || !note_.health_free || !quiet_but_for_requests(report) ||
      report.requests.size() != narrow_->changed.size() ||
      note_.next_entries.size() != narrow_->changed.size())
    return;
  if (!same_files(memo_.files, roots_, skip_, true)) return;
  auto tips = recorded_tips_now(platform, state);
  if (!tips) return;
  // The last use of the memo read: taken, not copied (its report is megabytes at R = 10,000).
  QuietRunMemo next = std::move(*candidate_);
  candidate_.reset();
  narrow_memo_entries(next, *narrow_, note_.next_entries);
  next.files = memo_.files;
  next.state_tip = std::move(tips->first);
  next.store_tips = std::move(tips->second);
  next.due_at_s = std::min(next.due_at_s, note_.due_at_s);
  for (const auto& [image, digest] : note_.images) next.images[image] = digest;
  // The memo only saves time: a failed write is ignored. Its few changed entries go to its delta
  // (run/quiet_run_delta.h) until they are worth writing the whole memo again.
  if (!next.digest.empty() && !cache_delta_worth_writing(next.changed.size(), next.kept.requests.size())) {
    (void)write_quiet_run_delta(quiet_run_delta_path(path_), next);
  } else {
    splice_changed_entries(next);
    (void)write_quiet_run_memo(path_, next);
  }
}

bool quiet_report(const RunReport& report) {
  for (const auto* reports : {&report.promises, &report.requests}) {
    for (const RequestReport& r : *reports) {
      if (r.result != RequestResult::skipped) return false;
    }
  }
  return nothing_else_to_say(report);
}

}  // namespace ferry::runner
