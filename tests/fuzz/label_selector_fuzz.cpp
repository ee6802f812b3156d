// Fuzz target: Kubernetes label selectors as YAML (core/label_selector.h), the form of Promise
// destinationSelectors, PlacementPolicy and Location selectors. Each document is read as a selector map
// (with "directory" allowed, as destination-selectors.yaml entries have it) and as a bare matchExpressions
// list; a parsed selector is printed and matched, also as the scheduler's Selector.
#include "core/label_selector_parser.h"
#include "scheduler/selector.h"
#include "tests/fuzz/fuzz_input.h"

namespace {

const ferry::Labels& sample_labels() {
  static const ferry::Labels labels = {{"env", "dev"}, {"zone", "eu"}, {"gpu", ""}};
  return labels;
}

void exercise(const ferry::LabelSelector& selector) {
  (void)ferry::to_string(selector);
  (void)ferry::matches(selector, sample_labels());
  const ferry::scheduler::Selector requirements = ferry::scheduler::to_selector(selector);
  (void)ferry::scheduler::to_string(requirements);
  (void)ferry::scheduler::matches(requirements, sample_labels());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "selector.yaml";
  auto documents = ferry::parse_yaml_stream(ferry::fuzz::as_text(data, size), file);
  if (!documents) return 0;
  for (const ferry::YamlDocument& document : *documents) {
    if (auto selector = ferry::parse_label_selector(document.node, "selector", file, {"directory"})) {
      exercise(*selector);
    }
    YAML::Node wrapper(YAML::NodeType::Map);
    wrapper["matchExpressions"] = document.node;
    if (auto expressions = ferry::optional_label_expressions(wrapper, "matchExpressions", "expr", file)) {
      exercise(ferry::LabelSelector{{}, *expressions});
    }
  }
  return 0;
}
