// Fuzz target: a pipeline's /kratix/metadata/destination-selectors.yaml and the older API's
// cluster-selectors.yaml (pipeline/workflow.h), both written by untrusted pipeline containers.
#include "pipeline/workflow.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = ferry::fuzz::as_text(data, size);
  if (auto entries = ferry::pipeline::parse_destination_selectors(text, "destination-selectors.yaml")) {
    for (const ferry::pipeline::SelectorEntry& entry : *entries) {
      (void)ferry::to_string(ferry::LabelSelector{entry.match_labels, entry.match_expressions});
    }
  } else {
    (void)entries.error().render();
  }
  if (auto labels = ferry::pipeline::parse_cluster_selectors(text, "cluster-selectors.yaml"); !labels) {
    (void)labels.error().render();
  }
  return 0;
}
