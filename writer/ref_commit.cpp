#include "writer/ref_commit.h"

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <thread>
#include <utility>

#include "core/fault_point.h"
#include "writer/git_commit.h"

namespace ferry::writer::git {
namespace {

// One attempt: the outcome, or nothing when the ref moved under us and the change must be rebuilt.
Result<std::optional<CommitOutcome>> attempt(git_repository* repo, const std::string& ref,
                                             const Change& change, const std::string& store) {
  auto tip = read_tip(repo, ref, store);
  if (!tip) return tip.error();
  auto built = build_commit(repo, *tip, change, store);
  if (!built) return built.error();
  if (!built->commit) return std::optional<CommitOutcome>(CommitOutcome{});
  fault_point(FaultPoint::kBeforeRefMove);
  auto moved = compare_and_swap_ref(repo, ref, *built->commit, tip->id, store);
  if (!moved) return moved.error();
  if (!*moved) return std::optional<CommitOutcome>();
  fault_point(FaultPoint::kAfterRefMove);
  return std::optional<CommitOutcome>(
      CommitOutcome{oid_hex(*built->commit), std::move(built->drift_restored)});
}

// A short randomised pause before retry `retry` (1-based), so that racing writers fall out of step.
void back_off(int retry) {
  thread_local std::minstd_rand random(
      static_cast<unsigned>(std::hash<std::thread::id>{}(std::this_thread::get_id())));
  std::uniform_int_distribution<int> micros(0, 1000 << retry);
  std::this_thread::sleep_for(std::chrono::microseconds(micros(random)));
}

}  // namespace

void clear_stale_ref_lock(git_repository* repo, const std::string& ref) {
  const std::filesystem::path lock = std::filesystem::path(git_repository_path(repo)) / (ref + ".lock");
  std::error_code ec;
  for (int waited = 0; std::filesystem::exists(lock, ec) && waited < 40; ++waited) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::filesystem::remove(lock, ec);  // absent: nothing to do; not removable: the update reports it
}

Result<CommitOutcome> commit_on_ref(git_repository* repo, const std::string& ref, const Change& change,
                                    const std::string& store) {
  for (int retry = 0; retry <= kCommitRetries; ++retry) {
    if (retry > 0) back_off(retry);
    auto outcome = attempt(repo, ref, change, store);
    if (!outcome) return outcome.error();
    if (*outcome) return **outcome;
  }
  return make_error("cannot update " + ref + " of " + store + ": other writers kept moving it (" +
                    std::to_string(kCommitRetries + 1) + " attempts)");
}

}  // namespace ferry::writer::git
