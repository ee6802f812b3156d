// ServiceAccountFiles (service_account_files.h) on ScratchDirectory, which removes it.
#include "api/service_account_files.h"

#include "core/file_text.h"

namespace fs = std::filesystem;

namespace ferry::api {

Result<ServiceAccountFiles> ServiceAccountFiles::write(const fs::path& root, const std::string& token,
                                                       const std::string& ca_certificate_pem) {
  std::error_code ec;
  auto directory = ScratchDirectory::create(root, "account-", ec);
  if (!directory)
    return make_error("cannot create a service account directory in " + root.string() + ": " + ec.message());
  fs::permissions(directory->path(),
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                      fs::perms::others_read | fs::perms::others_exec,
                  ec);
  if (ec) return make_error("cannot make " + directory->path().string() + " readable: " + ec.message());
  ServiceAccountFiles files(std::move(*directory));
  if (Status written = write_file_bytes(files.path() / "token", token); !written) return written.error();
  if (Status written = write_file_bytes(files.path() / "ca.crt", ca_certificate_pem); !written)
    return written.error();
  return files;
}

Status ServiceAccountFiles::write_namespace(const std::string& namespace_name) const {
  return write_file_bytes(path() / "namespace", namespace_name);
}

}  // namespace ferry::api
