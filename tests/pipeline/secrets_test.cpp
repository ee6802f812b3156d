// Secrets and config maps for container env: valueFrom parsing, the directory and environment sources,
// their chain, the missing-value error (never a value), and redaction.
#include "pipeline/secrets.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <map>

#include "core/yaml_document.h"
#include "pipeline/value_from_parser.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

// env[0].valueFrom of `yaml` (an env list), parsed.
Result<SecretRef> parse_secret_ref(const std::string& yaml) {
  auto documents = parse_yaml_stream(yaml, "pipeline.yaml");
  if (!documents) return documents.error();
  return parse_value_from((*documents)[0].node[0]["valueFrom"], "env[0].valueFrom", "pipeline.yaml");
}

TEST(ParseValueFrom, SecretKeyRef) {
  auto ref =
      parse_secret_ref("- name: PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db-creds, key: password}\n");
  ASSERT_TRUE(ref.ok()) << ref.error().render();
  EXPECT_EQ(*ref, (SecretRef{RefKind::secret, "db-creds", "password", false, {"pipeline.yaml", 3, 19}}));
}

TEST(ParseValueFrom, OptionalConfigMapKeyRef) {
  auto ref = parse_secret_ref(
      "- name: LEVEL\n  valueFrom:\n    configMapKeyRef:\n      name: app.config\n      key: log_level\n"
      "      optional: true\n");
  ASSERT_TRUE(ref.ok()) << ref.error().render();
  EXPECT_EQ(*ref, (SecretRef{RefKind::config_map, "app.config", "log_level", true, {"pipeline.yaml", 4, 7}}));
}

struct SecretRejected {
  const char* name;
  const char* value_from;  // the YAML after "valueFrom:" on line 2
  const char* error;
};

class ParseValueFromRejects : public ::testing::TestWithParam<SecretRejected> {};

