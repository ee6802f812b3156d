// Staging a pipeline's volumes, envFrom and imagePullSecrets from a secrets directory: files and modes,
// optional sources, mounts (read-only, subPath), the cache key's view, masking; and run_workflow giving
// them to every container and removing them afterwards.
#include "pipeline/volume_staging.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>

#include "core/secret_values.h"
#include "pipeline/pipeline_cache_key.h"
#include "pipeline/pull_auth.h"
#include "runtime/docker_runtime.h"
#include "runtime/podman_runtime.h"
#include "tests/pipeline/workflow_fixture.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

using ferry::testing::read_file;
using ferry::testing::write_file;

int mode_of(const fs::path& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return static_cast<int>(info.st_mode & 07777);
}

class VolumeStaging : public ::testing::Test {
 protected:
  VolumeStaging() {
    write_file(dir.path() / "secrets/db/password", "s3cret-pass");
    write_file(dir.path() / "secrets/db/user", "admin");
    write_file(dir.path() / "config-maps/app/a.yaml", "a: 1\n");
    write_file(dir.path() / "config-maps/app/b", "bee");
    // A mounted Kubernetes secret volume's bookkeeping entries are no keys.
    fs::create_directories(dir.path() / "secrets/db/..2026_01_01");
    fs::create_symlink("..2026_01_01", dir.path() / "secrets/db/..data");
  }
  void TearDown() override { forget_secret_values(); }

  static Volume secret(const std::string& name, const std::string& source) {
    return Volume{name, VolumeKind::secret, source, {}, kDefaultVolumeMode, false, {"promise.yaml", 9, 7}};
  }
  static Pipeline with(std::vector<Volume> volumes, std::vector<VolumeMount> mounts = {}) {
    Container container{"c", "img", {}, {}, {}};
    container.volume_mounts = std::move(mounts);
    Pipeline pipeline{"build", {container}, false};
    pipeline.volumes = std::move(volumes);
    return pipeline;
  }
  Result<StagedVolumes> stage(const Pipeline& pipeline) {
    return StagedVolumes::stage(pipeline, staged(), &source);
  }
  fs::path staged() const { return dir.path() / "scratch/volumes"; }

  ferry::testing::TempDir dir;
  DirectorySecretSource source{dir.path() / "secrets", dir.path() / "config-maps"};
};

TEST_F(VolumeStaging, EverySecretKeyBecomesAFileWithTheDefaultMode) {
  Volume volume = secret("creds", "db");
  volume.default_mode = 0400;
  auto staged_volumes = stage(with({volume}));
  ASSERT_TRUE(staged_volumes.ok()) << staged_volumes.error().render();
  EXPECT_EQ(read_file(staged() / "creds/password"), "s3cret-pass");
  EXPECT_EQ(read_file(staged() / "creds/user"), "admin");
  EXPECT_EQ(mode_of(staged() / "creds/password"), 0400);
  EXPECT_FALSE(fs::exists(staged() / "creds/..data"));
  EXPECT_EQ(staged_volumes->secret_values(), (std::vector<std::string>{"s3cret-pass", "admin"}));
  EXPECT_EQ(masked_secrets("pw=s3cret-pass"), "pw=***");  // remembered as valueFrom values are
}

TEST_F(VolumeStaging, ItemsChooseKeysPathsAndModes) {
  Volume volume{"cm",  VolumeKind::config_map,
                "app", {{"a.yaml", "conf/app.yaml", 0640}, {"b", "b", std::nullopt}},
                0444,  false,
                {}};
  ASSERT_TRUE(stage(with({volume})).ok());
  EXPECT_EQ(read_file(staged() / "cm/conf/app.yaml"), "a: 1\n");
  EXPECT_EQ(mode_of(staged() / "cm/conf/app.yaml"), 0640);
  EXPECT_EQ(mode_of(staged() / "cm/b"), 0444);
  EXPECT_TRUE(remembered_secret_values().empty());  // a config map is not secret
}

TEST_F(VolumeStaging, AMissingSourceIsAnErrorUnlessOptional) {
  Volume missing = secret("creds", "nope");
  EXPECT_EQ(stage(with({missing})).error().render(),
            "promise.yaml:9:7: secret \"nope\" is not available to ferry as a directory of keys: create "
            "DIR/nope/<key> for each key, with --secrets-dir DIR");
  missing.optional = true;
  ASSERT_TRUE(stage(with({missing})).ok());
  EXPECT_TRUE(fs::is_empty(staged() / "creds"));
  Volume item = secret("one", "db");
  item.items = {{"token", "token", std::nullopt}};
  EXPECT_EQ(
      stage(with({item})).error().render(),
      "promise.yaml:9:7: volume \"one\": secret \"db\" has no key \"token\" available to ferry: create " +
          (dir.path() / "secrets/db/token").string());
}

