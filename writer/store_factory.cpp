#include "writer/store_factory.h"

#include "writer/local_git_repo.h"
#include "writer/remote_git_repo.h"
#include "writer/store_url.h"

namespace ferry::writer {
namespace {

template <class Store>
Result<std::unique_ptr<StateStore>> as_state_store(Result<std::unique_ptr<Store>> opened) {
  if (!opened) return opened.error();
  return std::unique_ptr<StateStore>(std::move(opened).value());
}

}  // namespace

Result<std::unique_ptr<StateStore>> open_state_store(const StoreSpec& spec) {
  auto url = parse_store_url(spec.url, spec.platform_root);
  if (!url) return url.error();
  switch (url->transport) {
    case StoreTransport::kLocalPath:
      return as_state_store(LocalGitRepo::open(url->local_path, spec.branch));
    case StoreTransport::kFile:
      if (spec.file_urls == FileUrlMode::kLocal) {
        std::error_code error;
        if (!std::filesystem::exists(url->local_path, error)) {
          return make_error("state store " + url->display + ": no repository at " + url->local_path.string());
        }
        return as_state_store(LocalGitRepo::open(url->local_path, spec.branch));
      }
      break;
    default:
      break;
  }
  return as_state_store(RemoteGitRepo::open(spec));
}

}  // namespace ferry::writer
