// The exec runtime's image map (ferry-exec.yaml): accepted forms, path resolution, located errors.
#include <gtest/gtest.h>

#include "runtime/exec_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

using Words = std::vector<std::string>;

std::string error_of(const std::string& text) {
  Result<runtime::ExecConfig> config = runtime::parse_exec_config(text, "/p/ferry-exec.yaml");
  return config ? "no error" : config.error().render();
}

TEST(ExecConfig, TakesAStringOrAListAndResolvesDotPathsAgainstTheFile) {
  Result<runtime::ExecConfig> config = runtime::parse_exec_config(
      "images:\n"
      "  a:1: /usr/bin/a\n"
      "  b:1: [/bin/sh, ../images/b.sh, ./c, -c, x/./y]\n",
      "/p/exec/ferry-exec.yaml");
  ASSERT_TRUE(config.ok()) << config.error().render();
  EXPECT_EQ(config->file, "/p/exec/ferry-exec.yaml");
  EXPECT_EQ(config->images, (std::map<std::string, Words>{
                                {"a:1", {"/usr/bin/a"}},
                                {"b:1", {"/bin/sh", "/p/images/b.sh", "/p/exec/c", "-c", "x/./y"}}}));
}

TEST(ExecConfig, ReportsLocatedErrors) {
  EXPECT_EQ(error_of(""), "/p/ferry-exec.yaml: missing required field \"images\"");
  EXPECT_EQ(error_of("other: 1\n"), "/p/ferry-exec.yaml:1:1: missing required field \"images\"");
  EXPECT_EQ(error_of("- images\n"), "/p/ferry-exec.yaml:1:1: the image map must be a map, found a list");
  EXPECT_EQ(error_of("images: [a]\n"), "/p/ferry-exec.yaml:1:9: \"images\" must be a map, found a list");
  EXPECT_EQ(error_of("images:\n  a: {x: 1}\n"),
            "/p/ferry-exec.yaml:2:6: \"images.a\" must be a string or a list of strings, found a map");
  EXPECT_EQ(error_of("images:\n  a: []\n"), "/p/ferry-exec.yaml:2:6: \"images.a\" must name a host command");
  EXPECT_EQ(error_of("images:\n  a: [x, {y: 1}]\n"),
            "/p/ferry-exec.yaml:2:10: \"images.a[1]\" must be a string, found a map");
  EXPECT_EQ(error_of("images: {a: [x\n"),
            "/p/ferry-exec.yaml:2:1: invalid YAML: end of sequence flow not found");
}

TEST(ExecConfig, LoadNamesAMissingFile) {
  Result<runtime::ExecConfig> config = runtime::load_exec_config("/nonexistent/ferry-exec.yaml");
  ASSERT_FALSE(config.ok());
  EXPECT_EQ(
      config.error().render(),
      "/nonexistent/ferry-exec.yaml: cannot read the exec runtime's image map: No such file or directory");
}

TEST(ExecConfig, LoadsTheFixturesMap) {
  Result<runtime::ExecConfig> config =
      runtime::load_exec_config(std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml");
  ASSERT_TRUE(config.ok()) << config.error().render();
  ASSERT_EQ(config->images.size(), 3u);
  EXPECT_EQ(config->images.at("localhost/ferry-fixtures/redis-configure:dev"),
            (Words{"/bin/sh",
                   std::string(FERRY_SOURCE_DIR) + "/fixtures/images/redis-configure/redis-configure.sh"}));
}

}  // namespace
}  // namespace ferry::pipeline