TEST_F(VolumeStaging, SecretMountsAreReadOnlyAndEmptyDirsFollowReadOnly) {
  const Pipeline pipeline =
      with({secret("creds", "db"), Volume{"tmp", VolumeKind::empty_dir, "", {}, 0644, false, {}}},
           {{"creds", "/creds", "", false, {}},
            {"creds", "/pw", "password", false, {}},
            {"tmp", "/work", "", false, {}},
            {"tmp", "/ro", "sub/dir", true, {}}});
  auto staged_volumes = stage(pipeline);
  ASSERT_TRUE(staged_volumes.ok());
  auto mounts = staged_volumes->mounts_for(pipeline.containers[0]);
  ASSERT_TRUE(mounts.ok()) << mounts.error().render();
  ASSERT_EQ(mounts->size(), 4u);
  EXPECT_EQ((*mounts)[0].host, staged() / "creds");
  EXPECT_TRUE((*mounts)[0].read_only);
  EXPECT_EQ((*mounts)[1].host, staged() / "creds/password");
  EXPECT_EQ((*mounts)[1].container, "/pw");
  EXPECT_FALSE((*mounts)[2].read_only);
  EXPECT_EQ(mode_of(staged() / "tmp"), 0777);
  EXPECT_TRUE((*mounts)[3].read_only);
  EXPECT_TRUE(fs::is_directory(staged() / "tmp/sub/dir"));
}

TEST_F(VolumeStaging, ASecretSubPathMustExist) {
  const Pipeline pipeline = with({secret("creds", "db")}, {{"creds", "/x", "nothing", false, {"f", 3, 4}}});
  auto staged_volumes = stage(pipeline);
  ASSERT_TRUE(staged_volumes.ok());
  EXPECT_EQ(staged_volumes->mounts_for(pipeline.containers[0]).error().render(),
            "f:3:4: container \"c\" mounts subPath \"nothing\" of volume \"creds\", which has no such file");
}

TEST_F(VolumeStaging, TheKeySeesContentsAsHashesOnly) {
  const Pipeline pipeline = with({secret("creds", "db")}, {{"creds", "/creds", "", true, {}}});
  const auto inputs = stage(pipeline)->key_inputs(pipeline.containers[0]);
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].find("s3cret-pass"), std::string::npos);
  write_file(dir.path() / "secrets/db/password", "other-pass");
  fs::remove_all(staged());
  EXPECT_NE(stage(pipeline)->key_inputs(pipeline.containers[0]), inputs);
}

TEST(VolumeCacheKey, VolumeInputsChangeTheKeyAndTheirAbsenceDoesNot) {
  KeyedContainer plain{runtime::ContainerRun{}, "sha256:1", {}};
  plain.run.label = "build/c";
  KeyedContainer mounted = plain;
  mounted.volume_inputs = {"/creds|ro|digest-a"};
  KeyedContainer other = plain;
  other.volume_inputs = {"/creds|ro|digest-b"};
  KeyedContainer masked = plain;
  masked.masked_values = {"s3cret-pass"};  // not an input
  const auto key = [](const KeyedContainer& c) { return pipeline_cache_key("podman", "kind: X\n", {c}); };
  EXPECT_NE(key(plain), key(mounted));
  EXPECT_NE(key(mounted), key(other));
  EXPECT_EQ(key(plain), key(masked));
}

TEST_F(VolumeStaging, EnvFromAddsEveryKeyWithItsPrefixInOrder) {
  Container container{"c", "img", {}, {}, {}};
  container.env_from = {{RefKind::config_map, "app", "CM_", false, {}},
                        {RefKind::secret, "db", "", false, {}},
                        {RefKind::secret, "absent", "", true, {}}};
  std::vector<runtime::EnvVar> env;
  std::vector<std::string> names;
  ASSERT_TRUE(add_env_from(container, &source, env, names).ok());
  EXPECT_EQ(env,
            (std::vector<runtime::EnvVar>{
                {"CM_a.yaml", "a: 1\n"}, {"CM_b", "bee"}, {"password", "s3cret-pass"}, {"user", "admin"}}));
  EXPECT_EQ(names, (std::vector<std::string>{"CM_a.yaml", "CM_b", "password", "user"}));
  EXPECT_EQ(masked_secrets("s3cret-pass"), "***");
  container.env_from = {{RefKind::secret, "absent", "", false, {"f", 1, 2}}};
  EXPECT_EQ(
      add_env_from(container, &source, env, names).error().render(),
      "f:1:2: secret \"absent\" is not available to ferry as a directory of keys: create DIR/absent/<key> "
      "for each key, with --secrets-dir DIR");
}

