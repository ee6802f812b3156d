// Fuzz target: merging a pipeline's /kratix/metadata/status.yaml (untrusted, written by a container) into
// the object's current status, and writing the result back into the object (pipeline/status_merge.h).
// Input: the current status as YAML, a line "#%status.yaml", then status.yaml's text (without the line,
// the whole input is status.yaml over an empty status). Both merge modes run, as last pipeline or not.
#include "core/yaml_document.h"
#include "pipeline/status_merge.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

constexpr const char* kObject =
    "apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: a}\nspec: {size: 1}\n";

YAML::Node current_status(const std::string& text) {
  auto documents = ferry::parse_yaml_stream(text, "status");
  if (!documents || documents->empty()) return YAML::Node();
  return documents->front().node;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [current_text, status_yaml] =
      ferry::fuzz::split_at_marker(ferry::fuzz::as_text(data, size), "#%status.yaml");
  const YAML::Node current = current_status(current_text);
  ferry::pipeline::MergeContext context;
  context.workflow_type = "resource";
  for (const auto mode :
       {ferry::pipeline::MergeMode::recursive, ferry::pipeline::MergeMode::kratix_shallow}) {
    context.mode = mode;
    context.is_last_pipeline = mode == ferry::pipeline::MergeMode::recursive;
    auto merged =
        ferry::pipeline::merge_status(current, status_yaml, "/kratix/metadata/status.yaml", context);
    if (!merged) {
      (void)merged.error().render();
      continue;
    }
    (void)ferry::pipeline::object_with_status(kObject, *merged);
    (void)ferry::pipeline::object_with_status(current_text, *merged);
  }
  return 0;
}
