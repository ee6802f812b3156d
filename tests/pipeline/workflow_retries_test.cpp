// jobOptions.backoffLimit in run_workflow: a failed container starts again in the same scratch directory
// (its /kratix files kept, as a Job's Pod keeps its emptyDirs when restartPolicy OnFailure restarts a
// container) until the pipeline's limit is used up; the result counts the restarts. Also the refusal of
// securityContext.privileged without --allow-privileged, and what a run carries to the runtime.
#include <fstream>

#include "tests/pipeline/workflow_fixture.h"

namespace ferry::pipeline {
namespace {

// A container that fails until it has been started `failures` + 1 times, counting its starts in a file of its
// own in /kratix/metadata: the scratch directory is the only state shared between attempts.
RecordingRuntime::Behaviour fails_first(int failures) {
  return [failures](const runtime::ContainerRun& run) {
    const auto counter =
        host_path_of(run, "/kratix/metadata") / ("starts-" + run.label.substr(run.label.find('/') + 1));
    int starts = 0;
    std::ifstream(counter) >> starts;
    std::ofstream(counter) << ++starts;
    return runtime::ContainerExit{starts > failures ? 0 : 1, false, "start " + std::to_string(starts) + "\n"};
  };
}

class WorkflowRetries : public WorkflowTest {
 protected:
  Pipeline with_limit(int limit) {
    Pipeline p = pipeline("build", {container("a"), container("b")});
    p.backoff_limit = limit;
    return p;
  }
};

TEST_F(WorkflowRetries, ASuccessAfterARetryIsASuccessAndIsCounted) {
  behaviours["build/a"] = fails_first(1);
  behaviours["build/b"] = fails_first(1);
  auto results = run({with_limit(2)});
  ASSERT_TRUE(results.ok()) << results.error().render();
  EXPECT_EQ(results->front().container_retries, 2);
  EXPECT_EQ(runtime.runs().size(), 4u);  // a, a, b, b
}

TEST_F(WorkflowRetries, TheLimitIsForTheWholePipeline) {
  behaviours["build/a"] = fails_first(1);
  behaviours["build/b"] = fails_first(1);
  EXPECT_EQ(error_of({with_limit(1)}),
            "pipeline \"build\" container \"b\" (image ghcr.io/acme/b:v1) exited with code 1 after 1 attempt "
            "(jobOptions.backoffLimit 1, for the whole pipeline); last lines of its log:\nstart 1");
  EXPECT_EQ(runtime.runs().size(), 3u);
}

TEST_F(WorkflowRetries, AFailureAfterEveryAttemptSaysHowMany) {
  behaviours["build/a"] = fails_first(10);
  EXPECT_EQ(
      error_of({with_limit(2)}),
      "pipeline \"build\" container \"a\" (image ghcr.io/acme/a:v1) exited with code 1 after 3 attempts "
      "(jobOptions.backoffLimit 2, for the whole pipeline); last lines of its log:\nstart 3");
}

TEST_F(WorkflowRetries, WithoutALimitNothingIsRetried) {
  behaviours["build/a"] = fails_first(1);
  EXPECT_EQ(
      error_of({with_limit(0)}),
      "pipeline \"build\" container \"a\" (image ghcr.io/acme/a:v1) exited with code 1; last lines of its "
      "log:\nstart 1");
  EXPECT_EQ(runtime.runs().size(), 1u);
}

TEST_F(WorkflowRetries, ATimedOutContainerIsNotRetried) {
  behaviours["build/a"] = [](const runtime::ContainerRun&) { return runtime::ContainerExit{-1, true, ""}; };
  EXPECT_NE(error_of({with_limit(3)}).find("timed out"), std::string::npos);
  EXPECT_EQ(runtime.runs().size(), 1u);
}

TEST_F(WorkflowRetries, TheRuntimesReasonIsInTheFailure) {
  behaviours["build/a"] = [](const runtime::ContainerRun&) {
    return runtime::ContainerExit{137, false, "", "OOMKilled: too big"};
  };
  EXPECT_EQ(
      error_of({with_limit(0)}),
      "pipeline \"build\" container \"a\" (image ghcr.io/acme/a:v1) exited with code 137 (OOMKilled: too "
      "big) and wrote no log");
}

TEST_F(WorkflowRetries, ResourcesAndSecurityContextReachTheRuntime) {
  Container c = container("a");
  c.resources.limits.memory_bytes = 64 << 20;
  c.security_context = SecurityContext{};
  c.security_context->run_as_user = 1000;
  ASSERT_TRUE(run({pipeline("build", {c})}).ok());
  EXPECT_EQ(runtime.runs().front().resources, c.resources);
  EXPECT_EQ(runtime.runs().front().security, c.security_context);
}

TEST_F(WorkflowRetries, PrivilegedIsRefusedUnlessAllowed) {
  Container c = container("a");
  c.security_context = SecurityContext{};
  c.security_context->privileged = true;
  c.security_context->where = SourceLocation{"promise.yaml", 20, 17};
  EXPECT_EQ(error_of({pipeline("build", {c})}),
            "promise.yaml:20:17: pipeline \"build\" container \"a\": securityContext.privileged: true gives "
            "the container every capability and the host's devices; ferry refuses it unless run with "
            "--allow-privileged");
  EXPECT_TRUE(runtime.runs().empty());
  options.allow_privileged = true;
  EXPECT_TRUE(run({pipeline("build", {c})}).ok());
}

}  // namespace
}  // namespace ferry::pipeline
