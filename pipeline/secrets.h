// Container env values from secrets and config maps, without Kubernetes. A pipeline container may write
//
//   env:
//     - name: DB_PASSWORD
//       valueFrom:
//         secretKeyRef: {name: db-creds, key: password}      # or configMapKeyRef: {name: ..., key: ...}
//
// and ferry looks the value up in local sources, in this order (ChainedSecretSource):
// 1. a secrets directory: the file DIR/<name>/<key>, the layout of a Kubernetes secret volume mount
//    (a mounted secret volume fits as it is; symlinks are followed). The file's bytes are the value,
//    exactly: no trailing newline is stripped (write it with printf, not echo). At most 1 MiB.
//    Config maps come from their own directory with the same layout.
// 2. environment variables: FERRY_SECRET_<NAME>_<KEY> (config maps: FERRY_CONFIGMAP_<NAME>_<KEY>), where
//    <NAME> and <KEY> are upper-cased and every character other than A-Z and 0-9 becomes '_':
//    secret db-creds, key password -> FERRY_SECRET_DB_CREDS_PASSWORD; key tls.crt -> ..._TLS_CRT.
//    Different names can map to the same variable (db-creds/password and db/creds-password); use the
//    directory when that matters.
// A missing value is an error that names the secret, the key and both ways to provide it, never a value;
// `optional: true` (as in Kubernetes) leaves the variable unset instead. Values must never reach logs,
// reports or ferry's records: resolve_secret() remembers every secret value it returns
// (core/secret_values.h), and every output and record masks the remembered values; redact() masks one
// container's values in its log.
// pipeline/value_from_parser.h reads a SecretRef from a container's env.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::pipeline {

enum class RefKind { secret, config_map };

// One secretKeyRef or configMapKeyRef, as parsed from a container's env[].valueFrom.
struct SecretRef {
  RefKind kind = RefKind::secret;
  std::string name;  // a Kubernetes object name: lower-case letters, digits, '-', '.'
  std::string key;   // letters, digits, '-', '_', '.'; not "." or ".."
  bool optional = false;
  SourceLocation where;  // of the secretKeyRef / configMapKeyRef map
  bool operator==(const SecretRef&) const = default;
};

// "secret" or "config map", for messages.
const char* ref_kind_word(RefKind kind);
// A DNS subdomain, as Kubernetes requires of secret and config map names.
bool valid_ref_name(const std::string& name);
// A data key: it becomes a file name in the directory source, so it must not name a directory.
bool valid_ref_key(const std::string& key);

// Where values come from. find() returns nullopt when this source does not have the value, and an error
// (never containing the value) when it has it but cannot read it.
class SecretSource {
 public:
  virtual ~SecretSource() = default;
  virtual Result<std::optional<std::string>> find(const SecretRef& ref) const = 0;
  // How a user provides `ref` through this source, e.g. "create /etc/ferry/secrets/db-creds/password";
  // "" when this source never provides refs of that kind.
  virtual std::string how_to_provide(const SecretRef& ref) const = 0;
  // Every key of the secret or config map `name`, sorted, for envFrom and volumes without items; nullopt
  // when this source does not have it or cannot list keys (the environment source never can).
  virtual Result<std::optional<std::vector<std::string>>> keys(RefKind kind, const std::string& name) const {
    (void)kind;
    (void)name;
    return std::optional<std::vector<std::string>>{};
  }
};

class EnvironmentSecretSource : public SecretSource {
 public:
  using Lookup = std::function<std::optional<std::string>(const std::string& variable)>;
  explicit EnvironmentSecretSource(Lookup lookup) : lookup_(std::move(lookup)) {}
  static EnvironmentSecretSource from_process();  // reads the process environment (getenv)
  // FERRY_SECRET_DB_CREDS_PASSWORD for secret db-creds, key password.
  static std::string variable_name(const SecretRef& ref);
  Result<std::optional<std::string>> find(const SecretRef& ref) const override;
  std::string how_to_provide(const SecretRef& ref) const override;

 private:
  Lookup lookup_;
};

class DirectorySecretSource : public SecretSource {
 public:
  // An empty path: this source has no refs of that kind.
  DirectorySecretSource(std::filesystem::path secrets_dir, std::filesystem::path config_maps_dir)
      : secrets_dir_(std::move(secrets_dir)), config_maps_dir_(std::move(config_maps_dir)) {}
  Result<std::optional<std::string>> find(const SecretRef& ref) const override;
  std::string how_to_provide(const SecretRef& ref) const override;
  // The regular files (symlinks followed) of DIR/<name>/ whose names are valid keys; the "..data" and
  // "..<timestamp>" entries of a mounted Kubernetes secret volume are not keys.
  Result<std::optional<std::vector<std::string>>> keys(RefKind kind, const std::string& name) const override;

 private:
  std::filesystem::path file_of(const SecretRef& ref) const;  // empty when there is no directory
  std::filesystem::path secrets_dir_;
  std::filesystem::path config_maps_dir_;
};

// Asks each source in order; the first that has the value wins. The sources must outlive the chain.
class ChainedSecretSource : public SecretSource {
 public:
  explicit ChainedSecretSource(std::vector<const SecretSource*> sources) : sources_(std::move(sources)) {}
  Result<std::optional<std::string>> find(const SecretRef& ref) const override;
  std::string how_to_provide(const SecretRef& ref) const override;  // the sources' ways, joined by " or "
  Result<std::optional<std::vector<std::string>>> keys(
      RefKind kind,
      const std::string& name) const override;  // the first's

 private:
  std::vector<const SecretSource*> sources_;
};

// The value of `ref`; nullopt only for an optional ref that no source has. Otherwise a missing value is
// located at ref.where:
//   secret "db-creds" has no key "password" available to ferry: create DIR/db-creds/password or set
//   FERRY_SECRET_DB_CREDS_PASSWORD
Result<std::optional<std::string>> resolve_secret(const SecretRef& ref, const SecretSource& source);

// `text` with every occurrence of every value of at least 4 bytes replaced by "***" (shorter values would
// blank out ordinary words). Where values overlap, the longest match at the leftmost position wins.
// The same rule as core/secret_values.h's masked().
std::string redact(const std::string& text, const std::vector<std::string>& secret_values);

}  // namespace ferry::pipeline
