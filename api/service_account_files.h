// One pipeline's service-account directory, as Kubernetes mounts it at
// /var/run/secrets/kubernetes.io/serviceaccount: `token` and `ca.crt`, written by the kit's maker below the
// run's scratch directory (never elsewhere) ahead of the pipeline, and `namespace`, which depends on the
// pipeline and is written by its host when it starts. Removed, with everything in it, when its owner lets
// it go: the kit pool removes a used one on its own thread (api_kit_pool.h), off the next container's path.
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"
#include "core/scratch_directory.h"

namespace ferry::api {

class ServiceAccountFiles {
 public:
  // `<root>/account-XXXXXX` (root made when missing), mode 0755 as a mounted service account's directory
  // is (a container may run as another user), with `token` and `ca.crt`. Errors name the path and reason.
  static Result<ServiceAccountFiles> write(const std::filesystem::path& root, const std::string& token,
                                           const std::string& ca_certificate_pem);

  const std::filesystem::path& path() const { return directory_.path(); }
  // Writes `namespace` beside the token.
  Status write_namespace(const std::string& namespace_name) const;

 private:
  explicit ServiceAccountFiles(ScratchDirectory directory) : directory_(std::move(directory)) {}
  ScratchDirectory directory_;  // move-only; removed with its files when destroyed
};

}  // namespace ferry::api
