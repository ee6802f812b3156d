#include "core/yaml_prepass.h"

namespace ferry {

void YamlPrePass::OnDocumentStart(const YAML::Mark& mark) {
  start = mark;
  open_.clear();
  anchored_.clear();  // anchors are per document
}

void YamlPrePass::OnDocumentEnd() {}

void YamlPrePass::add(std::size_t nodes, const YAML::Mark& mark) {
  if (refusal || open_.empty()) return;
  open_.back().nodes += nodes;
  if (open_.back().nodes > max_nodes_) {
    refusal = Refusal{mark, "invalid YAML: its aliases expand to more than " + std::to_string(max_nodes_) +
                                " nodes; write the repeated content out instead of nesting aliases"};
  }
}

void YamlPrePass::open(YAML::anchor_t anchor) {
  open_.push_back({anchor, 1});
}

void YamlPrePass::close() {
  if (open_.empty()) return;
  const Open done = open_.back();
  open_.pop_back();
  if (done.anchor != YAML::NullAnchor) anchored_[done.anchor] = done.nodes;
  add(done.nodes, last_);
}

void YamlPrePass::OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) {
  last_ = mark;
  if (anchor != YAML::NullAnchor) anchored_[anchor] = 1;
  add(1, mark);
}

void YamlPrePass::OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                           const std::string&) {
  OnNull(mark, anchor);
}

void YamlPrePass::OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) {
  last_ = mark;
  if (refusal) return;
  const auto size = anchored_.find(anchor);
  if (size == anchored_.end()) {  // its node has not ended: the alias is inside it
    refusal = Refusal{mark,
                      "invalid YAML: this alias refers to a node that contains it, a cycle without end; "
                      "write the content out instead"};
    return;
  }
  add(size->second, mark);
}

void YamlPrePass::OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                                  YAML::EmitterStyle::value) {
  last_ = mark;
  open(anchor);
}

void YamlPrePass::OnSequenceEnd() {
  close();
}

void YamlPrePass::OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                             YAML::EmitterStyle::value) {
  last_ = mark;
  open(anchor);
}

void YamlPrePass::OnMapEnd() {
  close();
}

}  // namespace ferry
