// The quiet-run memo of `ferry reconcile` (run/quiet_run.h, docs/load-cache.md): whether a run may use it,
// what it is keyed by on this command line, the replay of a memo whose inputs are all the same, and the
// memo kept after a run that ran nothing and wrote nothing.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "run/narrow_run.h"
#include "run/quiet_run.h"
#include "run/run_report.h"
#include "runner/command_support.h"
#include "runtime/runtime.h"
#include "writer/state_store.h"

namespace ferry::runner {

class QuietRun {
 public:
  // Eligible: a run with state and the load cache (`state`, `full_load`), of a platform that is a plain
  // directory, without --metrics-file (`metrics_file`) and outside GitHub Actions (their outputs are the
  // run's own, not the report's). `written`: paths the run writes (scratch space, logs), not keyed.
  QuietRun(const CommandPlatform& source, const StateCommandOptions& state, bool full_load, bool metrics_file,
           const std::vector<std::string>& written);
  bool eligible() const { return eligible_; }

  // The memo's report when every input is that of the memo: the state (opened by `state`, as the run
  // opens it), the stores' tips, the files, the invocation, the time, the runtime's image digests.
  std::optional<MemoReport> replay(const std::function<Result<writer::StateStore*>()>& state,
                                   const std::function<Result<runtime::ContainerRuntime*>()>& runtime);
  // Before the run loads anything: the files as they are, their stat data only (those with the stat data the
  // memo's run found take its md5). Ineligible when they cannot be listed. When replay() found every input
  // of the memo the same but some files, every file is hashed, for narrow_plan().
  void watch();
  // The narrow run of the memo (run/narrow_run.h) when watch() found only documents of its files of
  // requests changed, in place; else nullopt, and the run takes the whole path.
  const std::optional<NarrowPlan>& narrow_plan() const { return narrow_; }
  // The memo narrow_plan() comes from.
  const QuietRunMemo& narrow_memo() const { return *candidate_; }
  // The narrow run's load did not give what the plan expects (narrow_load_matches): the run takes the whole
  // path.
  void drop_narrow_plan() { narrow_.reset(); }
  // Once the platform is loaded and the state opened, before the run: the tips it starts from, and the md5
  // of every file watch() found that has none: the load's (`loaded`: LoadResult::file_digests) for a file
  // it read with the stat data watch() found, else read and hashed here. The run is to fill note().
  void start(const Platform& platform, const std::map<std::string, FileDigest>& loaded,
             writer::StateStore& state);
  // The run reads what the memo cannot key (a compound run, warnings to print): no memo is kept.
  void start_nothing() { eligible_ = false; }
  QuietRunNote& note() { return note_; }
  // After the run: keeps its report `output` as the memo when the run was quiet (quiet_report: nothing but
  // skipped objects, no warning, exit code 0), nothing it read changed meanwhile, and reconcile() could key
  // all it read (note()); or, when it ran requests and said nothing else (quiet_but_for_requests), the
  // report of the no-op run after it, keyed by the tips it left, when the state records the stores' tips
  // as they are. `platform` and `spans` (where each request's entry is in `output`, render_text) give the
  // memo its kept requests, for a narrow run after it (none when the platform's requests cannot be keyed).
  void finish(const RunReport& report, const std::string& output, writer::StateStore& state,
              const Platform& platform, const std::vector<TextSpan>& spans);
  // After a narrow run: keeps the memo of the no-op run after it (narrow_memo_entries) when the run was quiet
  // but for the requests it ran (quiet_but_for_requests), reconcile() could key what it read, the state
  // records the stores' tips as they are, and no file changed meanwhile. Takes the memo read: narrow_memo()
  // is not to be called after it.
  void finish_narrow(const RunReport& report, const Platform& platform, writer::StateStore& state);

 private:
  bool eligible_ = false;
  std::filesystem::path path_;
  std::vector<std::filesystem::path> roots_, skip_;
  QuietRunMemo memo_;
  std::optional<WatchedFiles> earlier_;    // the files of the memo read by replay(), whatever it found
  std::optional<QuietRunMemo> candidate_;  // the memo, when replay() found all but files the same
  std::optional<HashedText>
      read_in_replay_;  // the file replay() found changed, read and hashed, for the plan
  std::optional<NarrowPlan> narrow_;
  QuietRunNote note_;
};

// Whether `report` is that of a run that ran nothing: every object skipped, and nothing else to say.
bool quiet_report(const RunReport& report);

}  // namespace ferry::runner
