// jobOptions.backoffLimit's retries in the run report: a line under the object in text, a count in JSON, and
// nothing when no container was retried.
#include <gtest/gtest.h>

#include "runner/report.h"

namespace ferry::runner {
namespace {

RunReport with_retries(int retries) {
  RunReport report;
  report.requests.push_back({"redis", "cache", "team-a", "redis", RequestResult::succeeded, "", {}, {}});
  report.requests.back().container_retries = retries;
  return report;
}

TEST(ContainerRetriesReport, TextSaysHowManyContainersStartedAgain) {
  EXPECT_EQ(render_text(with_retries(2)),
            "succeeded  team-a/cache (redis, Promise redis)\n"
            "    2 container retries (jobOptions.backoffLimit): failed, then started again\n"
            "1 requests: 1 succeeded\n");
  EXPECT_NE(render_text(with_retries(1)).find("    1 container retry (jobOptions.backoffLimit)"),
            std::string::npos);
  EXPECT_EQ(render_text(with_retries(0)).find("retr"), std::string::npos);
}

TEST(ContainerRetriesReport, JsonCountsThem) {
  EXPECT_NE(render_json(with_retries(3)).find("\"container_retries\": 3"), std::string::npos);
  EXPECT_EQ(render_json(with_retries(0)).find("container_retries"), std::string::npos);
}

}  // namespace
}  // namespace ferry::runner
