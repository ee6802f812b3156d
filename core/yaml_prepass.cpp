#include "core/yaml_prepass.h"

namespace ferry {
namespace {

// Whether the quoted scalar opened at text[open] ('"' or '\'') has its closing quote: a double-quoted one
// ends at a '"' not escaped by '\', a single-quoted one at a '\'' that is not "''" (YAML 1.2 §7.3).
bool closes(std::string_view text, std::size_t open) {
  const char quote = text[open];
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote == '"' || i + 1 >= text.size() || text[i + 1] != '\'') return true;
      ++i;
    }
  }
  return false;
}

}  // namespace

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
  // A mark's pos counts the bytes after a UTF-8 byte order mark. A scalar with a tag or an anchor starts at
  // those, and is not checked.
  const std::size_t at = static_cast<std::size_t>(mark.pos) + (text_.starts_with("\xEF\xBB\xBF") ? 3 : 0);
  if (refusal || mark.pos < 0 || at >= text_.size()) return;
  const char quote = text_[at];
  if ((quote == '"' || quote == '\'') && !closes(text_, at)) {
    refusal = Refusal{mark, std::string("invalid YAML: the string that starts here has no closing ") + quote +
                                "; add it where the string ends"};
  }
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
