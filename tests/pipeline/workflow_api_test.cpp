// The platform API hook of run_workflow (pipeline/pipeline_api.h) with a fake host: a Pipeline with `rbac`
// gets a session before its first container and loses it after its last, every container carries the
// session's reach, status writes made while a container runs are merged as status.yaml is (and the
// pipeline's own status.yaml over them), the result counts the requests, and such a pipeline is never
// cached. A Pipeline without `rbac` asks the host for nothing.
#include "pipeline/pipeline_api.h"
#include "pipeline/pipeline_cache.h"
#include "tests/pipeline/workflow_fixture.h"

namespace ferry::pipeline {
namespace {

class FakeSession : public PipelineApiSession {
 public:
  explicit FakeSession(bool& alive) : alive_(alive) { alive_ = true; }
  ~FakeSession() override { alive_ = false; }
  ApiReach reach() const override { return ApiReach{"/proc/1/fd/9", 443, "/scratch/serviceaccount"}; }
  std::uint64_t requests() const override { return 7; }

 private:
  bool& alive_;
};

class FakeHost : public PipelineApiHost {
 public:
  Result<std::unique_ptr<PipelineApiSession>> start(const Pipeline& pipeline, const WorkflowObject&,
                                                    const std::filesystem::path& scratch,
                                                    PipelineObjectAccess& objects) override {
    started.push_back(pipeline.name);
    scratch_dir = scratch;
    access = &objects;
    return std::unique_ptr<PipelineApiSession>(std::make_unique<FakeSession>(alive));
  }
  std::vector<std::string> started;
  std::filesystem::path scratch_dir;
  PipelineObjectAccess* access = nullptr;
  bool alive = false;
};

class WorkflowApi : public WorkflowTest {
 protected:
  WorkflowApi() { options.api = &host; }
  Pipeline with_rbac(const std::string& name) {
    Pipeline p = pipeline(name, {container("a"), container("b")});
    p.inapplicable_fields.push_back({"rbac", {}});
    return p;
  }
  FakeHost host;
};

TEST_F(WorkflowApi, APipelineWithRbacIsServedWhileItsContainersRun) {
  bool alive_in_containers = true;
  behaviours["configure/a"] = [&](const runtime::ContainerRun&) {
    alive_in_containers = alive_in_containers && host.alive;
    EXPECT_TRUE(host.access->merge_status(R"({"fromApi": {"port": 5432}, "message": "via api"})").ok());
    return runtime::ContainerExit{};
  };
  behaviours["configure/b"] = [&](const runtime::ContainerRun& run) {
    alive_in_containers = alive_in_containers && host.alive;
    EXPECT_NE(host.access->object_yaml().find("port: 5432"), std::string::npos) << host.access->object_yaml();
    ferry::testing::write_file(host_path_of(run, "/kratix/metadata") / "status.yaml",
                               "fromApi: {host: db}\nmessage: from status.yaml\n");
    return runtime::ContainerExit{};
  };
  auto results = run({with_rbac("configure")});
  ASSERT_TRUE(results.ok()) << results.error().render();
  EXPECT_EQ(host.started, std::vector<std::string>{"configure"});
  EXPECT_TRUE(alive_in_containers);
  EXPECT_FALSE(host.alive);  // stopped after the last container
  EXPECT_TRUE(results->front().api_served);
  EXPECT_EQ(results->front().api_requests, 7u);
  const std::string status = results->front().status_yaml;
  EXPECT_NE(status.find("fromApi:\n  port: 5432\n  host: db"), std::string::npos) << status;
  EXPECT_NE(status.find("message: from status.yaml"), std::string::npos) << status;
  ASSERT_EQ(runtime.runs().size(), 2u);
  for (const runtime::ContainerRun& run : runtime.runs()) {
    EXPECT_EQ(run.network_namespace, "/proc/1/fd/9");
    EXPECT_EQ(run.env.front(), (runtime::EnvVar{"KUBERNETES_SERVICE_HOST", "127.0.0.1"}));
    EXPECT_EQ(run.env[1], (runtime::EnvVar{"KUBERNETES_SERVICE_PORT", "443"}));
    ASSERT_FALSE(run.mounts.empty());
    EXPECT_EQ(run.mounts.back().host, "/scratch/serviceaccount");
    EXPECT_EQ(run.mounts.back().container, "/var/run/secrets/kubernetes.io/serviceaccount");
    EXPECT_TRUE(run.mounts.back().read_only);
  }
}

TEST_F(WorkflowApi, AStatusWriteTheMergeRefusesIsAnError) {
  behaviours["configure/a"] = [&](const runtime::ContainerRun&) {
    auto refused = host.access->merge_status(R"({"kratix": {"x": 1}})");
    EXPECT_FALSE(refused.ok());
    return runtime::ContainerExit{};
  };
  ASSERT_TRUE(run({with_rbac("configure")}).ok());
}

TEST_F(WorkflowApi, APipelineWithoutRbacAsksForNothing) {
  auto results = run({pipeline("plain", {container("a")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  EXPECT_TRUE(host.started.empty());
  EXPECT_FALSE(results->front().api_served);
  EXPECT_EQ(runtime.runs().front().network_namespace, "");
}

TEST_F(WorkflowApi, APipelineServedAnApiIsNeverCached) {
  MemoryPipelineCache cache;
  options.cache = &cache;
  behaviours["plain/a"] = writes("/kratix/output", {{"a.yaml", "a"}});
  behaviours["configure/a"] = writes("/kratix/output", {{"a.yaml", "a"}});
  ASSERT_TRUE(run({with_rbac("configure")}).ok());
  ASSERT_TRUE(run({with_rbac("configure")}).ok());
  EXPECT_EQ(runtime.runs().size(), 4u);  // both runs ran both containers
  EXPECT_EQ(host.started.size(), 2u);
  const Pipeline plain = pipeline("plain", {container("a")});  // the same cache keeps one without rbac
  ASSERT_TRUE(run({plain}).ok());
  ASSERT_TRUE(run({plain}).ok());
  EXPECT_EQ(runtime.runs().size(), 5u);
}

}  // namespace
}  // namespace ferry::pipeline
