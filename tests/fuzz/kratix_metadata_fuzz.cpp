// Fuzz target: the files a pipeline container writes under /kratix/metadata, read as ferry reads them after
// the container succeeds: workflow-control.yaml and status.yaml through WorkflowStatus::after_pipeline_texts
// (pipeline/workflow_status.h: the control request, the status merge, the suspension written into the
// status), and destination-selectors.yaml and cluster-selectors.yaml (pipeline/destination_selectors.h).
// Input: sections, each after a line "#%status.yaml", "#%workflow-control.yaml" or
// "#%destination-selectors.yaml" (text before the first marker is status.yaml; a file without a section is
// absent). An input without any marker line is each of the files in turn.
#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <string>

#include "pipeline/destination_selectors.h"
#include "pipeline/workflow_status.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

constexpr std::array<const char*, 3> kFiles = {"status.yaml", "workflow-control.yaml",
                                               "destination-selectors.yaml"};
constexpr const char* kObject =
    "apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: a, namespace: default}\nspec: {size: 1}\n";

using MetadataFiles = std::map<std::string, std::string>;  // file name -> text; absent when not there

// The sections of `text` by their marker lines; nullopt when it has none.
std::optional<MetadataFiles> sections(const std::string& text) {
  MetadataFiles files;
  std::string current = kFiles[0];
  bool marked = false;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    const auto file = std::find_if(kFiles.begin(), kFiles.end(),
                                   [&](const char* name) { return line == std::string("#%") + name; });
    if (file != kFiles.end()) {
      current = *file;
      marked = true;
      files[current];  // present, perhaps empty
    } else {
      files[current] += text.substr(at, end + 1 - at);
    }
    at = end + 1;
  }
  if (!marked) return std::nullopt;
  return files;
}

std::optional<std::string> file(const MetadataFiles& files, const std::string& name) {
  const auto found = files.find(name);
  if (found == files.end()) return std::nullopt;
  return found->second;
}

// Two pipelines of one configure workflow, both leaving the same files, as a run would read them.
void read_as_ferry_does(const MetadataFiles& files) {
  const auto now = std::chrono::system_clock::time_point(std::chrono::seconds(1'700'000'000));
  ferry::pipeline::WorkflowStatus status("resource", "configure", now);
  for (const bool is_last : {false, true}) {
    auto suspension =
        status.after_pipeline_texts(file(files, "workflow-control.yaml"), file(files, "status.yaml"),
                                    is_last ? "second" : "first", is_last);
    if (!suspension) {
      (void)suspension.error().render();
      break;
    }
    (void)status.object_for_next_pipeline(kObject);
    (void)status.status_yaml();
    (void)status.message();
    if (*suspension) break;  // later pipelines do not run
  }
  const auto selectors = file(files, "destination-selectors.yaml");
  if (!selectors) return;
  if (auto entries = ferry::pipeline::parse_destination_selectors(*selectors, "destination-selectors.yaml")) {
    for (const ferry::pipeline::SelectorEntry& entry : *entries) {
      (void)ferry::to_string(ferry::LabelSelector{entry.match_labels, entry.match_expressions});
    }
  } else {
    (void)entries.error().render();
  }
  if (auto labels = ferry::pipeline::parse_cluster_selectors(*selectors, "cluster-selectors.yaml"); !labels) {
    (void)labels.error().render();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = ferry::fuzz::as_text(data, size);
  if (auto files = sections(text)) {
    read_as_ferry_does(*files);
    return 0;
  }
  for (const char* name : kFiles) read_as_ferry_does({{name, text}});
  return 0;
}
