// GitStateStore fields the writer needs: secretRef, authMethod, url, path; errors pinned with their place.
#include <gtest/gtest.h>

#include "platform/object_parsers.h"

namespace ferry::runner {
namespace {

constexpr const char* kHeader = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata:
  name: state
spec:
)";

// Parses a GitStateStore whose spec is `spec` (lines indented by two spaces), from "stores.yaml".
Result<GitStateStore> parse(const std::string& spec) {
  auto documents = parse_yaml_stream(std::string(kHeader) + spec, "stores.yaml");
  if (!documents) return documents.error();
  return parse_git_state_store(documents->front());
}

std::string error_of(const std::string& spec) {
  auto store = parse(spec);
  return store.ok() ? "(no error)" : store.error().render();
}

TEST(StoreParse, DefaultsAreBasicAuthWithoutSecret) {
  auto store = parse("  url: https://git.example.com/state.git\n");
  ASSERT_TRUE(store.ok()) << store.error().render();
  EXPECT_EQ(store->auth_method, StoreAuthMethod::basic_auth);
  EXPECT_FALSE(store->secret_ref.has_value());
  EXPECT_EQ(store->branch, "main");
}

TEST(StoreParse, SecretRefNamespaceDefaultsAndIsLocated) {
  auto store = parse("  url: https://git.example.com/state.git\n  secretRef: {name: git-creds}\n");
  ASSERT_TRUE(store.ok()) << store.error().render();
  ASSERT_TRUE(store->secret_ref.has_value());
  EXPECT_EQ(store->secret_ref->name, "git-creds");
  EXPECT_EQ(store->secret_ref->namespace_, "default");
  EXPECT_EQ(store->secret_ref->where.render(), "stores.yaml:7:14");
}

TEST(StoreParse, SshAuthMethodWithSshUrls) {
  for (const char* url : {"ssh://git@host:2222/state.git", "git@github.com:org/state.git"}) {
    auto store = parse(std::string("  url: ") + url +
                       "\n  authMethod: ssh\n  secretRef: {name: keys, namespace: ops}\n");
    ASSERT_TRUE(store.ok()) << store.error().render();
    EXPECT_EQ(store->auth_method, StoreAuthMethod::ssh);
    EXPECT_EQ(store->secret_ref->namespace_, "ops");
  }
}

TEST(StoreParse, PathLosesItsLeadingSlash) {
  auto store = parse("  url: state.git\n  path: /clusters/dev\n");
  ASSERT_TRUE(store.ok()) << store.error().render();
  EXPECT_EQ(store->path, "clusters/dev");
}

struct BadStore {
  const char* name;
  const char* spec;
  const char* error;
};

class StoreParseErrors : public ::testing::TestWithParam<BadStore> {};

TEST_P(StoreParseErrors, AreLocatedAndSayWhatToDo) {
  EXPECT_EQ(error_of(GetParam().spec), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, StoreParseErrors,
    ::testing::Values(
        BadStore{"UnknownAuthMethod", "  url: https://h/s.git\n  authMethod: token\n",
                 "stores.yaml:7:15: \"spec.authMethod\" must be basicAuth or ssh, found token"},
        BadStore{
            "GithubApp", "  url: https://github.com/o/s.git\n  authMethod: githubApp\n",
            "stores.yaml:7:15: authMethod githubApp is not supported; use basicAuth with an installation "
            "token as \"password\", or ssh"},
        BadStore{
            "SshWithHttpsUrl", "  url: https://user:hunter2@h/s.git\n  authMethod: ssh\n",
            "stores.yaml:7:15: authMethod ssh needs an ssh:// or user@host:path URL, found https://h/s.git"},
        BadStore{
            "SshUrlWithBasicAuthSecret", "  url: ssh://git@h/s.git\n  secretRef: {name: creds}\n",
            "stores.yaml:7:14: an ssh URL needs \"spec.authMethod: ssh\" to use the keys of spec.secretRef "
            "(basicAuth is for https:// URLs)"},
        BadStore{"SecretRefNotAMap", "  url: https://h/s.git\n  secretRef: creds\n",
                 "stores.yaml:7:14: \"spec.secretRef\" must be a map, found a string"},
        BadStore{"SecretRefWithoutName", "  url: https://h/s.git\n  secretRef: {namespace: x}\n",
                 "stores.yaml:7:14: missing required field \"spec.secretRef.name\""},
        BadStore{
            "SecretNameEscapes", "  url: https://h/s.git\n  secretRef: {name: ../etc}\n",
            "stores.yaml:7:21: \"spec.secretRef.name\" \"../etc\" is not a valid Kubernetes object name: it "
            "contains '/'; use at most 253 lower-case letters, digits, '-' and '.', each part between dots "
            "starting and ending with a letter or digit (an RFC 1123 subdomain)"},
        BadStore{
            "SecretNameWithEmptyPart", "  url: https://h/s.git\n  secretRef: {name: a..b}\n",
            "stores.yaml:7:21: \"spec.secretRef.name\" \"a..b\" is not a valid Kubernetes object name: it "
            "has \"..\"; use at most 253 lower-case letters, digits, '-' and '.', each part between dots "
            "starting and ending with a letter or digit (an RFC 1123 subdomain)"},
        BadStore{
            "SecretNamespaceEscapes", "  url: https://h/s.git\n  secretRef: {name: creds, namespace: ..}\n",
            "stores.yaml:7:39: \"spec.secretRef.namespace\" \"..\" is not a valid namespace: it contains "
            "'.'; use at most 63 lower-case letters, digits and '-', starting and ending with a letter or "
            "digit (an RFC 1123 label)"},
        BadStore{
            "UnsupportedScheme", "  url: ftp://h/s.git\n",
            "stores.yaml:6:8: invalid state store URL \"ftp://h/s.git\": unsupported scheme \"ftp\" (use "
            "https://, ssh://, git://, file:// or a local path)"},
        BadStore{"UrlWithoutHost", "  url: https:///s.git\n",
                 "stores.yaml:6:8: invalid state store URL \"https:///s.git\": no host"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ferry::runner
