// The platform API's router: one HTTP request of one pipeline in, one response out, as the Kubernetes API
// server would answer it. In order: the target is parsed (400), discovery and /version are answered to
// everyone (Kubernetes grants them to every authenticated user), a resource request is authorised against
// the pipeline's effective permissions (403), server-side dry run is refused (400), then the resource is
// looked up (404) and its verb served (405 for a verb ferry does not serve).
#pragma once

#include <chrono>
#include <functional>

#include "api/http_exchange.h"
#include "api/object_directory.h"
#include "api/pipeline_view.h"

namespace ferry::api {

class Router {
 public:
  using Clock = std::function<std::chrono::system_clock::time_point()>;
  // `view.objects` must outlive the router. `clock` gives created objects their creationTimestamp.
  explicit Router(PipelineView view, Clock clock = std::chrono::system_clock::now);

  HttpResponse handle(const HttpRequest& request);

  const PipelineView& view() const { return view_; }

 private:
  PipelineView view_;
  Clock clock_;
  std::vector<Permission> permissions_;
  std::vector<ServedKind> kinds_;
  ObjectDirectory secrets_;
  ObjectDirectory config_maps_;
};

}  // namespace ferry::api
