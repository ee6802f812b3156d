#include "writer/tls_trust.h"

#include <mutex>
#include <optional>
#include <set>

#include "core/file_text.h"
#include "writer/git_handles.h"
#include "writer/temp_file.h"

namespace ferry::writer {
namespace {

constexpr const char* kSystemBundle = "/etc/ssl/certs/ca-certificates.crt";

struct TrustedSet {
  std::shared_mutex mutex;
  std::set<std::filesystem::path> bundles;
  std::string pem;  // every trusted certificate, the system's first
};

TrustedSet& trusted() {
  static TrustedSet set;
  return set;
}


}  // namespace

Status trust_ca_bundle(const std::filesystem::path& bundle, const std::string& store) {
  git::ensure_initialised();
  std::error_code ignored;
  const std::filesystem::path path = std::filesystem::weakly_canonical(bundle, ignored);
  TrustedSet& set = trusted();
  {
    const std::shared_lock lock(set.mutex);
    if (set.bundles.contains(path)) return ok();
  }
  const std::string named = bundle.string() + " of " + store;
  const auto text = read_file_text(path);
  if (!text) return make_error("cannot read CA bundle " + named);
  if (text->find("-----BEGIN CERTIFICATE-----") == std::string::npos) {
    return make_error("CA bundle " + named + " holds no PEM certificate");
  }
  const std::unique_lock lock(set.mutex);
  if (set.bundles.contains(path)) return ok();
  std::string pem = set.bundles.empty() ? read_file_text(kSystemBundle).value_or("") : set.pem;
  pem += "\n" + *text;
  auto file = TempFile::create("ca-bundle", pem);
  if (!file) return file.error();
  if (git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file->path().c_str(), nullptr) != 0) {
    return git::failure("cannot load CA bundle " + named);
  }
  set.bundles.insert(path);
  set.pem = std::move(pem);
  return ok();
}

std::shared_lock<std::shared_mutex> network_guard() {
  return std::shared_lock(trusted().mutex);
}

}  // namespace ferry::writer
