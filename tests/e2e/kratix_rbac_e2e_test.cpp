// End to end: Kratix's own rbac system test (kratix-newer.md §6.2), step by step, with `ferry reconcile
// --runtime exec` and a real kubectl inside each pipeline. test/system/assets/rbac/promise.yaml: a promise
// workflow reads a ConfigMap of its namespace (kratix-platform-system) by name, is refused another, reads a
// ConfigMap of `default` through `resourceNamespace: default` and a Secret of `default` through
// `resourceNamespace: "*"`; a resource workflow reads a Secret of its namespace by name, lists Promises
// (cluster-scoped, `"*"`), reads a ConfigMap of kratix-platform-system, and is refused a Secret there and
// a ConfigMap of its own namespace. test/system/assets/promise-features/namespaced-workflow-promise.yaml:
// `kubectl -n kube-public create secret generic ... --dry-run=client -o yaml | kubectl apply -f -` in a
// resource configure pipeline, then `kubectl get` and `kubectl delete` of it in the delete pipeline.
// Transcribed with three changes, each forced by ferry and named where it is made: `resourceName` (no
// PolicyRule field; ferry refuses unknown fields) is `resourceNames`, every container
// gets PATH (the static kubectl's directory first) and HOME=/tmp (kubectl's cache), and the delete pipeline's
// POD_NAMESPACE `fieldRef` (which ferry refuses) is its value in Kratix, the pipeline namespace
// kube-public, where the request lives (ferry's pipeline namespace is the request's). Label e2e: needs root,
// kubectl, bwrap and nsenter.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/e2e/static_kubectl.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::write_file;

// The container fields ferry needs (see the file's comment); KUBECTL_DIR is replaced by the test.
constexpr const char* kContainerEnv =
    "                env:\n"
    "                  - {name: PATH, value: \"KUBECTL_DIR:/usr/bin:/bin\"}\n"
    "                  - {name: HOME, value: /tmp}\n";

// test/system/assets/rbac/promise.yaml, `resourceName` written `resourceNames`.
constexpr const char* kRbacPromise = R"yaml(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: rbac-promise
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata:
      name: rbacbundle.test.kratix.io
    spec:
      group: test.kratix.io
      names:
        kind: rbacbundle
        plural: rbacbundle
        singular: rbacbundle
      scope: Namespaced
      versions:
        - name: v1alpha1
          schema:
            openAPIV3Schema:
              properties:
                spec:
                  properties:
                    name:
                      type: string
                  type: object
              type: object
          served: true
          storage: true
  workflows:
    promise:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: rbac-pro
          spec:
            rbac:
              permissions:
                - apiGroups: [""]
                  verbs: ["get", "list"]
                  resources: ["configmaps"]
                  resourceNames: ["rbac-promise-cm"]
                - apiGroups: [""]
                  verbs: ["get", "list"]
                  resources: ["configmaps"]
                  resourceNames: ["rbac-promise-default-cm"]
                  resourceNamespace: "default"
                - apiGroups: [""]
                  verbs: ["get", "list"]
                  resources: ["secrets"]
                  resourceNamespace: "*"
            containers:
              - name: do-commands
                image: ghcr.io/syntasso/kratix-pipeline-utility:v0.0.1
ENV                command: ['sh']
                args:
                - -c
                - |
                  set -eux
                  kubectl get configmap rbac-promise-cm
                  if kubectl get configmap rbac-promise-cant-see; then
                    echo "configmap rbac-promise-cant-see was found"
                    exit 1
                  fi
                  kubectl get configmap -n default rbac-promise-default-cm
                  kubectl get secret -n default rbac-promise-default-secret
                  touch /kratix/output/promise-steps-done
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: rbac-res
          spec:
            rbac:
              permissions:
                - apiGroups: [""]
                  verbs: ["get", "list", "create", "update", "patch"]
                  resources: ["secrets"]
                  resourceNames: ["rbac-resource-secret"]
                - apiGroups: [""]
                  verbs: ["get", "list"]
                  resources: ["configmaps"]
                  resourceNames: ["rbac-promise-cm"]
                  resourceNamespace: "kratix-platform-system"
                - apiGroups: ["platform.kratix.io"]
                  verbs: ["get", "list"]
                  resources: ["promises"]
                  resourceNamespace: "*"
            containers:
              - name: do-commands
                image: ghcr.io/syntasso/kratix-pipeline-utility:v0.0.1
ENV                command: ['sh']
                args:
                - -c
                - |
                  set -eux
                  kubectl get secret rbac-resource-secret
                  kubectl get promises
                  kubectl get configmap -n kratix-platform-system rbac-promise-cm
                  if kubectl get secret rbac-resource-secret -n kratix-platform-system; then
                    echo "was able to read rbac-resource-secret in kratix-platform-system; expected to fail"
                    exit 1
                  fi
                  if kubectl get configmap rbac-promise-default-cm; then
                    echo "was able to read the configmap rbac-promise-default-cm in default; expected to fail"
                    exit 1
                  fi
                  touch /kratix/output/resource-steps-done
)yaml";