TEST_F(VolumeStaging, PullSecretsMergeFirstWins) {
  write_file(dir.path() / "secrets/one/.dockerconfigjson",
             R"({"auths":{"ghcr.io":{"auth":"b25lOm9uZQ=="}}})");
  write_file(dir.path() / "secrets/two/.dockerconfigjson",
             R"({"auths":{"ghcr.io":{"auth":"dHdvOnR3bw=="},"quay.io":{"username":"u","password":"p"}}})");
  Pipeline pipeline = with({});
  pipeline.image_pull_secrets = {{"one", {}}, {"two", {}}};
  auto auth = stage_pull_auth(pipeline, dir.path() / "scratch/pull-auth", &source);
  ASSERT_TRUE(auth.ok()) << auth.error().render();
  EXPECT_EQ(read_file(*auth / "config.json"),
            "{\"auths\":{\"ghcr.io\":{\"auth\":\"b25lOm9uZQ==\"},\"quay.io\":{\"password\":\"p\","
            "\"username\":\"u\"}}}\n");
  EXPECT_EQ(mode_of(*auth / "config.json"), 0600);
  pipeline.image_pull_secrets = {{"db", {"f", 5, 6}}};
  EXPECT_EQ(stage_pull_auth(pipeline, dir.path() / "x", &source).error().render(),
            "f:5:6: secret \"db\" has no key \".dockerconfigjson\" available to ferry: create " +
                (dir.path() / "secrets/db/.dockerconfigjson").string());
  EXPECT_TRUE(stage_pull_auth(with({}), dir.path() / "y", &source)->empty());
}

TEST(PullAuthArguments, PodmanTakesTheFileAndDockerTheDirectory) {
  runtime::ContainerRun run;
  run.label = "p/c";
  run.image = "img";
  run.registry_auth_dir = "/scratch/pull-auth";
  const auto podman = runtime::PodmanRuntime().arguments_for(run, "n");
  const auto at = std::find(podman.begin(), podman.end(), "--authfile");
  ASSERT_NE(at, podman.end());
  EXPECT_EQ(*(at + 1), "/scratch/pull-auth/config.json");
  const auto docker = runtime::DockerRuntime().arguments_for(run, "n");
  EXPECT_EQ(std::vector<std::string>(docker.begin(), docker.begin() + 3),
            (std::vector<std::string>{"--config", "/scratch/pull-auth", "run"}));
  run.registry_auth_dir.clear();
  const auto plain = runtime::DockerRuntime().arguments_for(run, "n");
  EXPECT_EQ(plain.front(), "run");
  EXPECT_TRUE(runtime::PodmanRuntime().pulls_images());
}

class VolumeWorkflow : public WorkflowTest {
 protected:
  void TearDown() override { forget_secret_values(); }
};

TEST_F(VolumeWorkflow, ContainersGetTheVolumesEnvFromFirstAndAMaskedLog) {
  write_file(scratch.path() / "secrets/db/password", "s3cret-pass");
  DirectorySecretSource source(scratch.path() / "secrets", {});
  options.secrets = &source;
  Container first = container("first");
  first.volume_mounts = {{"creds", "/creds", "", true, {}}, {"shared", "/shared", "", false, {}}};
  first.env_from = {{RefKind::secret, "db", "DB_", false, {}}};
  Container second = container("second");
  second.volume_mounts = {{"shared", "/shared", "", false, {}}};
  Pipeline with_volumes = pipeline("build", {first, second});
  with_volumes.volumes = {{"creds", VolumeKind::secret, "db", {}, 0400, false, {}},
                          {"shared", VolumeKind::empty_dir, "", {}, 0644, false, {}}};
  behaviours["build/first"] = [](const runtime::ContainerRun& run) {
    write_file(host_path_of(run, "/shared") / "note", read_file(host_path_of(run, "/creds") / "password"));
    return runtime::ContainerExit{0, false, "read s3cret-pass\n"};
  };
  behaviours["build/second"] = [](const runtime::ContainerRun& run) {
    return runtime::ContainerExit{read_file(host_path_of(run, "/shared") / "note") == "s3cret-pass" ? 3 : 0,
                                  false, "shared s3cret-pass\n"};
  };
  const std::string error = error_of({with_volumes});
  EXPECT_EQ(error,
            "pipeline \"build\" container \"second\" (image ghcr.io/acme/second:v1) exited with code 3; "
            "last lines of its log:\nshared ***");
  const auto runs = runtime.runs();
  ASSERT_EQ(runs.size(), 2u);
  ASSERT_FALSE(runs[0].env.empty());
  EXPECT_EQ(runs[0].env.front().name, "DB_password");  // envFrom before KRATIX_*, as Kubernetes orders it
  EXPECT_EQ(runs[0].env[1].name.rfind("KRATIX_", 0), 0u);
  EXPECT_EQ(runs[0].mounts.size(), 5u);
  EXPECT_EQ(runs[1].mounts.size(), 4u);
  EXPECT_TRUE(runs[0].registry_auth_dir.empty());  // the recording runtime does not pull
  EXPECT_TRUE(scratch_is_empty());                 // the staged secret went with the pipeline
}

TEST_F(VolumeWorkflow, AVolumeWithoutASecretSourceIsAnError) {
  Pipeline with_volumes = pipeline("build", {container("c")});
  with_volumes.volumes = {{"creds", VolumeKind::secret, "db", {}, 0400, false, {"p.yaml", 4, 5}}};
  EXPECT_EQ(error_of({with_volumes}),
            "p.yaml:4:5: pipeline \"build\": volume \"creds\" needs a secret source, and none is set");
}

}  // namespace
}  // namespace ferry::pipeline
