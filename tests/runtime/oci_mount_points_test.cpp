// The mount point layer of oci containers (runtime/oci_mount_points.h): paths resolved as runc resolves
// them, and a layer that holds only what the image lacks, with the image's own modes where both have a
// directory.
#include "runtime/oci_mount_points.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
using Parts = std::vector<std::string>;

mode_t mode_of(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st.st_mode;
}

// An image root: /bin, /etc (0750), /run (0751), /var/run -> ../run, /abs -> /run, /file (a file).
class MountPointLayer : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directory(root());
    for (const char* dir : {"bin", "etc", "run", "var"}) fs::create_directory(root() / dir);
    fs::permissions(root() / "etc", fs::perms(0750));
    fs::permissions(root() / "run", fs::perms(0751));
    fs::permissions(root(), fs::perms(0711));
    fs::create_directory_symlink("../run", root() / "var/run");
    fs::create_directory_symlink("/run", root() / "abs");
    ferry::testing::write_file(root() / "file", "x");
    fs::create_directory(layer());
  }
  fs::path root() const { return dir.path() / "image"; }
  fs::path layer() const { return dir.path() / "layer"; }
  ferry::testing::TempDir dir;
};

TEST_F(MountPointLayer, PathsFollowTheImagesLinksInsideItsRoot) {
  EXPECT_EQ(resolve_in_image(root(), "/var/run/secrets/x"), (Parts{"run", "secrets", "x"}));
  EXPECT_EQ(resolve_in_image(root(), "/abs/a"), (Parts{"run", "a"}));
  EXPECT_EQ(resolve_in_image(root(), "/../../etc/./hosts"), (Parts{"etc", "hosts"}));
  EXPECT_EQ(resolve_in_image(root(), "/file"), (Parts{"file"}));  // a file mount point
  EXPECT_EQ(resolve_in_image(root(), "/file/below"), std::nullopt);
  fs::create_directory_symlink("loop-b", root() / "loop-a");
  fs::create_directory_symlink("loop-a", root() / "loop-b");
  EXPECT_EQ(resolve_in_image(root(), "/loop-a/x"), std::nullopt);
  fs::create_directory_symlink("../../../..", root() / "up");
  EXPECT_EQ(resolve_in_image(root(), "/up/etc"), (Parts{"etc"}));  // never above the root
}

TEST_F(MountPointLayer, HoldsOnlyWhatTheImageLacksWithTheImagesModes) {
  const std::vector<MountPoint> points = {{"/var/run/secrets/kubernetes.io/serviceaccount", false},
                                          {"/etc/hosts", true},
                                          {"/bin", false},
                                          {"/file/below", false}};
  auto made = make_mount_point_layer(root(), points, layer());
  ASSERT_TRUE(made.ok()) << made.error().render();
  EXPECT_TRUE(*made);
  EXPECT_FALSE(fs::exists(layer() / "var")) << "the image's /var/run link would be hidden";
  EXPECT_FALSE(fs::exists(layer() / "bin"));
  EXPECT_FALSE(fs::exists(layer() / "file"));
  EXPECT_EQ(mode_of(layer()) & 07777, 0711u);
  EXPECT_EQ(mode_of(layer() / "run") & 07777, 0751u);
  EXPECT_EQ(mode_of(layer() / "etc") & 07777, 0750u);
  EXPECT_EQ(mode_of(layer() / "run/secrets") & 07777, 0755u);
  EXPECT_TRUE(S_ISDIR(mode_of(layer() / "run/secrets/kubernetes.io/serviceaccount")));
  EXPECT_TRUE(S_ISREG(mode_of(layer() / "etc/hosts")));
  EXPECT_EQ(fs::file_size(layer() / "etc/hosts"), 0u);
}

TEST_F(MountPointLayer, IsNotNeededWhenTheImageHasEveryMountPoint) {
  auto made =
      make_mount_point_layer(root(), {{"/bin", false}, {"/var/run", false}, {"/file", true}}, layer());
  ASSERT_TRUE(made.ok()) << made.error().render();
  EXPECT_FALSE(*made);
  EXPECT_TRUE(fs::is_empty(layer()));
}

TEST_F(MountPointLayer, IsMadeOncePerImageAndMountPoints) {
  MountPointLayers layers;
  const std::vector<MountPoint> kratix = {{"/kratix/input", false}, {"/kratix/output", false}};
  const auto first = layers.layer_for(root(), kratix);
  ASSERT_TRUE(first.has_value());
  EXPECT_TRUE(fs::is_directory(*first / "kratix/output"));
  fs::remove(*first / "kratix/output");  // a second layer_for with the same key does not make it again
  EXPECT_EQ(layers.layer_for(root(), kratix), first);
  EXPECT_FALSE(fs::exists(*first / "kratix/output"));
  const auto other = layers.layer_for(root(), {{"/kratix/input", false}});
  ASSERT_TRUE(other.has_value());
  EXPECT_NE(other, first);
  EXPECT_EQ(layers.layer_for(root(), {{"/bin", false}}), std::nullopt);
}

}  // namespace
}  // namespace ferry::runtime
