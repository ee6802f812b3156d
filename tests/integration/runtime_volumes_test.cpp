// A Pipeline's volumes, envFrom and imagePullSecrets through podman, oci and exec, run by run_workflow as
// a reconcile runs them: the container sees the secret and config map files with their modes, writes to a
// shared emptyDir and cannot write to a read-only mount, and has the envFrom variables; podman is given
// the imagePullSecrets' docker config (--authfile) and still runs the local image.
#include <gtest/gtest.h>

#include "core/secret_values.h"
#include "pipeline/workflow.h"
#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::read_file;
using ferry::testing::write_file;

// What the first container reports, one fact a line; the second reads what the first left in the emptyDir.
const char* kProbe =
    "set -u\n"
    "out=/kratix/output/volumes.txt\n"
    "echo \"password_mode=$(stat -c %a /creds/password)\" >> $out\n"
    "[ \"$(cat /creds/password)\" = s3cret-pass ] && echo password_ok=yes >> $out\n"
    "echo \"config=$(cat /etc/app/conf/app.yaml) mode=$(stat -c %a /etc/app/conf/app.yaml)\" >> $out\n"
    "echo \"user_file=$(cat /user)\" >> $out\n"
    "touch /creds/new 2>/dev/null && echo secret_write=yes >> $out || echo secret_write=no >> $out\n"
    "echo \"env=$DB_user $APP_b\" >> $out\n"
    "echo shared > /shared/note\n"
    "echo 'log s3cret-pass'\n";
const char* kReader =
    "out=/kratix/output/reader.txt\n"
    "echo \"note=$(cat /shared-ro/note)\" >> $out\n"
    "touch /shared-ro/x 2>/dev/null && echo ro_write=yes >> $out || echo ro_write=no >> $out\n";

class RuntimeVolumes : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    runtime_ = runtime_for_test(GetParam());
    ASSERT_NE(runtime_, nullptr);
    write_file(dir_.path() / "secrets/db/password", "s3cret-pass");
    write_file(dir_.path() / "secrets/db/user", "admin");
    write_file(dir_.path() / "secrets/regcred/.dockerconfigjson",
               R"({"auths":{"example.com":{"auth":"eDp5"}}})");
    write_file(dir_.path() / "config-maps/app/a.yaml", "a: 1");
    write_file(dir_.path() / "config-maps/app/b", "bee");
  }
  void TearDown() override { forget_secret_values(); }

  static Container probe(const std::string& name, const char* script) {
    return Container{name, kContractImage, {"/bin/sh", "-c", script}, {}, {}};
  }
  Pipeline pipeline() const {
    Container first = probe("probe", kProbe);
    first.volume_mounts = {{"creds", "/creds", "", false, {}},
                           {"app", "/etc/app", "", true, {}},
                           {"creds", "/user", "user", false, {}},
                           {"shared", "/shared", "", false, {}}};
    first.env_from = {{RefKind::secret, "db", "DB_", false, {}},
                      {RefKind::config_map, "app", "APP_", false, {}}};
    Container second = probe("reader", kReader);
    second.volume_mounts = {{"shared", "/shared-ro", "", true, {}}};
    Pipeline pipeline{"volumes", {first, second}, false};
    pipeline.volumes = {
        {"creds", VolumeKind::secret, "db", {}, 0400, false, {}},
        {"app", VolumeKind::config_map, "app", {{"a.yaml", "conf/app.yaml", 0640}}, 0644, false, {}},
        {"shared", VolumeKind::empty_dir, "", {}, 0644, false, {}}};
    pipeline.image_pull_secrets = {{"regcred", {}}};
    return pipeline;
  }

  ferry::testing::TempDir dir_;
  std::unique_ptr<runtime::ContainerRuntime> runtime_;
};

TEST_P(RuntimeVolumes, TheContainerSeesTheVolumesAndEnvFrom) {
  DirectorySecretSource source(dir_.path() / "secrets", dir_.path() / "config-maps");
  WorkflowOptions options;
  options.scratch_dir = dir_.path() / "scratch";
  options.secrets = &source;
  const WorkflowObject object{"resource", "configure", "p",       "Thing",  "example.com",
                              "v1",       "t",         "default", "things", "kind: Thing\n"};
  auto results = run_workflow({pipeline()}, object, *runtime_, options);
  ASSERT_TRUE(results.ok()) << results.error().render();
  std::map<std::string, std::string> files;
  for (const OutputGroup& group : results->front().groups) {
    for (const auto& file : group.files) files[file.path] = file.content;
  }
  EXPECT_EQ(files["volumes.txt"],
            "password_mode=400\npassword_ok=yes\nconfig=a: 1 mode=640\nuser_file=admin\nsecret_write=no\n"
            "env=admin bee\n");
  EXPECT_EQ(files["reader.txt"], "note=shared\nro_write=no\n");
  EXPECT_TRUE(fs::is_empty(options.scratch_dir));  // staged secrets are gone with the pipeline
}

INSTANTIATE_TEST_SUITE_P(Runtimes, RuntimeVolumes, ::testing::Values("podman", "oci", "exec"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace ferry::pipeline
