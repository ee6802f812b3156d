// From a GitStateStore declaration to a writer::StoreSpec (store_access.h): URL, branch, cache, TLS and the credentials of
// spec.secretRef, read from the local secret sources (docs/stores.md). Values read here go to the writer
// only; every message names the Secret and its key, never a value.
#include <optional>

#include "pipeline/secrets.h"
#include "platform/platform.h"
#include "platform/store_access.h"

namespace ferry::runner {
namespace {

// The Secret's keys, as Kratix names them (reference §1.4, §4.9).
constexpr const char* kUsername = "username";
constexpr const char* kPassword = "password";
constexpr const char* kSshPrivateKey = "sshPrivateKey";
constexpr const char* kKnownHosts = "knownHosts";

// Reads one key of the store's Secret; nullopt only for an optional key that no source has.
Result<std::optional<std::string>> read_key(const GitStateStore& store, const std::string& key, bool optional,
                                            const pipeline::SecretSource& source) {
  const pipeline::SecretRef ref{pipeline::RefKind::secret, store.secret_ref->name, key, optional,
                                store.secret_ref->where};
  auto value = pipeline::resolve_secret(ref, source);
  if (!value) {
    return make_error(value.error().where.value_or(store.secret_ref->where),
                      "GitStateStore \"" + store.name + "\": " + value.error().message);
  }
  return value;
}

// basicAuth: `password` (a password or token) is required; `username` defaults as Kratix's does:
// x-access-token for GitHub URLs, else empty.
Result<writer::BasicAuth> read_basic_auth(const GitStateStore& store, const pipeline::SecretSource& source) {
  auto password = read_key(store, kPassword, false, source);
  if (!password) return password.error();
  auto username = read_key(store, kUsername, true, source);
  if (!username) return username.error();
  writer::BasicAuth basic{username->value_or(""), **password};
  if (basic.username.empty() && store.url.find("github") != std::string::npos)
    basic.username = "x-access-token";
  return basic;
}

// ssh: `sshPrivateKey` and `knownHosts` are both required; host keys are always checked.
Result<writer::SshAuth> read_ssh_auth(const GitStateStore& store, const pipeline::SecretSource& source) {
  auto key = read_key(store, kSshPrivateKey, false, source);
  if (!key) return key.error();
  auto known_hosts = read_key(store, kKnownHosts, false, source);
  if (!known_hosts) return known_hosts.error();
  writer::SshAuth ssh;
  ssh.private_key = **key;
  ssh.known_hosts = **known_hosts;
  ssh.strict_host_key_checking = true;
  return ssh;
}

Status read_credentials(const GitStateStore& store, const pipeline::SecretSource& source,
                        writer::Credentials& credentials) {
  if (store.auth_method == StoreAuthMethod::ssh) {
    auto ssh = read_ssh_auth(store, source);
    if (!ssh) return ssh.error();
    credentials.ssh = std::move(*ssh);
    return ok();
  }
  auto basic = read_basic_auth(store, source);
  if (!basic) return basic.error();
  credentials.basic = std::move(*basic);
  return ok();
}

}  // namespace

Result<writer::StoreSpec> store_spec_of(const GitStateStore& store, const StoreAccess& access) {
  writer::StoreSpec spec;
  spec.url = store.url;
  spec.branch = store.branch;
  spec.cache_dir = access.cache_dir;
  spec.platform_root = std::filesystem::absolute(access.platform_root).lexically_normal();
  spec.allow_insecure_http = access.allow_insecure_http;
  spec.credentials.tls.ca_bundle = access.ca_bundle;
  if (!store.secret_ref) return spec;
  const pipeline::ChainedSecretSource none({});
  const pipeline::SecretSource& source = access.secrets ? *access.secrets : none;
  if (Status read = read_credentials(store, source, spec.credentials); !read) return read.error();
  return spec;
}

}  // namespace ferry::runner