// namespaced-workflow-promise.yaml's resource workflows (its promise workflow renders a ConfigMap only).
// The configure script's `yq '.metadata.name'` is sed: the step needs no yq on the host.
constexpr const char* kNamespacedPromise = R"yaml(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: namespaced-promise
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata:
      name: namespacepromises.test.kratix.io
    spec:
      group: test.kratix.io
      names:
        kind: NamespacePromise
        plural: namespacepromises
        singular: namespacepromise
      scope: Namespaced
      versions:
        - name: v1alpha1
          schema:
            openAPIV3Schema:
              properties:
                spec:
                  properties:
                    configMapName:
                      type: string
                    namespaceName:
                      type: string
                  type: object
              type: object
          served: true
          storage: true
  workflows:
    config:
      pipelineNamespace: kube-public
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: resource-configure
          spec:
            rbac:
              permissions:
                - apiGroups: [ "" ]
                  verbs: [ "create", "get", "patch", "update" ]
                  resourceNamespace: "kube-public"
                  resources: [ "secrets" ]
            jobOptions:
              backoffLimit: 3
            containers:
              - image: ghcr.io/syntasso/kratix-pipeline-utility:v0.0.1
                name: gen-configmap
ENV                command:
                  - /bin/sh
                args:
                  - -c
                  - |
                    set -eux
                    configMapName=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
                    cat <<EOF > /kratix/output/namespace-resource.yaml
                    apiVersion: v1
                    kind: ConfigMap
                    metadata:
                      name: namespace-promise-${configMapName}
                      namespace: default
                    data:
                      key: value
                    EOF
                    kubectl -n kube-public create secret generic promise-test --dry-run=client -o yaml | kubectl apply -f -
      delete:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata:
            name: resource-configure
          spec:
            rbac:
              permissions:
                - apiGroups: [ "" ]
                  verbs: [ "delete", "get", "patch", "update" ]
                  resources: [ "secrets" ]
            jobOptions:
              backoffLimit: 3
            containers:
              - image: ghcr.io/syntasso/kratix-pipeline-utility:v0.0.1
                name: gen-configmap
ENV                  - name: POD_NAMESPACE
                    value: kube-public
                command:
                  - /bin/sh
                args:
                  - -c
                  - |
                    set -eux
                    kubectl -n $POD_NAMESPACE get secret promise-test
                    kubectl -n $POD_NAMESPACE delete secret promise-test
)yaml";

std::string with_env(std::string text, const std::string& kubectl_dir) {
  std::string env = kContainerEnv;
  env.replace(env.find("KUBECTL_DIR"), std::string("KUBECTL_DIR").size(), kubectl_dir);
  for (auto at = text.find("ENV"); at != std::string::npos; at = text.find("ENV", at + env.size())) {
    text.replace(at, 3, env);
  }
  return text;
}

class KratixRbacE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    const std::string kubectl = ferry::testing::static_kubectl_binary();
    if (const std::string missing = ferry::testing::kubectl_pipelines_unavailable(kubectl); !missing.empty())
      GTEST_SKIP() << missing;
    PlatformFixture::SetUp();
    for (const char* fixture :
         {"promises/app.yaml", "promises/redis.yaml", "requests/apps.yaml", "requests/redis.yaml"}) {
      fs::remove(platform() / fixture);
    }
    // The sandbox's /tmp is its own: the PATH names the static kubectl's directory when the binary there is
    // `kubectl` (Debian's, or another put first on the PATH), else /usr/bin (Google's dispatcher).
    const fs::path binary = kubectl;
    const std::string bin = binary.filename() == "kubectl" ? binary.parent_path().string() : "/usr/bin";
    write_file(platform() / "promises/rbac-promise.yaml", with_env(kRbacPromise, bin));
    write_file(platform() / "promises/namespaced-promise.yaml", with_env(kNamespacedPromise, bin));
    write_file(
        platform() / "requests/rbac.yaml",
        "apiVersion: test.kratix.io/v1alpha1\nkind: rbacbundle\nmetadata:\n  name: rbac-resource-request\n"
        "  namespace: default\nspec: {}\n");
    write_file(platform() / "requests/namespaced.yaml",
               "apiVersion: test.kratix.io/v1alpha1\nkind: NamespacePromise\nmetadata:\n  name: ns-request\n"
               "  namespace: kube-public\nspec: {}\n");
    plant_resources();
    write_file(dir.path() / "ferry-exec.yaml",
               "images:\n  ghcr.io/syntasso/kratix-pipeline-utility:v0.0.1: [/bin/sh]\n");
  }

  // test/system/assets/rbac/resources.yaml in ferry's layout (docs/platform-api.md). DIR/<name> is each
  // pipeline's own namespace: kratix-platform-system for the promise workflow, default for the request's.
  // So rbac-promise-cm is both the promise pipeline's DIR/<name> and, for the resource pipeline, under
  // .namespaces/kratix-platform-system; `default`'s objects are the promise pipeline's .namespaces/default.
  void plant_resources() {
    const fs::path maps = dir.path() / "config-maps";
    const fs::path secrets = dir.path() / "secrets";
    write_file(maps / "rbac-promise-cm/content", "hello from kratix-platform-system");
    write_file(maps / ".namespaces/kratix-platform-system/rbac-promise-cm/content",
               "hello from kratix-platform-system");
    write_file(maps / ".namespaces/default/rbac-promise-cant-see/content", "this is not allowed");
    write_file(maps / ".namespaces/default/rbac-promise-default-cm/content", "hello from default");
    write_file(secrets / ".namespaces/default/rbac-promise-default-secret/secret", "supersecret");
    write_file(secrets / ".namespaces/kratix-platform-system/rbac-resource-secret/secret",
               "supersecret-cant-read");
    write_file(secrets / "rbac-resource-secret/secret", "supersecret");
  }

  std::pair<int, nlohmann::json> reconcile_kratix_test() {
    return reconcile(FerryArgs{
        "--runtime", "exec", "--exec-config", (dir.path() / "ferry-exec.yaml").string(), "--secrets-dir",
        (dir.path() / "secrets").string(), "--config-maps-dir", (dir.path() / "config-maps").string(),
        "--api-audit-file", (dir.path() / "audit.jsonl").string()});
  }
};

