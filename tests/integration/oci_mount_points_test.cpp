// The mount point layer (runtime/oci_mount_points.h) on real runc: an image whose /var/run is a link to
// ../run keeps the link, its root and /run keep their modes (as podman shows them), and the mounts the image
// has no mount point for (the service account directory below the link, a file in a missing /opt directory)
// are there.
#include <gtest/gtest.h>

#include "runtime/oci_runtime.h"
#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

const std::string kLinkedImage = "localhost/ferry-tests/var-run-link:dev";

class OciMountPoints : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string missing = missing_for("oci"); !missing.empty()) FAIL() << missing;
    ferry::testing::TempDir context;
    write_file(context.path() / "Containerfile",
               "FROM " + kContractImage +
                   "\nRUN [\"/bin/sh\", \"-c\", \"mkdir -p /run /var && chmod 0751 /run && "
                   "ln -s ../run /var/run\"]\n");
    const auto built =
        run("podman build -q --pull=never -t " + kLinkedImage + " " + shell_quote(context.path().string()));
    ASSERT_EQ(built.exit_code, 0) << built.output;
  }
  void TearDown() override { run("podman rmi --force " + kLinkedImage); }
  ferry::testing::TempDir dir;
};

TEST_F(OciMountPoints, TheImageKeepsItsLinksAndModesAndEveryMountIsThere) {
  write_file(dir.path() / "account/token", "the-token");
  write_file(dir.path() / "extra", "the-extra");
  KratixDirs kratix;
  runtime::ContainerRun container = kratix.run("oci-layer", kLinkedImage);
  container.command = {"/bin/sh", "-c",
                       "readlink /var/run; stat -c '%a %u' / /run; "
                       "cat /var/run/secrets/kubernetes.io/serviceaccount/token /opt/extra/file"};
  container.mounts.push_back({dir.path() / "account", "/var/run/secrets/kubernetes.io/serviceaccount", true});
  container.mounts.push_back({dir.path() / "extra", "/opt/extra/file", true});
  auto podman = runtime_for_test("podman");
  ASSERT_NE(podman, nullptr);
  auto seen_by_podman = podman->run(container);
  ASSERT_TRUE(seen_by_podman.ok()) << seen_by_podman.error().render();
  EXPECT_EQ(seen_by_podman->log, "../run\n555 0\n751 0\nthe-tokenthe-extra");  // the image's root: 555
  runtime::OciRuntime oci;
  // Twice: the second container uses the layer the first made.
  for (int i = 0; i < 2; ++i) {
    auto exit = oci.run(container);
    ASSERT_TRUE(exit.ok()) << exit.error().render();
    EXPECT_EQ(exit->exit_code, 0) << exit->log;
    EXPECT_EQ(exit->log, seen_by_podman->log);
  }
}

}  // namespace
}  // namespace ferry::pipeline
