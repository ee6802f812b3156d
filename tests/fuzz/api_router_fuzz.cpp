// Fuzz target: the platform API's router (api/router.h) on one request: the first line is the method and
// the request-target, the second the Content-Type, the rest the body. The pipeline may do everything
// everywhere (so every handler runs past authorisation); it has no secrets or config maps directories, so
// no input reads or writes a file. The body is also read as a Secret and a ConfigMap and as a merge
// patch of one, and the target's query as a labelSelector.
#include <sstream>

#include "api/json_body.h"
#include "api/merge_patch.h"
#include "api/object_json.h"
#include "api/router.h"
#include "api/selector_query.h"
#include "tests/fuzz/fuzz_input.h"
#include "tests/support/recording_pipeline_objects.h"

namespace {

ferry::api::HttpRequest request_of(const std::string& text) {
  std::istringstream lines(text);
  ferry::api::HttpRequest request;
  std::string first;
  std::getline(lines, first);
  const std::size_t space = first.find(' ');
  request.method = first.substr(0, space);
  request.target = space == std::string::npos ? "" : first.substr(space + 1);
  std::getline(lines, request.content_type);
  request.body.assign(std::istreambuf_iterator<char>(lines), {});
  return request;
}

void read_body(const std::string& body) {
  std::string why;
  const auto parsed = ferry::api::parse_json_body(body, why);
  if (!parsed) return;
  for (auto kind : {ferry::api::StoredKind::secret, ferry::api::StoredKind::config_map}) {
    (void)ferry::api::object_from_json(kind, *parsed, "default", "");
    const ferry::api::StoredObject current{"default", "db", {{"k", "v"}}, {{"a", "b"}}};
    const nlohmann::json patched = ferry::api::merge_patched(ferry::api::object_json(kind, current), *parsed);
    (void)ferry::api::object_from_json(kind, patched, "default", "db");
    (void)ferry::api::strategic_directive(*parsed);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ferry::api::HttpRequest request = request_of(ferry::fuzz::as_text(data, size));
  ferry::api::RecordingPipelineObjects objects(
      nlohmann::json::parse(
          R"({"apiVersion":"x.io/v1","kind":"Thing","metadata":{"name":"a","namespace":"default"}})"),
      nlohmann::json::parse(
          R"({"apiVersion":"platform.kratix.io/v1alpha1","kind":"Promise","metadata":{"name":"p"}})"));
  ferry::api::PipelineView view;
  view.access = {"default", "sa", ferry::api::WorkflowType::resource, {{"*", {"*"}, {"*"}, {}, {"*"}}}};
  view.object_kind = {"x.io", "v1", "Thing", "things", "thing", true};
  view.objects = &objects;
  ferry::api::Router router(view);
  const ferry::api::HttpResponse response = router.handle(request);
  if (response.code < 200 || response.code > 599) __builtin_trap();
  if (response.content_type == "application/json" && !nlohmann::json::accept(response.body)) __builtin_trap();
  if (auto target = ferry::api::parse_target(request.target)) {
    const auto selector = target->query.find("labelSelector");
    if (selector != target->query.end()) (void)ferry::api::parse_selector_query(selector->second);
  }
  read_body(request.body);
  return 0;
}
