// End to end: `ferry test pipeline` with real podman on the fixture Promises (ci/build-images): outputs,
// metadata, groups and status in --out; failures, bad input and bad command lines; --out refusal and
// --overwrite; imagePullPolicy Never on a missing image.
#include <gtest/gtest.h>

#include <regex>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

class TestPipelineE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    write_file(input("shop.yaml"),
               "apiVersion: example.ferry.dev/v1\nkind: App\nmetadata:\n  name: shop\n  namespace: default\n"
               "spec:\n  image: nginx:1.27\n");
  }
  fs::path input(const std::string& name) const { return dir.path() / name; }
  fs::path out() const { return dir.path() / "out"; }
  std::string promise(const std::string& name) const { return (platform() / "promises" / name).string(); }
  // `ferry test pipeline <args> --out OUT`, run in the temporary directory; stdout, stderr apart (left in
  // err()).
  ferry::testing::FerryResult test(const FerryArgs& args) const {
    const auto result = run_ferry(FerryArgs{"test", "pipeline"} + args + FerryArgs{"--out", out().string()},
                                  {.cwd = dir.path()});
    write_file(err(), result.error_output);
    return result;
  }
  fs::path err() const { return dir.path() / "stderr"; }
  std::string errors() const { return read_file(err()); }
  FerryArgs app_shop() const {
    return {"--promise", promise("app.yaml"), "--input", input("shop.yaml").string()};
  }
};

TEST_F(TestPipelineE2E, WritesOutputsMetadataGroupsAndStatusAndTouchesNoGit) {
  const auto result = test(app_shop());
  ASSERT_EQ(result.exit_code, 0) << errors();
  EXPECT_EQ(result.output,
            "ferry: resource.configure of Promise app on App default/shop: 1 pipeline ran\n"
            "pipeline deploy: 2 groups\n"
            "  group \"monitoring\" (89948): 1 file, selector role=monitoring\n"
            "  group \".\" (5058f): 1 file, selector environment=prod\n"
            "status.message: Resource requested\n"
            "wrote " +
                out().string() + "\n");
  const fs::path deploy = out() / "pipelines/deploy";
  EXPECT_NE(read_file(deploy / "output/deployment.yaml").find("image: nginx:1.27"), std::string::npos);
  EXPECT_NE(read_file(deploy / "output/monitoring/dashboard.yaml").find("app: shop"), std::string::npos);
  EXPECT_EQ(read_file(deploy / "metadata/destination-selectors.yaml"),
            "- directory: monitoring\n  matchLabels:\n    role: monitoring\n");
  EXPECT_EQ(read_file(deploy / "groups.yaml"),
            "pipeline: deploy\n"
            "groups:\n"
            "  - directory: monitoring\n"
            "    id: \"89948c7f4890af5ff18524b4fc3f3611\"\n"
            "    workflowSelector:\n"
            "      matchLabels:\n"
            "        role: monitoring\n"
            "    selector:\n"
            "      - role=monitoring\n"
            "    files:\n"
            "      - monitoring/dashboard.yaml\n"
            "  - directory: \".\"\n"
            "    id: \"5058f1af8388633f609cadb75a75dc9d\"\n"
            "    selector:\n"
            "      - environment=prod\n"
            "    files:\n"
            "      - deployment.yaml\n");
  EXPECT_NE(read_file(out() / "status.yaml").find("reason: PipelinesExecutedSuccessfully\n"),
            std::string::npos)
      << read_file(out() / "status.yaml");
  EXPECT_FALSE(fs::exists(platform() / ".ferry"));
  EXPECT_FALSE(fs::exists(dir.path() / "state"));
}

TEST_F(TestPipelineE2E, AFailingPipelineExitsThreeAndKeepsItsMetadata) {
  write_file(
      input("bad.yaml"),
      "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: c\nspec:\n  fail: true\n");
  const auto result = test({"--promise", promise("redis.yaml"), "--input", input("bad.yaml").string()});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(result.output, "");
  EXPECT_NE(errors().find(
                "error: pipeline \"instance-configure\" container \"generate\" (image "
                "localhost/ferry-fixtures/redis-configure:dev) exited with code 3; last lines of its log:\n"
                "refusing to configure c: fail requested\n"),
            std::string::npos)
      << errors();
  EXPECT_TRUE(fs::is_directory(out() / "pipelines/instance-configure/metadata"));
}