TEST_P(ParseValueFromRejects, WithLocation) {
  auto ref = parse_secret_ref(std::string("- name: X\n  valueFrom: ") + GetParam().value_from + "\n");
  ASSERT_FALSE(ref.ok());
  EXPECT_EQ(ref.error().render(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ParseValueFromRejects,
    ::testing::Values(
        SecretRejected{"NotAMap", "[a]",
                       "pipeline.yaml:2:14: \"env[0].valueFrom\" must be a map with \"secretKeyRef\" or "
                       "\"configMapKeyRef\", found a list"},
        SecretRejected{
            "Neither", "{}",
            "pipeline.yaml:2:14: \"env[0].valueFrom\" needs \"secretKeyRef\" or \"configMapKeyRef\""},
        SecretRejected{"Both", "{secretKeyRef: {name: a, key: b}, configMapKeyRef: {name: a, key: b}}",
                       "pipeline.yaml:2:14: \"env[0].valueFrom\" must have only one of \"secretKeyRef\" and "
                       "\"configMapKeyRef\""},
        SecretRejected{"FieldRef", "{fieldRef: {fieldPath: metadata.name}}",
                       "pipeline.yaml:2:15: \"env[0].valueFrom.fieldRef\" needs a Kubernetes API and is not "
                       "supported by "
                       "ferry: use \"secretKeyRef\" or \"configMapKeyRef\""},
        SecretRejected{"Unknown", "{secretKeyRef: {name: a, key: b}, secretRef: x}",
                       "pipeline.yaml:2:48: \"env[0].valueFrom.secretRef\" is not a known field: use "
                       "\"secretKeyRef\" or "
                       "\"configMapKeyRef\""},
        SecretRejected{"RefAString", "{secretKeyRef: db}",
                       "pipeline.yaml:2:29: \"env[0].valueFrom.secretKeyRef\" must be a map, found a string"},
        SecretRejected{"NoName", "{secretKeyRef: {key: b}}",
                       "pipeline.yaml:2:29: missing required field \"env[0].valueFrom.secretKeyRef.name\""},
        SecretRejected{"NoKey", "{secretKeyRef: {name: a}}",
                       "pipeline.yaml:2:29: missing required field \"env[0].valueFrom.secretKeyRef.key\""},
        SecretRejected{
            "BadName", "{secretKeyRef: {name: Db_Creds, key: b}}",
            "pipeline.yaml:2:36: secret name \"Db_Creds\" is not a valid Kubernetes name: use lower-case "
            "letters, digits, '-' and '.', starting and ending with a letter or digit"},
        SecretRejected{
            "BadConfigMapName", "{configMapKeyRef: {name: -x, key: b}}",
            "pipeline.yaml:2:39: config map name \"-x\" is not a valid Kubernetes name: use lower-case "
            "letters, digits, '-' and '.', starting and ending with a letter or digit"},
        SecretRejected{
            "KeyWithSlash", "{secretKeyRef: {name: a, key: ../x}}",
            "pipeline.yaml:2:44: key \"../x\" is not a valid key: use letters, digits, '-', '_' and '.'"},
        SecretRejected{
            "KeyDotDot", "{secretKeyRef: {name: a, key: ..}}",
            "pipeline.yaml:2:44: key \"..\" is not a valid key: use letters, digits, '-', '_' and '.'"},
        SecretRejected{
            "OptionalMaybe", "{secretKeyRef: {name: a, key: b, optional: maybe}}",
            "pipeline.yaml:2:57: \"env[0].valueFrom.secretKeyRef.optional\" must be true or false, found a "
            "string"}),
    [](const auto& info) { return info.param.name; });

SecretRef secret(const std::string& name, const std::string& key, bool optional = false) {
  return SecretRef{RefKind::secret, name, key, optional, {"pipeline.yaml", 3, 19}};
}
SecretRef config_map(const std::string& name, const std::string& key) {
  return SecretRef{RefKind::config_map, name, key, false, {"pipeline.yaml", 3, 19}};
}

TEST(EnvironmentSecretSource, VariableNames) {
  EXPECT_EQ(EnvironmentSecretSource::variable_name(secret("db-creds", "password")),
            "FERRY_SECRET_DB_CREDS_PASSWORD");
  EXPECT_EQ(EnvironmentSecretSource::variable_name(secret("tls", "tls.crt")), "FERRY_SECRET_TLS_TLS_CRT");
  EXPECT_EQ(EnvironmentSecretSource::variable_name(config_map("app.config", "log-Level")),
            "FERRY_CONFIGMAP_APP_CONFIG_LOG_LEVEL");
}

EnvironmentSecretSource fake_environment(std::map<std::string, std::string> variables) {
  return EnvironmentSecretSource([variables](const std::string& name) -> std::optional<std::string> {
    const auto found = variables.find(name);
    return found == variables.end() ? std::nullopt : std::optional{found->second};
  });
}

TEST(EnvironmentSecretSource, FindsByVariableName) {
  const auto source = fake_environment({{"FERRY_SECRET_DB_CREDS_PASSWORD", "hunter22"}});
  EXPECT_EQ(*source.find(secret("db-creds", "password")), std::optional<std::string>("hunter22"));
  EXPECT_EQ(*source.find(secret("db-creds", "user")), std::nullopt);
  EXPECT_EQ(*source.find(config_map("db-creds", "password")), std::nullopt);
}

TEST(EnvironmentSecretSource, ReadsTheProcessEnvironment) {
  ::setenv("FERRY_SECRET_FERRY_UNIT_TEST_VALUE", "from-env", 1);
  const auto value = EnvironmentSecretSource::from_process().find(secret("ferry-unit-test", "value"));
  ::unsetenv("FERRY_SECRET_FERRY_UNIT_TEST_VALUE");
  EXPECT_EQ(*value, std::optional<std::string>("from-env"));
}

TEST(DirectorySecretSource, ReadsExactBytesAndFollowsSymlinks) {
  TempDir dir;
  write_file(dir.path() / "secrets/db-creds/password", "s3cr3t\n");
  write_file(dir.path() / "secrets/db-creds/..data/user", "admin");
  fs::create_symlink("..data/user", dir.path() / "secrets/db-creds/user");
  write_file(dir.path() / "configmaps/app/level", "debug");
  const DirectorySecretSource source(dir.path() / "secrets", dir.path() / "configmaps");
  EXPECT_EQ(*source.find(secret("db-creds", "password")), std::optional<std::string>("s3cr3t\n"));
  EXPECT_EQ(*source.find(secret("db-creds", "user")), std::optional<std::string>("admin"));
  EXPECT_EQ(*source.find(config_map("app", "level")), std::optional<std::string>("debug"));
  EXPECT_EQ(*source.find(secret("app", "level")), std::nullopt);
  EXPECT_EQ(*source.find(secret("db-creds", "missing")), std::nullopt);
}

TEST(DirectorySecretSource, RefusesADirectoryAndNeverShowsContent) {
  TempDir dir;
  fs::create_directories(dir.path() / "db/password");
  write_file(dir.path() / "db/big", std::string(1u << 20, 'T') + "TOPSECRET");
  const DirectorySecretSource source(dir.path(), {});
  auto directory = source.find(secret("db", "password"));
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error().render(), "pipeline.yaml:3:19: " + (dir.path() / "db/password").string() +
                                            " is not a regular file: write the value into a plain file");
  auto big = source.find(secret("db", "big"));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error().render(), "pipeline.yaml:3:19: " + (dir.path() / "db/big").string() +
                                      " is larger than 1 MiB, the Kubernetes limit");
  EXPECT_EQ(*source.find(config_map("db", "big")), std::nullopt);  // no config map directory
  EXPECT_EQ(source.how_to_provide(config_map("db", "big")), "");
}

