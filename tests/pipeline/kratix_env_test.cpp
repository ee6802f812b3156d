// kratix_env: exactly the variables of reference §2.3, in Kratix's order, for both workflow types.
#include <gtest/gtest.h>

#include "pipeline/workflow.h"

namespace ferry::pipeline {
namespace {

WorkflowObject resource_object() {
  return WorkflowObject{"resource", "configure", "postgresql", "PostgreSQL",  "marketplace.kratix.io",
                        "v1alpha1", "acid",      "team-a",     "postgresqls", "{}"};
}

WorkflowObject promise_object() {
  return WorkflowObject{"promise",  "delete",     "postgresql", "Promise",  "platform.kratix.io",
                        "v1alpha1", "postgresql", "",           "promises", "{}"};
}

TEST(KratixEnv, ResourceWorkflowInOrder) {
  const std::vector<runtime::EnvVar> expected = {
      {"KRATIX_WORKFLOW_ACTION", "configure"}, {"KRATIX_WORKFLOW_TYPE", "resource"},
      {"KRATIX_PROMISE_NAME", "postgresql"},   {"KRATIX_PIPELINE_NAME", "instance-configure"},
      {"KRATIX_OBJECT_KIND", "PostgreSQL"},    {"KRATIX_OBJECT_GROUP", "marketplace.kratix.io"},
      {"KRATIX_OBJECT_VERSION", "v1alpha1"},   {"KRATIX_OBJECT_NAME", "acid"},
      {"KRATIX_OBJECT_NAMESPACE", "team-a"},   {"KRATIX_CRD_PLURAL", "postgresqls"},
      {"KRATIX_CLUSTER_SCOPED", "false"},
  };
  EXPECT_EQ(kratix_env(resource_object(), "instance-configure"), expected);
}

TEST(KratixEnv, PromiseWorkflowInOrder) {
  const std::vector<runtime::EnvVar> expected = {
      {"KRATIX_WORKFLOW_ACTION", "delete"},  {"KRATIX_WORKFLOW_TYPE", "promise"},
      {"KRATIX_PROMISE_NAME", "postgresql"}, {"KRATIX_PIPELINE_NAME", "promise-delete"},
      {"KRATIX_OBJECT_KIND", "Promise"},     {"KRATIX_OBJECT_GROUP", "platform.kratix.io"},
      {"KRATIX_OBJECT_VERSION", "v1alpha1"}, {"KRATIX_OBJECT_NAME", "postgresql"},
      {"KRATIX_OBJECT_NAMESPACE", ""},       {"KRATIX_CRD_PLURAL", "promises"},
      {"KRATIX_CLUSTER_SCOPED", "true"},
  };
  EXPECT_EQ(kratix_env(promise_object(), "promise-delete"), expected);
}

TEST(KratixEnv, NoDryRunVariable) {
  for (const runtime::EnvVar& var : kratix_env(resource_object(), "p")) EXPECT_NE(var.name, "KRATIX_DRY_RUN");
}

// A dry run (`ferry plan`) appends KRATIX_DRY_RUN=true after the others, as Kratix's defaultEnvVars does.
TEST(KratixEnv, ADryRunAppendsKratixDryRun) {
  WorkflowObject object = resource_object();
  object.dry_run = true;
  const std::vector<runtime::EnvVar> env = kratix_env(object, "instance-configure");
  std::vector<runtime::EnvVar> expected = kratix_env(resource_object(), "instance-configure");
  expected.push_back({"KRATIX_DRY_RUN", "true"});
  EXPECT_EQ(env, expected);
}

}  // namespace
}  // namespace ferry::pipeline
