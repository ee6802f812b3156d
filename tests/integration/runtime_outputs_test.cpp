// Each fixture image through all four runtimes: the /kratix/output and /kratix/metadata trees must be the
// same, byte for byte, as podman's.
#include <gtest/gtest.h>

#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

using Files = std::map<std::string, std::string>;

struct ImageCase {
  std::string name;  // for the test name
  std::string image;
  std::string object;
  std::vector<std::string> files;  // what podman writes, pinned
};

const std::vector<ImageCase> kCases{
    {"ContractCheck",
     kContractImage,
     "kind: Redis\nmetadata:\n  name: cache\n",
     {"output/contract.txt", "output/object-copy.yaml"}},
    {"RedisConfigure",
     "localhost/ferry-fixtures/redis-configure:dev",
     "kind: Redis\nmetadata:\n  name: cache\nspec:\n  size: large\n",
     {"metadata/status.yaml", "output/redis.yaml"}},
    {"AppConfigure",
     "localhost/ferry-fixtures/app-configure:dev",
     "kind: App\nmetadata:\n  name: shop\nspec:\n  image: \"shop:1.2\"\n",
     {"metadata/destination-selectors.yaml", "output/deployment.yaml", "output/monitoring/dashboard.yaml"}},
};

void PrintTo(const ImageCase& image_case, std::ostream* out) {
  *out << image_case.name;
}

// The output and metadata trees `runtime` leaves for `image_case`; adds a failure when the run fails.
Files outputs_of(const std::string& runtime_name, const ImageCase& image_case) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test(runtime_name);
  if (runtime == nullptr) return {};
  KratixDirs dirs(image_case.object);
  runtime::ContainerRun run = dirs.run("configure/" + image_case.name, image_case.image);
  run.env = {{"KRATIX_OBJECT_NAME", "cache"}, {"KRATIX_OBJECT_NAMESPACE", "team-a"}};
  Result<runtime::ContainerExit> exit = runtime->run(run);
  if (!exit) {
    ADD_FAILURE() << runtime_name << ": " << exit.error().render();
    return {};
  }
  EXPECT_EQ(exit->exit_code, 0) << runtime_name << ": " << exit->log;
  Files files = snapshot(dirs.output(), "output");
  files.merge(snapshot(dirs.metadata(), "metadata"));
  return files;
}

std::vector<std::string> names_of(const Files& files) {
  std::vector<std::string> names;
  for (const auto& [name, content] : files) names.push_back(name);
  return names;
}

class RuntimeOutputs : public ::testing::TestWithParam<ImageCase> {};

TEST_P(RuntimeOutputs, AreTheSameBytesOnEveryRuntime) {
  const Files podman = outputs_of("podman", GetParam());
  ASSERT_EQ(names_of(podman), GetParam().files);
  for (const std::string& runtime : kRuntimeNames) {
    if (runtime == "podman") continue;
    const Files other = outputs_of(runtime, GetParam());
    EXPECT_EQ(names_of(other), GetParam().files) << runtime;
    for (const auto& [name, content] : podman) {
      EXPECT_EQ(other.contains(name) ? other.at(name) : "<missing>", content) << runtime << ": " << name;
    }
  }
}

TEST(RuntimeOutputsPinned, RedisConfigureWritesItsConfigMapAndStatus) {
  const Files files = outputs_of("podman", kCases[1]);
  EXPECT_EQ(files,
            (Files{{"metadata/status.yaml", "message: \"redis cache is large\"\n"},
                   {"output/redis.yaml",
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: redis-cache\n  namespace: team-a\n"
                    "data:\n  instance: cache\n  size: large\n"}}));
}

INSTANTIATE_TEST_SUITE_P(FixtureImages, RuntimeOutputs, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace ferry::pipeline
