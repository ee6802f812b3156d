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

bool holds(const Requirement& r, const Labels& labels) {
  const auto found = labels.find(r.key);
  const bool present = found != labels.end();
  const auto listed = [&] {
    return std::find(r.values.begin(), r.values.end(), found->second) != r.values.end();
  };
  switch (r.op) {
    case Operator::equals:
      return present && found->second == r.value;
    case Operator::not_equals:
      return !present || found->second != r.value;
    case Operator::in:
      return present && listed();
    case Operator::not_in:
      return !present || !listed();
    case Operator::exists:
      return present;
    case Operator::does_not_exist:
      return !present;
    case Operator::greater_than:
    case Operator::less_than:
      return present && matches(LabelExpression{r.key,
                                                r.op == Operator::greater_than ? LabelOperator::greater_than
                                                                               : LabelOperator::less_than,
                                                r.values},
                                labels);
  }
  return false;
}

bool matches(const Selector& selector, const Labels& labels) {
  return std::all_of(selector.begin(), selector.end(),
                     [&](const Requirement& r) { return holds(r, labels); });
}

std::string to_string(const Requirement& r) {
  std::string joined;
  for (const std::string& v : r.values) joined += (joined.empty() ? "" : ",") + v;
  switch (r.op) {
    case Operator::equals:
      return r.key + "=" + r.value;
    case Operator::not_equals:
      return r.key + "!=" + r.value;
    case Operator::in:
      return r.key + " in (" + joined + ")";
    case Operator::not_in:
      return r.key + " notin (" + joined + ")";
    case Operator::exists:
      return r.key;
    case Operator::does_not_exist:
      return "!" + r.key;
    case Operator::greater_than:
      return r.key + ">" + joined;
    case Operator::less_than:
      return r.key + "<" + joined;
  }
  return r.key;
}

std::string to_string(const Selector& selector) {
  if (selector.empty()) return "<empty>";
  std::string text;
  // Appended piece by piece: gcc 12 at -O3 reports a false -Wrestrict in `"," + std::string`.
  for (const Requirement& r : selector) {
    if (!text.empty()) text += ',';
    text += to_string(r);
  }
  return text;
}

Requirement to_requirement(const LabelExpression& expression) {
  switch (expression.op) {
    case LabelOperator::in:
      return Requirement{expression.key, "", Operator::in, expression.values};
    case LabelOperator::not_in:
      return Requirement{expression.key, "", Operator::not_in, expression.values};
    case LabelOperator::exists:
      return Requirement{expression.key, "", Operator::exists};
    case LabelOperator::does_not_exist:
      return Requirement{expression.key, "", Operator::does_not_exist};
    case LabelOperator::greater_than:
      return Requirement{expression.key, "", Operator::greater_than, expression.values};
    case LabelOperator::less_than:
      return Requirement{expression.key, "", Operator::less_than, expression.values};
  }
  return Requirement{expression.key, "", Operator::exists};
}

Selector to_selector(const LabelSelector& selector) {
  Selector requirements;
  for (const auto& [key, value] : selector.match_labels) requirements.push_back(Requirement{key, value});
  for (const LabelExpression& e : selector.match_expressions) requirements.push_back(to_requirement(e));
  return requirements;
}

}  // namespace ferry::scheduler
