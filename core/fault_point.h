// Named fault points: places where a test build makes ferry crash on purpose, so that crash-recovery tests
// (tests/e2e/crash_e2e_test.cpp) kill a run at a chosen moment deterministically rather than by timing.
//
// Contract: with the CMake option FERRY_FAULT_POINTS on (ci/build's developer and sanitizer builds), the
// environment variable FERRY_FAULT_POINT=NAME makes the process SIGKILL itself the first time the point
// NAME is reached, and NAME:N at its Nth hit, counted over every thread of the process. SIGKILL is a
// crash: no destructor, no unwinding, no lock released other than by the kernel. With the option off
// (the default for anyone else) fault_point() is an empty function and the variable is ignored; the
// switch lives in fault_point.cpp alone, so turning it on rebuilds one file, not every includer.
#pragma once

#include <array>
#include <string_view>

#include "core/error.h"

namespace ferry {

enum class FaultPoint {
  kBeforeRefMove,
  kAfterRefMove,
  kBeforeStateRecord,
  kBeforePush,
  kMidPush,
  kBetweenStores,
  kLoadCacheWrite,
  kRecordsCacheWrite,
  kPlacementPathsCacheWrite,
  kQuietRunWrite
};

struct FaultPointInfo {
  FaultPoint point;
  std::string_view name;   // what FERRY_FAULT_POINT names
  std::string_view where;  // the moment, for docs/reliability.md and test messages
};

// The one table of fault points.
inline constexpr std::array<FaultPointInfo, 10> kFaultPoints = {{
    {FaultPoint::kBeforeRefMove, "before-ref-move",
     "a commit's objects are written to a local repository, its branch not moved (writer/ref_commit.cpp)"},
    {FaultPoint::kAfterRefMove, "after-ref-move",
     "a local repository's branch moved by compare-and-swap (writer/ref_commit.cpp)"},
    {FaultPoint::kBeforeStateRecord, "before-state-record",
     "every destination commit made, the run's state not recorded (run/reconcile.cpp)"},
    {FaultPoint::kBeforePush, "before-push",
     "a remote store's commit built in the cache, nothing sent (writer/git_remote_ops.cpp)"},
    {FaultPoint::kMidPush, "mid-push",
     "a file:// remote holds the pushed objects, unreachable, its branch not moved "
     "(writer/git_remote_ops.cpp)"},
    {FaultPoint::kBetweenStores, "between-stores",
     "a request's commit to one repository made, its next repository not written (run/reconcile.cpp)"},
    {FaultPoint::kLoadCacheWrite, "load-cache-write",
     "the load cache's new text written and flushed to its temporary file, not renamed over the cache "
     "(platform/load_cache.cpp)"},
    {FaultPoint::kRecordsCacheWrite, "records-cache-write",
     "the records cache's new text written and flushed to its temporary file, not renamed over the cache "
     "(run/records_cache.cpp)"},
    {FaultPoint::kPlacementPathsCacheWrite, "placement-paths-cache-write",
     "the placement paths cache's new text written and flushed to its temporary file, not renamed over the "
     "cache (placement/placement_paths_cache.cpp)"},
    {FaultPoint::kQuietRunWrite, "quiet-run-write",
     "the quiet-run memo's new text written and flushed to its temporary file, not renamed over the memo "
     "(run/quiet_run.cpp)"},
}};

// FERRY_FAULT_POINT's value: which point, and at which hit (1 = the first).
struct FaultSpec {
  FaultPoint point = FaultPoint::kBeforeRefMove;
  long hit = 1;
};

// Parses "NAME" or "NAME:N" (N a whole number >= 1); an unknown name lists the known ones.
Result<FaultSpec> parse_fault_spec(std::string_view text);

// Whether this build has fault points (CMake FERRY_FAULT_POINTS); tests of them skip otherwise.
bool fault_points_compiled_in();

// Crashes the process here if FERRY_FAULT_POINT asks for this point at this hit (see the contract above).
// A malformed FERRY_FAULT_POINT aborts the process with one line on stderr: it is a test's typo, and a
// run that silently ignored it would let a crash test pass without crashing.
void fault_point(FaultPoint point);

}  // namespace ferry
