// spec.volumes, spec.imagePullSecrets, volumeMounts and envFrom of a Pipeline: what each honoured field
// becomes in the model, and each refused one's exact message with its file:line:column.
#include <gtest/gtest.h>

#include "core/known_fields.h"
#include "pipeline/pipeline_fields.h"
#include "pipeline/pipeline_parser.h"

namespace ferry::pipeline {
namespace {

// One Pipeline whose container "c" has `container` appended (flow-style keys of the container map, on
// line 6) and whose spec has `spec` appended (keys on line 7 onwards, indented by 4). Each Pipeline is
// checked against its table of fields first, as loading a Promise does (promise_parser.h).
Result<std::vector<Pipeline>> parse_pipelines_with(const std::string& container, const std::string& spec) {
  const std::string text =
      "- apiVersion: platform.kratix.io/v1alpha1\n"
      "  kind: Pipeline\n"
      "  metadata: {name: build}\n"
      "  spec:\n"
      "    containers:\n"
      "      - {name: c, image: img" +
      (container.empty() ? "" : ", " + container) + "}\n" + spec;
  auto documents = parse_yaml_stream(text, "promise.yaml");
  EXPECT_TRUE(documents.ok());
  const YAML::Node& list = documents->at(0).node;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = "p[" + std::to_string(i) + "]";
    if (Status known = check_known_fields(list[i], pipeline_fields(), path, "promise.yaml"); !known)
      return known.error();
  }
  return parse_pipelines(list, "p", "promise.yaml");
}

std::string error_of(const std::string& container, const std::string& spec) {
  auto pipelines = parse_pipelines_with(container, spec);
  return pipelines.ok() ? "no error" : pipelines.error().render();
}

const char* kCreds = "    volumes: [{name: creds, secret: {secretName: gcp-creds}}]\n";

TEST(VolumeParser, ASecretVolumeMountedAsTheMarketplaceDoes) {
  // sql/gcp in the Kratix marketplace mounts a Secret at /creds.
  auto pipelines =
      parse_pipelines_with("volumeMounts: [{name: creds, mountPath: /creds, readOnly: true}]", kCreds);
  ASSERT_TRUE(pipelines.ok()) << pipelines.error().render();
  const Pipeline& pipeline = pipelines->front();
  ASSERT_EQ(pipeline.volumes.size(), 1u);
  EXPECT_EQ(pipeline.volumes[0].name, "creds");
  EXPECT_EQ(pipeline.volumes[0].kind, VolumeKind::secret);
  EXPECT_EQ(pipeline.volumes[0].source, "gcp-creds");
  EXPECT_EQ(pipeline.volumes[0].default_mode, 0644);
  EXPECT_FALSE(pipeline.volumes[0].optional);
  ASSERT_EQ(pipeline.containers[0].volume_mounts.size(), 1u);
  const VolumeMount& mount = pipeline.containers[0].volume_mounts[0];
  EXPECT_EQ(mount.name, "creds");
  EXPECT_EQ(mount.mount_path, "/creds");
  EXPECT_TRUE(mount.read_only);
  EXPECT_EQ(mount.sub_path, "");
}

TEST(VolumeParser, ItemsModesAndEveryKind) {
  auto pipelines = parse_pipelines_with(
      "volumeMounts: [{name: cm, mountPath: /etc/app, subPath: conf}, {name: tmp, mountPath: /work}]",
      "    volumes:\n"
      "      - {name: cm, configMap: {name: app, optional: true, defaultMode: 0440,"
      " items: [{key: a.yaml, path: conf/a.yaml, mode: 0400}, {key: b, path: b, mode: 384}]}}\n"
      "      - {name: tmp, emptyDir: {medium: Memory}}\n"
      "      - {name: s, secret: {secretName: s, defaultMode: 0o600}}\n"
      "    imagePullSecrets: [{name: regcred}]\n");
  ASSERT_TRUE(pipelines.ok()) << pipelines.error().render();
  const Pipeline& pipeline = pipelines->front();
  ASSERT_EQ(pipeline.volumes.size(), 3u);
  EXPECT_EQ(pipeline.volumes[0].kind, VolumeKind::config_map);
  EXPECT_TRUE(pipeline.volumes[0].optional);
  EXPECT_EQ(pipeline.volumes[0].default_mode, 0440);
  EXPECT_EQ(pipeline.volumes[0].items,
            (std::vector<VolumeItem>{{"a.yaml", "conf/a.yaml", 0400}, {"b", "b", 0600}}));
  EXPECT_EQ(pipeline.volumes[1].kind, VolumeKind::empty_dir);
  EXPECT_EQ(pipeline.volumes[2].default_mode, 0600);
  EXPECT_EQ(pipeline.containers[0].volume_mounts[0].sub_path, "conf");
  EXPECT_FALSE(pipeline.containers[0].volume_mounts[1].read_only);
  ASSERT_EQ(pipeline.image_pull_secrets.size(), 1u);
  EXPECT_EQ(pipeline.image_pull_secrets[0].name, "regcred");
}

TEST(VolumeParser, EnvFromSecretAndConfigMapWithPrefix) {
  auto pipelines = parse_pipelines_with(
      "envFrom: [{secretRef: {name: db}}, {prefix: APP_, configMapRef: {name: app, optional: true}}]", "");
  ASSERT_TRUE(pipelines.ok()) << pipelines.error().render();
  const auto& from = pipelines->front().containers[0].env_from;
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[0].kind, RefKind::secret);
  EXPECT_EQ(from[0].name, "db");
  EXPECT_EQ(from[0].prefix, "");
  EXPECT_FALSE(from[0].optional);
  EXPECT_EQ(from[1].kind, RefKind::config_map);
  EXPECT_EQ(from[1].prefix, "APP_");
  EXPECT_TRUE(from[1].optional);
}

