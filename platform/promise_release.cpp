// How messages name a PromiseRelease (promise_release.h).
#include "platform/promise_release.h"

namespace ferry::runner {

std::string release_name(const PromiseRelease& release) {
  return "PromiseRelease \"" + release.name + "\"";
}

}  // namespace ferry::runner
