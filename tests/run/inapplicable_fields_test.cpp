// check_before_run's warning for Pipeline fields that do not apply outside Kubernetes: one per Promise,
// located at the first such field of any of its workflows, none for a Promise without them, and none for
// rbac, which ferry reconcile serves (run/platform_api_check.h).
#include <gtest/gtest.h>

#include "run/preflight.h"

namespace ferry::runner {
namespace {

pipeline::Pipeline pipeline_with(std::vector<pipeline::InapplicableField> fields) {
  pipeline::Pipeline pipeline;
  pipeline.name = "configure";
  pipeline.inapplicable_fields = std::move(fields);
  return pipeline;
}

TEST(InapplicableFields, OneWarningPerPromiseAtTheFirstField) {
  Platform platform;
  pipeline::Promise redis;
  redis.name = "redis";
  redis.workflows["promise.configure"] = {pipeline_with({{"rbac", {"redis.yaml", 40, 13}}})};
  redis.workflows["resource.configure"] = {
      pipeline_with({{"nodeSelector", {"redis.yaml", 20, 13}}, {"tolerations", {"redis.yaml", 21, 13}}}),
      pipeline_with({{"nodeSelector", {"redis.yaml", 30, 13}}})};
  pipeline::Promise plain;
  plain.name = "plain";
  plain.workflows["resource.configure"] = {pipeline_with({})};
  platform.promises = {redis, plain};
  std::vector<Error> errors, warnings;
  check_before_run(platform, errors, warnings);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].render(),
            "redis.yaml:20:13: Promise \"redis\": Pipeline fields nodeSelector and tolerations do not apply "
            "outside Kubernetes (no scheduler, no pod): ferry ignores them");
}

}  // namespace
}  // namespace ferry::runner
