// core/fault_point.h: parsing FERRY_FAULT_POINT, the table of points, and (in a build with
// FERRY_FAULT_POINTS) that a point kills the process with SIGKILL at the asked hit and not before.
// The kills run in death-test children; no test calls fault_point() in the test process itself, so each
// child reads the variable it set.
#include "core/fault_point.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <cstdlib>
#include <set>

namespace ferry {
namespace {

TEST(FaultPoint, ParsesANameAsItsFirstHit) {
  auto spec = parse_fault_spec("before-ref-move");
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_EQ(spec->point, FaultPoint::kBeforeRefMove);
  EXPECT_EQ(spec->hit, 1);
}

TEST(FaultPoint, ParsesANameWithAHitCount) {
  auto spec = parse_fault_spec("mid-push:12");
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_EQ(spec->point, FaultPoint::kMidPush);
  EXPECT_EQ(spec->hit, 12);
}

TEST(FaultPoint, AnUnknownNameListsTheKnownOnes) {
  EXPECT_EQ(parse_fault_spec("before-ref-mvoe:2").error().render(),
            "unknown fault point \"before-ref-mvoe\"; known: before-ref-move, after-ref-move, "
            "before-state-record, before-push, mid-push, between-stores, load-cache-write, "
            "records-cache-write, placement-paths-cache-write, quiet-run-write");
}

TEST(FaultPoint, ABadHitCountIsRefused) {
  for (const char* text : {"mid-push:0", "mid-push:-1", "mid-push:", "mid-push:2x", "mid-push:x"}) {
    const std::string count = std::string(text).substr(9);
    EXPECT_EQ(parse_fault_spec(text).error().render(),
              "bad hit count \"" + count + "\" in \"" + text + "\"; write NAME or NAME:N with N >= 1");
  }
}

TEST(FaultPoint, TheTableNamesEveryPointOnce) {
  std::set<std::string_view> names;
  std::set<FaultPoint> points;
  for (const FaultPointInfo& info : kFaultPoints) {
    names.insert(info.name);
    points.insert(info.point);
    EXPECT_EQ(parse_fault_spec(info.name)->point, info.point) << info.name;
  }
  EXPECT_EQ(names.size(), kFaultPoints.size());
  EXPECT_EQ(points.size(), kFaultPoints.size());
}

class FaultPointKill : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  }
};

TEST_F(FaultPointKill, KillsWithSigkillAtTheAskedHit) {
  EXPECT_EXIT(
      {
        ::setenv("FERRY_FAULT_POINT", "after-ref-move:3", 1);
        fault_point(FaultPoint::kAfterRefMove);
        fault_point(FaultPoint::kBeforeRefMove);  // another point does not count
        fault_point(FaultPoint::kAfterRefMove);
        fault_point(FaultPoint::kAfterRefMove);
        std::exit(0);
      },
      ::testing::KilledBySignal(SIGKILL), "");
}

TEST_F(FaultPointKill, DoesNothingBeforeTheAskedHit) {
  EXPECT_EXIT(
      {
        ::setenv("FERRY_FAULT_POINT", "after-ref-move:3", 1);
        fault_point(FaultPoint::kAfterRefMove);
        fault_point(FaultPoint::kAfterRefMove);
        std::exit(7);
      },
      ::testing::ExitedWithCode(7), "");
}

TEST_F(FaultPointKill, DoesNothingWithoutTheVariable) {
  EXPECT_EXIT(
      {
        ::unsetenv("FERRY_FAULT_POINT");
        for (const FaultPointInfo& info : kFaultPoints) fault_point(info.point);
        std::exit(7);
      },
      ::testing::ExitedWithCode(7), "");
}

TEST_F(FaultPointKill, AMalformedVariableAbortsWithItsError) {
  EXPECT_DEATH(
      {
        ::setenv("FERRY_FAULT_POINT", "mid-psuh", 1);
        fault_point(FaultPoint::kMidPush);
      },
      "ferry: FERRY_FAULT_POINT: unknown fault point \"mid-psuh\"; known: before-ref-move");
}

TEST(FaultPointOff, IgnoresTheVariableWhenNotCompiledIn) {
  if (fault_points_compiled_in()) GTEST_SKIP() << "built with FERRY_FAULT_POINTS";
  EXPECT_EXIT(
      {
        ::setenv("FERRY_FAULT_POINT", "mid-push", 1);
        fault_point(FaultPoint::kMidPush);
        std::exit(7);
      },
      ::testing::ExitedWithCode(7), "");
}

}  // namespace
}  // namespace ferry