TEST_F(KratixRbacE2E, ThePromiseAndResourceWorkflowsStepsPass) {
  auto [code, report] = reconcile_kratix_test();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  // The refusals the scripts expect, each for the reason Kratix's RBAC gives.
  for (const char* refused :
       {R"("path":"/api/v1/namespaces/kratix-platform-system/configmaps/rbac-promise-cant-see","code":403)",
        R"("path":"/api/v1/namespaces/kratix-platform-system/secrets/rbac-resource-secret","code":403)",
        R"("path":"/api/v1/namespaces/default/configmaps/rbac-promise-default-cm","code":403)"}) {
    EXPECT_NE(audit.find(refused), std::string::npos) << refused << "\n" << audit;
  }
  for (const char* allowed :
       {R"("path":"/api/v1/namespaces/kratix-platform-system/configmaps/rbac-promise-cm","code":200)",
        R"("path":"/api/v1/namespaces/default/secrets/rbac-promise-default-secret","code":200)",
        R"("path":"/apis/platform.kratix.io/v1alpha1/promises?limit=500","code":200)",
        R"("path":"/api/v1/namespaces/default/secrets/rbac-resource-secret","code":200)"}) {
    EXPECT_NE(audit.find(allowed), std::string::npos) << allowed << "\n" << audit;
  }
  // The promise workflow's API requests are counted on the Promise's entry, one per audit line.
  std::size_t promise_lines = 0;
  for (auto at = audit.find(R"("pipeline":"rbac-promise/rbac-pro")"); at != std::string::npos;
       at = audit.find(R"("pipeline":"rbac-promise/rbac-pro")", at + 1))
    ++promise_lines;
  EXPECT_GE(promise_lines, 4u) << audit;
  nlohmann::json counted;
  for (const auto& promise : report["promises"]) {
    if (promise["name"] == "rbac-promise") counted = promise["api_requests"];
  }
  EXPECT_EQ(counted, nlohmann::json({{"rbac-pro", promise_lines}})) << report["promises"].dump(2);
  // namespaced-workflow-promise: the secret created through `create --dry-run=client | apply` in
  // kube-public, the Promise's pipelineNamespace and the request's namespace: the pipeline's own, DIR/<name>.
  EXPECT_TRUE(fs::is_directory(dir.path() / "secrets/promise-test")) << audit;
  EXPECT_EQ(read_file(dir.path() / "stderr").find("supersecret"), std::string::npos);
  EXPECT_EQ(report.dump().find("supersecret"), std::string::npos);
}

TEST_F(KratixRbacE2E, TheDeletePipelineGetsAndDeletesTheSecret) {
  auto [code, report] = reconcile_kratix_test();
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  ASSERT_TRUE(fs::is_directory(dir.path() / "secrets/promise-test"));
  fs::remove(platform() / "requests/namespaced.yaml");
  auto [deleted_code, deleted] = reconcile_kratix_test();
  ASSERT_EQ(deleted_code, 0) << deleted.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_FALSE(fs::exists(dir.path() / "secrets/promise-test"));
  const std::string audit = read_file(dir.path() / "audit.jsonl");
  EXPECT_NE(audit.find(
                R"("verb":"delete","path":"/api/v1/namespaces/kube-public/secrets/promise-test","code":200)"),
            std::string::npos)
      << audit;
}

}  // namespace
}  // namespace ferry
