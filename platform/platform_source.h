// Where the platform comes from (docs/state.md, "Platform from Git"): a directory, as always, or a branch of
// a Git repository (a URL, or a local bare repository or work tree), read through the writer without a
// work tree. The same answer says where the recorded state lives by default (state_access.h).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "core/error.h"
#include "platform/loader.h"
#include "platform/platform.h"
#include "writer/credentials.h"
#include "writer/store_spec.h"

namespace ferry::runner {

// The branch read when --platform-ref is not given (the remote's HEAD is not asked for: a fixed default
// needs no extra round trip and reads the same on every machine).
inline constexpr const char* kDefaultPlatformRef = "main";

// The platform argument and --platform-ref, classified.
struct PlatformSource {
  std::string argument;  // as given, for the directory case's messages
  // The files come from `ref` of `repository`: a URL, a bare repository, or a work tree with --platform-ref.
  bool from_git = false;
  // The Git repository the platform is, when it is one: the URL as given, or the absolute path of a bare
  // repository or of a work tree's .git directory. "" for a plain directory.
  std::string repository;
  std::string ref;  // the branch read when from_git
  // What relative store paths (and the local default state) are relative to: the directory, the local
  // repository of a path or file:// URL, else the current directory.
  std::filesystem::path root;

  bool is_git_repository() const { return !repository.empty(); }
  // For messages: "<URL without credentials>@<ref>" when from_git, else the argument.
  std::string display() const;
};

// Classifies `argument`: a URL (file://, git://, https://, http://, ssh://, user@host:path) is read at `ref`;
// a bare repository too; a work tree's top directory is read from its files unless `ref` is given; any other
// path is a plain directory (a missing one is the loader's error). `ref` may be "" (kDefaultPlatformRef for
// what is read from Git) or "refs/heads/NAME". Errors:
//   --platform-ref main needs a Git repository, and <dir> is not one
Result<PlatformSource> parse_platform_argument(const std::string& argument, const std::string& ref);

// How ferry reaches a platform repository: the store options of the command.
struct PlatformAccess {
  std::filesystem::path cache_dir;
  std::filesystem::path ca_bundle;
  bool allow_insecure_http = false;
  writer::Credentials credentials;  // platform_credentials()
  // The load cache's file (load_cache.h), kept beside the recorded state; "" (--full-load, --no-state,
  // commands that record nothing): every file is parsed.
  std::filesystem::path load_cache = {};
  bool load_cache_read_only = false;  // `plan`, which writes nothing: used, never written
};

// The platform repository's credentials, from the environment (`env` reads a variable, getenv by default):
// FERRY_PLATFORM_USERNAME and FERRY_PLATFORM_PASSWORD (basic auth over https; the password may be a
// token), FERRY_PLATFORM_SSH_KEY_FILE and FERRY_PLATFORM_KNOWN_HOSTS_FILE (ssh; both needed, host keys
// always checked), FERRY_PLATFORM_SSH_PASSPHRASE. A known-hosts file that cannot be read is an error. The
// password and passphrase are remembered as secret values (core/secret_values.h), masked in every output.
Result<writer::Credentials> platform_credentials(
    const std::function<std::optional<std::string>(const char*)>& env = nullptr);

// How the writer opens `repository` at `branch` with `access` (the platform, or its state branch).
writer::StoreSpec platform_store_spec(const PlatformSource& source, const std::string& branch,
                                      const PlatformAccess& access);

// Loads the platform: a directory with load_platform; a Git ref through the writer, its files named by their
// path in the repository ("requests/x.yaml:3:5: ..."). Reading errors are one line each:
//   platform <URL>@<ref>: <the writer's error>
//   platform <URL>@<ref>: no branch "<ref>" there, or it holds no files; name the branch with --platform-ref
// PromiseReleases get their bodies from `releases` (loader.h). With access.load_cache, the cache read is used
// and written back when it changed (a write that fails is ignored: the cache is only a saving); one that
// cannot be trusted is a warning and is rebuilt:
//   the load cache <path> is not used (<why>); every file was parsed and the cache is rebuilt
LoadResult load_platform_source(const PlatformSource& source, const PlatformAccess& access,
                                ReleaseSource* releases = nullptr);

}  // namespace ferry::runner