TEST(DirectorySecretSource, RefusesAHandMadeRefThatLeavesTheDirectory) {
  TempDir dir;
  write_file(dir.path() / "x", "outside");
  const DirectorySecretSource source(dir.path() / "secrets", {});
  auto escaped = source.find(secret("..", "x"));
  ASSERT_FALSE(escaped.ok());
  EXPECT_EQ(escaped.error().render(),
            "pipeline.yaml:3:19: secret \"..\" key \"x\" is not a valid name and key");
}

TEST(ChainedSecretSource, DirectoryFirstThenEnvironment) {
  TempDir dir;
  write_file(dir.path() / "db/password", "from-file");
  const DirectorySecretSource files(dir.path(), {});
  const auto environment =
      fake_environment({{"FERRY_SECRET_DB_PASSWORD", "from-env"}, {"FERRY_SECRET_DB_USER", "admin"}});
  const ChainedSecretSource chain({&files, &environment});
  EXPECT_EQ(*resolve_secret(secret("db", "password"), chain), std::optional<std::string>("from-file"));
  EXPECT_EQ(*resolve_secret(secret("db", "user"), chain), std::optional<std::string>("admin"));
  EXPECT_EQ(*resolve_secret(secret("db", "token", true), chain), std::nullopt);  // optional: left unset
}

TEST(ResolveSecret, MissingNamesSecretKeyAndBothWays) {
  TempDir dir;
  const DirectorySecretSource files(dir.path() / "secrets", dir.path() / "configmaps");
  const auto environment = fake_environment({{"FERRY_SECRET_DB_CREDS_USER", "admin"}});
  const ChainedSecretSource chain({&files, &environment});
  auto missing = resolve_secret(secret("db-creds", "password"), chain);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().render(),
            "pipeline.yaml:3:19: secret \"db-creds\" has no key \"password\" available to "
            "ferry: create " +
                (dir.path() / "secrets/db-creds/password").string() +
                " or set FERRY_SECRET_DB_CREDS_PASSWORD");
  auto no_config_map = resolve_secret(config_map("app", "level"), environment);
  ASSERT_FALSE(no_config_map.ok());
  EXPECT_EQ(no_config_map.error().render(),
            "pipeline.yaml:3:19: config map \"app\" has no key \"level\" available to ferry: set "
            "FERRY_CONFIGMAP_APP_LEVEL");
  auto nowhere = resolve_secret(secret("a", "b"), ChainedSecretSource({}));
  ASSERT_FALSE(nowhere.ok());
  EXPECT_EQ(
      nowhere.error().render(),
      "pipeline.yaml:3:19: secret \"a\" has no key \"b\" available to ferry: no source for it is configured");
}

struct Redaction {
  const char* text;
  std::vector<std::string> values;
  const char* expected;
};

class Redact : public ::testing::TestWithParam<Redaction> {};

TEST_P(Redact, ReplacesEveryOccurrence) {
  EXPECT_EQ(redact(GetParam().text, GetParam().values), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Table, Redact,
    ::testing::Values(Redaction{"password is hunter22", {"hunter22"}, "password is ***"},
                      Redaction{"hunter22hunter22 and hunter22", {"hunter22"}, "****** and ***"},
                      Redaction{"a=abcd b=wxyz", {"abcd", "wxyz"}, "a=*** b=***"},
                      Redaction{"short abc stays", {"abc", ""}, "short abc stays"},
                      Redaction{"key abcdef", {"abcd", "abcdef"}, "key ***"},
                      Redaction{"abcdefgh", {"cdef", "abcdefgh"}, "***"},
                      Redaction{"xxabcd", {"abcdef"}, "xxabcd"}, Redaction{"no values", {}, "no values"},
                      Redaction{"multi\nline secret\n", {"line secret"}, "multi\n***\n"}));

}  // namespace
}  // namespace ferry::pipeline
