// Container `resources` and `securityContext` and the Pipeline's `jobOptions`, `nodeSelector`,
// `tolerations`, `restartPolicy` and `rbac`, through parse_promise: a table of what each field becomes, and a
// table of refusals with their exact message and file:line:column.
#include <gtest/gtest.h>

#include "pipeline/inapplicable_fields.h"
#include "pipeline/promise_parser.h"

namespace ferry::pipeline {
namespace {

// A Promise with one resource.configure Pipeline; `container_extra` is YAML under the container (indented
// by 16), `spec_extra` under the Pipeline's spec (indented by 12). Line 13 is the container's `name`, the
// first line of `container_extra` is line 15; with no container_extra, `spec_extra` starts on line 15.
Result<Promise> parse_with(const std::string& container_extra, const std::string& spec_extra = "") {
  auto docs = parse_yaml_stream(
      "apiVersion: platform.kratix.io/v1alpha1\n"
      "kind: Promise\n"
      "metadata: {name: p}\n"
      "spec:\n"
      "  workflows:\n"
      "    resource:\n"
      "      configure:\n"
      "        - apiVersion: platform.kratix.io/v1alpha1\n"
      "          kind: Pipeline\n"
      "          metadata: {name: build}\n"
      "          spec:\n"
      "            containers:\n"
      "              - name: c\n"
      "                image: img\n" +
          container_extra + spec_extra,
      "promise.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_promise(docs->at(0));
}

const Pipeline& pipeline_of(const Promise& promise) {
  return promise.workflows.at("resource.configure").front();
}
const Container& container_of(const Promise& promise) {
  return pipeline_of(promise).containers.front();
}

const std::string kC = "spec.workflows.resource.configure[0].spec.containers[0]";

TEST(ContainerLimits, ResourcesBecomeMillicoresAndBytes) {
  auto promise = parse_with(
      "                resources:\n"
      "                  limits: {cpu: 1500m, memory: 256Mi, ephemeral-storage: 1Gi}\n"
      "                  requests: {cpu: \"0.1\", memory: 128Mi}\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  const Resources& r = container_of(*promise).resources;
  EXPECT_EQ(r.limits.cpu_millis, 1500);
  EXPECT_EQ(r.limits.memory_bytes, 256 << 20);
  EXPECT_EQ(r.limits.ephemeral_storage_bytes, std::int64_t{1} << 30);
  EXPECT_EQ(r.requests.cpu_millis, 100);
  EXPECT_EQ(r.requests.memory_bytes, 128 << 20);
}

TEST(ContainerLimits, NumbersAreQuantitiesToo) {
  auto promise = parse_with("                resources: {limits: {cpu: 2, memory: 67108864}}\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  EXPECT_EQ(container_of(*promise).resources.limits.cpu_millis, 2000);
  EXPECT_EQ(container_of(*promise).resources.limits.memory_bytes, 64 << 20);
}

TEST(ContainerLimits, NoFieldsMeansNothingSet) {
  auto promise = parse_with("");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  EXPECT_EQ(container_of(*promise).resources, Resources{});
  EXPECT_FALSE(container_of(*promise).security_context.has_value());
  EXPECT_EQ(pipeline_of(*promise).backoff_limit, 0);
  EXPECT_TRUE(pipeline_of(*promise).inapplicable_fields.empty());
}

TEST(ContainerLimits, SecurityContextFieldsAreRead) {
  auto promise = parse_with(
      "                securityContext:\n"
      "                  runAsUser: 1000\n"
      "                  runAsGroup: 3000\n"
      "                  runAsNonRoot: true\n"
      "                  readOnlyRootFilesystem: true\n"
      "                  allowPrivilegeEscalation: false\n"
      "                  privileged: false\n"
      "                  capabilities: {add: [NET_BIND_SERVICE, CAP_CHOWN], drop: [ALL]}\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  const SecurityContext& s = *container_of(*promise).security_context;
  EXPECT_EQ(s.run_as_user, 1000);
  EXPECT_EQ(s.run_as_group, 3000);
  EXPECT_EQ(s.run_as_non_root, true);
  EXPECT_EQ(s.read_only_root_filesystem, true);
  EXPECT_EQ(s.allow_privilege_escalation, false);
  EXPECT_EQ(s.privileged, false);
  EXPECT_EQ(s.capabilities_add, (std::vector<std::string>{"NET_BIND_SERVICE", "CHOWN"}));
  EXPECT_EQ(s.capabilities_drop, (std::vector<std::string>{"ALL"}));
  EXPECT_EQ(s.where.line, 16);
}

TEST(ContainerLimits, JobFieldsAreReadAndInapplicableOnesNoted) {
  auto promise =
      parse_with("",
                 "            jobOptions: {backoffLimit: 3}\n"
                 "            nodeSelector: {disk: ssd}\n"
                 "            tolerations: [{key: k, operator: Exists}]\n"
                 "            restartPolicy: Never\n"
                 "            rbac:\n"
                 "              serviceAccount: sa\n"
                 "              permissions:\n"
                 "                - {resourceNamespace: \"*\", apiGroups: [\"\"], resources: [secrets], "
                 "verbs: [get, list], resourceNames: [s1]}\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  const Pipeline& p = pipeline_of(*promise);
  EXPECT_EQ(p.backoff_limit, 3);
  ASSERT_EQ(p.rbac_permissions.size(), 1u);
  EXPECT_EQ(p.rbac_permissions[0].resource_namespace, "*");
  EXPECT_EQ(p.rbac_permissions[0].api_groups, std::vector<std::string>{""});
  EXPECT_EQ(p.rbac_permissions[0].resources, std::vector<std::string>{"secrets"});
  EXPECT_EQ(p.rbac_permissions[0].verbs, (std::vector<std::string>{"get", "list"}));
  EXPECT_EQ(p.rbac_permissions[0].resource_names, std::vector<std::string>{"s1"});
  ASSERT_EQ(p.inapplicable_fields.size(), 4u);
  EXPECT_EQ(p.inapplicable_fields[0].name, "nodeSelector");
  EXPECT_EQ(p.inapplicable_fields[0].where.line, 16);
  EXPECT_EQ(inapplicable_fields_warning("p", p.inapplicable_fields),
            "Promise \"p\": Pipeline fields nodeSelector, tolerations, restartPolicy and rbac do not apply "
            "outside Kubernetes (no scheduler, no pod): ferry ignores them");
}

TEST(ContainerLimits, EmptyFieldsAsTheKratixCliWritesThemAreNotNoted) {
  auto promise =
      parse_with("", "            rbac: {}\n            jobOptions: {}\n            tolerations: []\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  EXPECT_TRUE(pipeline_of(*promise).inapplicable_fields.empty());
  EXPECT_EQ(pipeline_of(*promise).backoff_limit, 0);
}

TEST(ContainerLimits, OneInapplicableFieldIsNamedAlone) {
  EXPECT_EQ(
      inapplicable_fields_warning("p", {{"rbac", {}}, {"rbac", {}}}),
      "Promise \"p\": Pipeline field rbac does not apply outside Kubernetes (no scheduler, no pod): ferry "
      "ignores it");
}

struct Refusal {
  std::string container_extra;
  std::string spec_extra;
  std::string message;  // the whole rendered error, file:line:column first
};

TEST(ContainerLimits, RefusesWithLocatedMessages) {
  const std::string at = "promise.yaml:";
  const std::vector<Refusal> cases = {
      {"                resources: {limits: {memory: 12x}}\n", "",
       at + "15:46: \"" + kC +
           ".resources.limits.memory\" must be a non-negative Kubernetes quantity such as 500m, 2, 128Mi or "
           "1G; "
           "found \"12x\""},
      {"                resources: {limits: {cpu: -1}}\n", "",
       at + "15:43: \"" + kC +
           ".resources.limits.cpu\" must be a non-negative Kubernetes quantity such as 500m, 2, 128Mi or 1G; "
           "found \"-1\""},
      {"                resources: {limits: {nvidia.com/gpu: 1}}\n", "",
       at + "15:38: \"" + kC +
           ".resources.limits.nvidia.com/gpu\" cannot be given outside Kubernetes (no device plugins, no "
           "hugepages): only cpu, memory and ephemeral-storage can be set"},
      {"                resources: {limits: {memory: 4Mi}}\n", "",
       at + "15:46: \"" + kC +
           ".resources.limits.memory\" must be at least 6Mi: podman and docker refuse a smaller memory "
           "limit"},
      {"                resources: {limits: {cpu: 1}, requests: {cpu: 2}}\n", "",
       at + "15:63: \"" + kC +
           ".resources.requests.cpu\" (2) must be less than or equal to the cpu limit (1)"},
      {"                resources: {claims: [{name: gpu}]}\n", "",
       at + "15:37: \"" + kC +
           ".resources.claims\" needs Kubernetes dynamic resource allocation, which ferry does not have: "
           "remove it"},
      {"                resources: [cpu]\n", "", at + "15:28: \"" + kC + ".resources\" must be a map"},
      {"                securityContext: {runAsUser: -5}\n", "",
       at + "15:46: \"" + kC +
           ".securityContext.runAsUser\" must be an integer from 0 to 2147483647; found \"-5\""},
      {"                securityContext: {runAsGroup: root}\n", "",
       at + "15:47: \"" + kC +
           ".securityContext.runAsGroup\" must be an integer from 0 to 2147483647; found \"root\""},
      {"                securityContext: {readOnlyRootFilesystem: yes}\n", "",
       at + "15:59: \"" + kC +
           ".securityContext.readOnlyRootFilesystem\" must be true or false, found a "
           "string"},
      {"                securityContext: {capabilities: {drop: [net_admin]}}\n", "",
       at + "15:57: \"" + kC +
           ".securityContext.capabilities.drop[0]\" is not a Linux capability; found \"net_admin\" (write "
           "them "
           "as capabilities(7) names in upper case, e.g. NET_ADMIN, or ALL)"},
      {"                securityContext: {seccompProfile: {type: RuntimeDefault}}\n", "",
       at + "15:35: \"" + kC +
           ".securityContext.seccompProfile\" is not supported: ferry chooses no seccomp profile (podman and "
           "docker apply their default one); remove it"},
      {"                securityContext: {seLinuxOptions: {level: s0}}\n", "",
       at + "15:35: \"" + kC +
           ".securityContext.seLinuxOptions\" is not supported: ferry sets no SELinux "
           "labels; remove it"},
      {"                securityContext: {procMount: Unmasked}\n", "",
       at + "15:35: \"" + kC +
           ".securityContext.procMount\" is not supported: ferry always masks /proc as the Default procMount "
           "does; remove it"},
      {"                securityContext: {appArmorProfile: {type: Unconfined}}\n", "",
       at + "15:35: \"" + kC +
           ".securityContext.appArmorProfile\" is not supported: ferry loads no AppArmor profile; remove it"},
      {"                securityContext: {windowsOptions: {}}\n", "",
       at + "15:35: \"" + kC +
           ".securityContext.windowsOptions\" is not supported: ferry runs Linux containers only; remove it"},
      {"                securityContext: {privileged: true, allowPrivilegeEscalation: false}\n", "",
       at + "15:34: \"" + kC +
           ".securityContext\" cannot set allowPrivilegeEscalation to false and privileged to true"},
      {"                securityContext: {capabilities: {add: [SYS_ADMIN]}, allowPrivilegeEscalation: "
       "false}\n",
       "",
       at + "15:34: \"" + kC +
           ".securityContext\" cannot set allowPrivilegeEscalation to false and capabilities.add "
           "CAP_SYS_ADMIN"},
      {"                securityContext: {runAsNonRoot: true, runAsUser: 0}\n", "",
       at + "15:34: \"" + kC +
           ".securityContext\" has runAsNonRoot: true and runAsUser: 0: the container's runAsUser breaks "
           "non-root policy; set runAsUser to a non-zero ID"},
      {"                securityContext: true\n", "",
       at + "15:34: \"" + kC + ".securityContext\" must be a map"},
      {"", "            jobOptions: {backoffLimit: -1}\n",
       at + "15:40: \"spec.workflows.resource.configure[0].spec.jobOptions.backoffLimit\" must be an "
            "integer of 0 or more; found \"-1\""},
      {"", "            jobOptions: {backoffLimit: two}\n",
       at + "15:40: \"spec.workflows.resource.configure[0].spec.jobOptions.backoffLimit\" must be an "
            "integer of 0 or more; found \"two\""},
      {"", "            restartPolicy: Always\n",
       at + "15:28: \"spec.workflows.resource.configure[0].spec.restartPolicy\" must be OnFailure or "
            "Never (a Job's Pod); found \"Always\""},
      {"", "            rbac: {permissions: {verbs: [get]}}\n",
       at + "15:33: \"spec.workflows.resource.configure[0].spec.rbac.permissions\" must be a list"},
  };
  for (const Refusal& c : cases) {
    auto promise = parse_with(c.container_extra, c.spec_extra);
    ASSERT_FALSE(promise.ok()) << c.container_extra << c.spec_extra;
    EXPECT_EQ(promise.error().render(), c.message) << c.container_extra << c.spec_extra;
  }
}

}  // namespace
}  // namespace ferry::pipeline
