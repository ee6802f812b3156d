#include "scheduler/selector.h"

#include <algorithm>

namespace ferry::scheduler {

Labels squash(const std::vector<Labels>& entries) {
  Labels merged;
  for (const Labels& entry : entries) merged.insert(entry.begin(), entry.end());  // insert keeps the first
  return merged;
}

Selector resolve_kratix(const std::vector<SelectorTerm>& terms) {
  Labels merged;
  for (SelectorSource source :
       {SelectorSource::resource_workflow, SelectorSource::promise_workflow, SelectorSource::promise}) {
    std::vector<Labels> of_source;
    for (const SelectorTerm& term : terms) {
      if (term.source == source) of_source.push_back(term.match_labels);
    }
    for (auto& [key, value] : squash(of_source)) merged[key] = value;  // later source overwrites
  }
  Selector selector;
  for (auto& [key, value] : merged) selector.push_back(Requirement{key, value});
  return selector;
}

Selector merge_without_overwrite(const Labels& promise_selector, const Labels& pipeline_selector) {
  Selector selector;
  for (auto& [key, value] : promise_selector) selector.push_back(Requirement{key, value});
  for (auto& [key, value] : pipeline_selector) selector.push_back(Requirement{key, value});
  return selector;
}

bool matches(const Selector& selector, const Labels& labels) {
  return std::all_of(selector.begin(), selector.end(), [&](const Requirement& r) {
    auto found = labels.find(r.key);
    return found != labels.end() && found->second == r.value;
  });
}

std::string to_string(const Selector& selector) {
  if (selector.empty()) return "<empty>";
  std::string text;
  for (const Requirement& r : selector) {
    if (!text.empty()) text += ",";
    text += r.key + "=" + r.value;
  }
  return text;
}

}  // namespace ferry::scheduler
