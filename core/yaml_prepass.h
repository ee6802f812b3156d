// A first pass over a YAML stream's parser events, before yaml-cpp builds any node: it finds where each
// document starts (for the stalled-stream guard of yaml_document.cpp) and checks aliases. yaml-cpp builds
// an alias as the very node its anchor names, so a recursive alias (`spec: &s {self: *s}`) becomes a cycle
// that every later walk follows until the stack overflows, and nested aliases (each a list of ten copies of
// the last) expand a kilobyte into billions of nodes. Both are refused here, at the alias, by counting: the
// size of each anchored node is known when it ends, so the expanded size of a document is a sum, never a
// walk.
// It also refuses a quoted string without its closing quote (`team: "abc` at the end of a file): yaml-cpp
// (0.7 and 0.8) ends such a scalar at the end of the stream and accepts it, folding every later line
// into it.
#pragma once

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ferry {

class YamlPrePass : public YAML::EventHandler {
 public:
  // A document whose aliases expand to more than `max_nodes` nodes is refused. `text` is the stream the
  // parser reads (for the quotes), and must outlive the pass.
  YamlPrePass(std::size_t max_nodes, std::string_view text) : max_nodes_(max_nodes), text_(text) {}

  void OnDocumentStart(const YAML::Mark& mark) override;
  void OnDocumentEnd() override;
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override;
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override;
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override;
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override;
  void OnSequenceEnd() override;
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override;
  void OnMapEnd() override;

  YAML::Mark start;  // where the last document started
  // The first alias or unterminated quote refused, where it is and why ("invalid YAML: ..."); nothing after
  // it counts.
  struct Refusal {
    YAML::Mark mark;
    std::string message;
  };
  std::optional<Refusal> refusal;

 private:
  struct Open {
    YAML::anchor_t anchor;
    std::size_t nodes;  // expanded, so far
  };
  void add(std::size_t nodes, const YAML::Mark& mark);
  void open(YAML::anchor_t anchor);
  void close();

  std::size_t max_nodes_;
  std::string_view text_;
  std::vector<Open> open_;                          // the collections being read, outermost first
  std::map<YAML::anchor_t, std::size_t> anchored_;  // an anchor's expanded size, once its node has ended
  YAML::Mark last_;                                 // of the last node that started
};

}  // namespace ferry
