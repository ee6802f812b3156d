// A fetched body checked through released_promise.h (release_body.h).
#include "platform/release_body.h"

#include "platform/released_promise.h"

namespace ferry::runner {

Status check_release_body(const PromiseRelease& release, const std::string& body) {
  PromiseRelease copy = release;
  auto document = released_promise_document(copy, body);
  if (!document) return document.error();
  return ok();
}

}  // namespace ferry::runner