struct Refused {
  std::string container;
  std::string spec;
  std::string message;
};

class VolumeParserRefuses : public ::testing::TestWithParam<Refused> {};

TEST_P(VolumeParserRefuses, WithLocationAndWhatToDo) {
  EXPECT_EQ(error_of(GetParam().container, GetParam().spec), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Fields, VolumeParserRefuses,
    ::testing::Values(
        Refused{"", "    volumes: [{name: h, hostPath: {path: /etc}}]\n",
                "promise.yaml:7:25: \"p[0].spec.volumes[0]\" is a hostPath volume, which needs a Kubernetes "
                "cluster: ferry supports secret, configMap and emptyDir volumes"},
        Refused{"", "    volumes: [{name: h, persistentVolumeClaim: {claimName: x}}]\n",
                "promise.yaml:7:25: \"p[0].spec.volumes[0]\" is a persistentVolumeClaim volume, which needs "
                "a Kubernetes cluster: ferry supports secret, configMap and emptyDir volumes"},
        Refused{"", "    volumes: [{name: h, secret: {secretName: a}, emptyDir: {}}]\n",
                "promise.yaml:7:50: \"p[0].spec.volumes[0]\" has both secret and emptyDir: a volume has one "
                "kind"},
        Refused{"", "    volumes: [{name: h}]\n",
                "promise.yaml:7:15: \"p[0].spec.volumes[0]\" needs one of secret, configMap and emptyDir"},
        Refused{"", "    volumes: [{name: h, secrte: {secretName: a}}]\n",
                "promise.yaml:7:25: unknown field \"secrte\" in \"p[0].spec.volumes[0]\"; did you mean "
                "\"secret\"?"},
        Refused{"", "    volumes: [{name: a, secret: {secretname: a}}]\n",
                "promise.yaml:7:34: unknown field \"secretname\" in \"p[0].spec.volumes[0].secret\"; did you "
                "mean \"secretName\"?"},
        Refused{"", "    volumes: [{name: a, configMap: {nmae: a}}]\n",
                "promise.yaml:7:37: unknown field \"nmae\" in \"p[0].spec.volumes[0].configMap\"; did you "
                "mean \"name\"?"},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, items: [{key: k, paht: k}]}}]\n",
                "promise.yaml:7:66: unknown field \"paht\" in \"p[0].spec.volumes[0].secret.items[0]\"; did "
                "you mean \"path\"?"},
        Refused{"", "    volumes: [{name: a, emptyDir: {medim: Memory}}]\n",
                "promise.yaml:7:36: unknown field \"medim\" in \"p[0].spec.volumes[0].emptyDir\"; did you "
                "mean \"medium\"?"},
        Refused{
            "", "    volumes: [{name: a, emptyDir: {}, s3Bucket: {}}]\n",
            "promise.yaml:7:39: unknown field \"s3Bucket\" in \"p[0].spec.volumes[0]\"; known fields: name, "
            "secret, configMap, emptyDir, awsElasticBlockStore, azureDisk, azureFile, cephfs, cinder, "
            "csi, downwardAPI, ephemeral, fc, flexVolume, flocker, gcePersistentDisk, gitRepo, glusterfs, "
            "hostPath, image, iscsi, nfs, persistentVolumeClaim, photonPersistentDisk, portworxVolume, "
            "projected, quobyte, rbd, scaleIO, storageos, vsphereVolume"},
        Refused{"", "    volumes: [{name: Creds, emptyDir: {}}]\n",
                "promise.yaml:7:22: \"p[0].spec.volumes[0].name\" \"Creds\" is not a valid volume name: it "
                "contains 'C'; use at most 63 lower-case letters, digits and '-', starting and ending with a "
                "letter or digit"},
        Refused{"", "    volumes: [{name: a, emptyDir: {}}, {name: a, emptyDir: {}}]\n",
                "promise.yaml:7:40: volume name \"a\" is used twice in \"p[0].spec.volumes\""},
        Refused{"", "    volumes: [{name: shared-output, emptyDir: {}}]\n",
                "promise.yaml:7:22: \"p[0].spec.volumes[0].name\" \"shared-output\" is the name of a volume "
                "Kratix adds to every pipeline's Pod, so Kubernetes would refuse it: rename the volume"},
        Refused{"", "    volumes: [{name: a, emptyDir: {sizeLimit: 1Gi}}]\n",
                "promise.yaml:7:36: \"p[0].spec.volumes[0].emptyDir.sizeLimit\" is not enforced by ferry "
                "(the directory is on the scratch disk): remove it"},
        Refused{"", "    volumes: [{name: a, emptyDir: {medium: HugePages}}]\n",
                "promise.yaml:7:44: \"p[0].spec.volumes[0].emptyDir.medium\" must be \"\" or \"Memory\"; "
                "found \"HugePages\""},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, defaultMode: 0999}}]\n",
                "promise.yaml:7:62: \"p[0].spec.volumes[0].secret.defaultMode\" must be a file mode between "
                "0 and 0777 (octal, e.g. 0400) or 0 and 511 (decimal); found \"0999\""},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, defaultMode: 1000}}]\n",
                "promise.yaml:7:62: \"p[0].spec.volumes[0].secret.defaultMode\" must be a file mode between "
                "0 and 0777 (octal, e.g. 0400) or 0 and 511 (decimal); found \"1000\""},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, items: [{key: k, path: ../k}]}}]\n",
                "promise.yaml:7:72: \"p[0].spec.volumes[0].secret.items[0].path\" must be a relative path "
                "without \"..\"; found \"../k\""},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, items: [{key: k, path: /k}]}}]\n",
                "promise.yaml:7:72: \"p[0].spec.volumes[0].secret.items[0].path\" must be a relative path "
                "without \"..\"; found \"/k\""},
        Refused{"", "    volumes: [{name: a, secret: {secretName: a, items: [{key: 'k/x', path: k}]}}]\n",
                "promise.yaml:7:63: key \"k/x\" is not a valid key: use letters, digits, '-', '_' and '.'"},
        Refused{
            "", "    volumes: [{name: a, secret: {secretName: A}}]\n",
            "promise.yaml:7:46: \"p[0].spec.volumes[0].secret.secretName\" \"A\" is not a valid Kubernetes "
            "object name: it contains 'A'; use at most 253 lower-case letters, digits, '-' and '.', each "
            "part between dots starting and ending with a letter or digit (an RFC 1123 subdomain)"},
        Refused{
            "", "    volumes: [{name: a, configMap: {secretName: a}}]\n",
            "promise.yaml:7:37: unknown field \"secretName\" in \"p[0].spec.volumes[0].configMap\"; known "
            "fields: name, items, defaultMode, optional"},
        Refused{"volumeMounts: [{name: creds, mountPath: /kratix/output/creds}]", kCreds,
                "promise.yaml:6:71: \"p[0].spec.containers[0].volumeMounts[0].mountPath\" "
                "\"/kratix/output/creds\" collides with /kratix, where ferry mounts the pipeline's input, "
                "output and metadata: mount the volume elsewhere"},
        Refused{"volumeMounts: [{name: creds, mountPath: /kratix}]", kCreds,
                "promise.yaml:6:71: \"p[0].spec.containers[0].volumeMounts[0].mountPath\" \"/kratix\" "
                "collides with /kratix, where ferry mounts the pipeline's input, output and metadata: mount "
                "the volume elsewhere"},
        Refused{"volumeMounts: [{name: creds, mountPath: /tmp/../kratix/input}]", kCreds,
                "promise.yaml:6:71: \"p[0].spec.containers[0].volumeMounts[0].mountPath\" "
                "\"/tmp/../kratix/input\" collides with /kratix, where ferry mounts the pipeline's input, "
                "output and metadata: mount the volume elsewhere"},
        Refused{"volumeMounts: [{name: creds, mountPath: creds}]", kCreds,
                "promise.yaml:6:71: \"p[0].spec.containers[0].volumeMounts[0].mountPath\" must be an "
                "absolute path; "
                "found \"creds\""},
        Refused{
            "volumeMounts: [{name: creds, mountPath: /a}, {name: creds, mountPath: /a/}]", kCreds,
            "promise.yaml:6:76: mount path \"/a\" is used twice in \"p[0].spec.containers[0].volumeMounts\""},
        Refused{"volumeMounts: [{name: other, mountPath: /a}]", kCreds,
                "promise.yaml:6:46: container \"c\" mounts volume \"other\", which is not in the pipeline's "
                "spec.volumes: add it there"},
        Refused{"volumeMounts: [{name: creds, mountPath: /a, subPathExpr: $(X)}]", kCreds,
                "promise.yaml:6:75: \"p[0].spec.containers[0].volumeMounts[0].subPathExpr\" needs the "
                "Kubernetes downward API: use subPath"},
        Refused{"volumeMounts: [{name: creds, mountPath: /a, mountPropagation: None}]", kCreds,
                "promise.yaml:6:75: \"p[0].spec.containers[0].volumeMounts[0].mountPropagation\" has no "
                "meaning without a cluster's host mounts: remove it"},
        Refused{
            "volumeMounts: [{name: creds, mountpath: /a}]", kCreds,
            "promise.yaml:6:60: unknown field \"mountpath\" in \"p[0].spec.containers[0].volumeMounts[0]\"; "
            "did you mean \"mountPath\"?"},
        Refused{"volumeMounts: [{name: creds, mountPath: /a, recursiveReadOnly: Enabled}]", kCreds,
                "promise.yaml:6:75: \"p[0].spec.containers[0].volumeMounts[0].recursiveReadOnly\" is not "
                "supported by ferry: remove it (secret and configMap mounts are read-only)"},
        Refused{"volumeMounts: [{name: creds, mountPath: /a, subPath: ../x}]", kCreds,
                "promise.yaml:6:84: \"p[0].spec.containers[0].volumeMounts[0].subPath\" must be a relative "
                "path without \"..\"; found \"../x\""},
        Refused{"volumeMounts: [{name: creds, mountPath: /a, readOnly: yes please}]", kCreds,
                "promise.yaml:6:85: \"p[0].spec.containers[0].volumeMounts[0].readOnly\" must be true or "
                "false, found a string"},
        Refused{"envFrom: [{prefix: A_}]", "",
                "promise.yaml:6:41: \"p[0].spec.containers[0].envFrom[0]\" needs exactly one of "
                "\"secretRef\" and \"configMapRef\""},
        Refused{"envFrom: [{secretRef: {name: a}, configMapRef: {name: b}}]", "",
                "promise.yaml:6:41: \"p[0].spec.containers[0].envFrom[0]\" needs exactly one of "
                "\"secretRef\" and \"configMapRef\""},
        Refused{
            "envFrom: [{secretRef: {name: a, key: b}}]", "",
            "promise.yaml:6:63: unknown field \"key\" in \"p[0].spec.containers[0].envFrom[0].secretRef\"; "
            "known fields: name, optional"},
        Refused{"envFrom: [{configMapRef: {name: a, optinal: true}}]", "",
                "promise.yaml:6:66: unknown field \"optinal\" in "
                "\"p[0].spec.containers[0].envFrom[0].configMapRef\"; did you mean \"optional\"?"},
        Refused{"envFrom: [{prefx: A_, secretRef: {name: a}}]", "",
                "promise.yaml:6:42: unknown field \"prefx\" in \"p[0].spec.containers[0].envFrom[0]\"; did "
                "you mean \"prefix\"?"},
        Refused{
            "envFrom: [{secretRef: {name: A}}]", "",
            "promise.yaml:6:60: \"p[0].spec.containers[0].envFrom[0].secretRef.name\" \"A\" is not a valid "
            "Kubernetes object name: it contains 'A'; use at most 253 lower-case letters, digits, '-' and "
            "'.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain)"},
        Refused{"envFrom: {secretRef: {name: a}}", "",
                "promise.yaml:6:40: \"p[0].spec.containers[0].envFrom\" must be a list, found a map"},
        Refused{"", "    imagePullSecrets: [{name: a, namespace: b}]\n",
                "promise.yaml:7:34: unknown field \"namespace\" in \"p[0].spec.imagePullSecrets[0]\"; known "
                "fields: name"},
        Refused{"", "    imagePullSecrets: [regcred]\n",
                "promise.yaml:7:24: missing required field \"p[0].spec.imagePullSecrets[0].name\""}));

}  // namespace
}  // namespace ferry::pipeline
