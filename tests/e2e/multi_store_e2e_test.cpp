// End to end: a request placed in two state store repositories is all-or-nothing (docs/reliability.md,
// "Multi-repository requests"). The fixture's App requests write deployment.yaml to clusters.git and
// dashboard.yaml to observability.git; here observability.git refuses every commit (its branch's ref lock
// is a directory, which ferry's stale-lock cleanup cannot remove), so clusters.git must be put back.
#include <gtest/gtest.h>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::write_file;

class MultiStoreE2E : public ferry::testing::PlatformFixture {
 protected:
  std::filesystem::path state() const { return platform() / ".ferry/state.git"; }
  std::filesystem::path observability_lock() const { return observability() / "refs/heads/main.lock"; }
  std::string clusters_tree() const { return git(clusters(), "rev-parse main^{tree}"); }

  // Gives request default/shop a new image, so both of its repositories change.
  void change_shop_image() {
    std::string apps = read_file(platform() / "requests/apps.yaml");
    apps.replace(apps.find("nginx:1.27"), 10, "nginx:1.28");
    write_file(platform() / "requests/apps.yaml", apps);
  }

  static const nlohmann::json& request(const nlohmann::json& report, const std::string& name) {
    for (const auto& r : report["requests"]) {
      if (r["name"] == name) return r;
    }
    throw std::runtime_error("no request " + name);
  }
};

TEST_F(MultiStoreE2E, WhenTheSecondRepositoryRefusesTheFirstIsPutBack) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
  const std::string before = clusters_tree();
  change_shop_image();
  std::filesystem::create_directories(observability_lock());
  write_file(observability_lock() / "keep", "");

  const auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 3);
  const nlohmann::json shop =
      request(report, "shop");  // a copy: gcc 13+ warns of a reference through a temporary name
  EXPECT_EQ(shop["result"], "failed");
  const std::string message = shop["message"];
  EXPECT_NE(message.find("\nstore observability failed after commits to clusters; reverted: clusters "),
            std::string::npos)
      << message;
  EXPECT_EQ(clusters_tree(), before);
  EXPECT_EQ(git(clusters(), "log -1 --format=%s main"), "Revert from: App default/shop");
  EXPECT_EQ(git(state(), "ls-tree -r --name-only state journal"), "");

  std::filesystem::remove_all(observability_lock());
  const auto [next_code, next] = reconcile(exec_runtime());
  EXPECT_EQ(next_code, 0) << next.dump(2);
  EXPECT_EQ(request(next, "shop")["result"], "succeeded");
  EXPECT_NE(clusters_tree(), before);
  const std::string dashboard = git(observability(), "grep -l nginx:1.28 main");
  EXPECT_TRUE(dashboard.starts_with("main:fleet/monitoring/resources/default/app/shop/")) << dashboard;
}

}  // namespace
}  // namespace ferry