TEST_F(TestPipelineE2E, BadInputIsLocatedAndExitsOne) {
  const FerryArgs redis = {"--promise", promise("redis.yaml"), "--input"};
  auto result = test(redis + FerryArgs{input("shop.yaml").string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(errors(),
            input("shop.yaml").string() +
                ":2:7: error: kind App of group example.ferry.dev is not what resource.configure of "
                "Promise redis runs on: kind redis of group marketplace.kratix.io\n");
  write_file(input("broken.yaml"), "apiVersion: v1\nkind: [\n");
  EXPECT_EQ(test(redis + FerryArgs{input("broken.yaml").string()}).exit_code, 1);
  EXPECT_EQ(errors().substr(0, input("broken.yaml").string().size() + 1),
            input("broken.yaml").string() + ":");
  EXPECT_NE(errors().find(":3:1: error: "), std::string::npos) << errors();
  EXPECT_EQ(test(redis + FerryArgs{"missing.yaml"}).exit_code, 1);
  EXPECT_EQ(errors(), "missing.yaml: error: cannot read this file: No such file or directory\n");
  EXPECT_EQ(test(app_shop() + FerryArgs{"--workflow", "promise.configure"}).exit_code, 1);
  EXPECT_EQ(errors(), promise("app.yaml") +
                          ":4:1: error: Promise app declares no promise.configure workflow; it declares "
                          "resource.configure\n");
  EXPECT_FALSE(fs::exists(out()));
}

TEST_F(TestPipelineE2E, BadCommandLinesExitTwo) {
  EXPECT_EQ(test(app_shop() + FerryArgs{"--workflow", "resource.configur"}).exit_code, 2);
  EXPECT_EQ(test({"--promise", promise("app.yaml")}).exit_code, 2);
  EXPECT_EQ(errors(), "error: resource.configure needs --input: a request of the Promise's API\n");
  EXPECT_EQ(run_ferry({"test"}, {.merge_stderr = true}).exit_code, 2);
}

TEST_F(TestPipelineE2E, RefusesANonEmptyOutUnlessOverwriteThenReplacesIt) {
  write_file(out() / "old.txt", "old\n");
  EXPECT_EQ(test(app_shop()).exit_code, 1);
  EXPECT_EQ(errors(), "error: --out " + out().string() +
                          " is not empty: give --overwrite to replace it, or another --out\n");
  ASSERT_EQ(test(app_shop() + FerryArgs{"--overwrite"}).exit_code, 0) << errors();
  EXPECT_FALSE(fs::exists(out() / "old.txt"));
  EXPECT_TRUE(fs::exists(out() / "pipelines/deploy/groups.yaml"));
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".out.ferry-"), std::string::npos) << entry.path();
  }
}

TEST_F(TestPipelineE2E, NeverOnAMissingImageNamesTheImage) {
  const std::string image = "localhost/ferry-fixtures/does-not-exist:dev";
  std::string text = read_file(promise("redis.yaml"));
  text = std::regex_replace(text, std::regex("image: localhost/ferry-fixtures/redis-configure:dev"),
                            "image: " + image + "\n                imagePullPolicy: Never");
  write_file(promise("redis.yaml"), text);
  write_file(input("cache.yaml"),
             "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: c\n");
  const auto result = test(
      {"--promise", promise("redis.yaml"), "--input", input("cache.yaml").string(), "--runtime", "podman"});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(
      errors().find("error: pipeline \"instance-configure\" container \"generate\" (image " + image +
                    ") could not be run: image " + image +
                    " not found locally (in podman's images); build or load it (podman build -t " + image +
                    " DIR, or podman load -i FILE); its imagePullPolicy is Never, so it is not pulled\n"),
      std::string::npos)
      << errors();
}

}  // namespace
}  // namespace ferry
