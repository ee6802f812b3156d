#include "platform/platform_source.h"

#include <algorithm>
#include <cstdlib>

#include "core/file_text.h"
#include "core/secret_values.h"
#include "platform/load_cache_write.h"
#include "platform/loader.h"
#include "writer/store_factory.h"
#include "writer/store_url.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

bool is_bare_repository(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "HEAD", ec) && fs::is_directory(dir / "objects", ec) &&
         fs::is_directory(dir / "refs", ec);
}

bool is_work_tree_top(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / ".git", ec) && is_bare_repository(dir / ".git");
}

std::string branch_of(const std::string& ref) {
  const std::string heads = "refs/heads/";
  if (ref.empty()) return kDefaultPlatformRef;
  return ref.starts_with(heads) ? ref.substr(heads.size()) : ref;
}

// A URL names a remote (or file://) repository; its local path, when it has one, is the root.
PlatformSource url_source(const std::string& argument, const writer::StoreUrl& url, const std::string& ref) {
  PlatformSource source{argument, true, argument, branch_of(ref), fs::current_path()};
  if (url.transport == writer::StoreTransport::kFile) source.root = url.local_path;
  return source;
}

// Git reads the platform's files: YAML only, none below a dot-directory, in the loader's path order.
bool is_platform_file(const std::string& path) {
  const fs::path p(path);
  if (p.extension() != ".yaml" && p.extension() != ".yml") return false;
  for (const fs::path& segment : p.parent_path()) {
    if (segment.string().front() == '.') return false;
  }
  return true;
}

std::vector<PlatformFile> platform_files(const std::map<std::string, std::string>& tree) {
  std::vector<PlatformFile> files;
  for (const auto& [path, text] : tree) {
    if (is_platform_file(path)) files.push_back({path, text});
  }
  std::sort(files.begin(), files.end(),
            [](const PlatformFile& a, const PlatformFile& b) { return fs::path(a.path) < fs::path(b.path); });
  return files;
}

LoadResult load_failure(const PlatformSource& source, const std::string& what) {
  LoadResult result;
  result.platform.root = source.root;
  result.errors.push_back(make_error("platform " + source.display() + ": " + what));
  return result;
}

}  // namespace

std::string PlatformSource::display() const {
  return from_git ? writer::redact_url(repository) + "@" + ref : argument;
}

Result<PlatformSource> parse_platform_argument(const std::string& argument, const std::string& ref) {
  auto url = writer::parse_store_url(argument, fs::current_path());
  if (url && url->transport != writer::StoreTransport::kLocalPath) return url_source(argument, *url, ref);
  const fs::path dir(argument);
  if (is_bare_repository(dir))
    return PlatformSource{argument, true, fs::absolute(dir).string(), branch_of(ref), dir};
  if (is_work_tree_top(dir)) {
    return PlatformSource{argument, !ref.empty(), fs::absolute(dir / ".git").string(),
                          ref.empty() ? "" : branch_of(ref), dir};
  }
  if (!ref.empty())
    return make_error("--platform-ref " + ref + " needs a Git repository, and " + argument + " is not one");
  return PlatformSource{argument, false, "", "", dir};
}

Result<writer::Credentials> platform_credentials(
    const std::function<std::optional<std::string>(const char*)>& env) {
  auto get = [&](const char* name) -> std::string {
    if (env) return env(name).value_or("");
    const char* value = std::getenv(name);
    return value ? value : "";
  };
  writer::Credentials credentials;
  // The password and passphrase are secret values: every output masks them (core/secret_values.h).
  if (const std::string password = get("FERRY_PLATFORM_PASSWORD"); !password.empty()) {
    remember_secret_value(password);
    credentials.basic = writer::BasicAuth{get("FERRY_PLATFORM_USERNAME"), password};
  }
  if (const std::string key = get("FERRY_PLATFORM_SSH_KEY_FILE"); !key.empty()) {
    writer::SshAuth ssh;
    ssh.private_key_file = key;
    ssh.passphrase = get("FERRY_PLATFORM_SSH_PASSPHRASE");
    remember_secret_value(ssh.passphrase);
    const std::string known_hosts = get("FERRY_PLATFORM_KNOWN_HOSTS_FILE");
    auto hosts = read_file_text(known_hosts);
    if (!hosts)
      return make_error("cannot read FERRY_PLATFORM_KNOWN_HOSTS_FILE \"" + known_hosts +
                        "\"; ssh platform repositories need the server's host key");
    ssh.known_hosts = *hosts;
    credentials.ssh = std::move(ssh);
  }
  return credentials;
}

writer::StoreSpec platform_store_spec(const PlatformSource& source, const std::string& branch,
                                      const PlatformAccess& access) {
  writer::StoreSpec spec;
  spec.url = source.repository;
  spec.branch = branch;
  spec.cache_dir = access.cache_dir;
  spec.credentials = access.credentials;
  spec.credentials.tls.ca_bundle = access.ca_bundle;
  spec.allow_insecure_http = access.allow_insecure_http;
  spec.platform_root = fs::current_path();
  return spec;
}

namespace {

LoadResult load_uncached(const PlatformSource& source, const PlatformAccess& access, ReleaseSource* releases,
                         LoadCacheUse* cache) {
  if (!source.from_git) return load_platform(source.root, releases, cache);
  auto url = writer::parse_store_url(source.repository, fs::current_path());
  std::error_code ec;
  if (url && !url->local_path.empty() && !fs::exists(url->local_path, ec))
    return load_failure(source, "no repository at " + url->local_path.string());
  auto store = writer::open_state_store(platform_store_spec(source, source.ref, access));
  if (!store) return load_failure(source, store.error().message);
  auto tree = (*store)->read_files("");
  if (!tree) return load_failure(source, tree.error().message);
  if (tree->empty())
    return load_failure(source, "no branch \"" + source.ref +
                                    "\" there, or it holds no files; name the branch with --platform-ref");
  return load_platform_files(source.root, platform_files(*tree), releases, cache);
}

}  // namespace

LoadResult load_platform_source(const PlatformSource& source, const PlatformAccess& access,
                                ReleaseSource* releases) {
  if (access.load_cache.empty()) return load_uncached(source, access, releases, nullptr);
  auto before = read_load_cache(access.load_cache);
  LoadCacheUse cache;
  if (before && *before) cache.before = &**before;
  LoadResult loaded = load_uncached(source, access, releases, &cache);
  if (!before) {
    loaded.warnings.push_back(make_error("the load cache " + access.load_cache.string() + " is not used (" +
                                         before.error().message +
                                         "); every file was parsed and the cache is rebuilt"));
  }
  if (!access.load_cache_read_only && load_cache_worth_writing(cache))
    (void)write_load_cache(access.load_cache, cache.after);
  loaded.cache_counts = {cache.requests_reused, cache.requests_checked};
  loaded.file_digests = std::move(cache.digests);
  return loaded;
}

}  // namespace ferry::runner
