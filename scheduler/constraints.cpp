#include "scheduler/constraints.h"

#include <array>
#include <cctype>
#include <optional>
#include <vector>

#include "core/finite_number.h"
#include "core/text_location.h"

namespace ferry::scheduler {
namespace {

struct Token {
  std::string text;
  std::size_t offset = 0;
  bool symbol = false;  // = == != > >= => < <= =< ( ) ,
};

constexpr std::array<std::string_view, 6> kTwoCharSymbols = {"==", "!=", ">=", "=>", "<=", "=<"};
constexpr std::string_view kOneCharSymbols = "=><(),";

bool ends_word(char c) {
  return std::isspace(static_cast<unsigned char>(c)) || c == '!' ||
         kOneCharSymbols.find(c) != std::string_view::npos;
}

// Splits the text into words and symbols; "!" alone is the only character that cannot start a token.
Result<std::vector<Token>> tokenize(std::string_view text, const SourceLocation& where) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const std::string_view rest = text.substr(i);
    bool two = false;
    for (std::string_view s : kTwoCharSymbols) two = two || rest.starts_with(s);
    if (two || kOneCharSymbols.find(text[i]) != std::string_view::npos) {
      tokens.push_back({std::string(rest.substr(0, two ? 2 : 1)), i, true});
      i += two ? 2 : 1;
      continue;
    }
    if (text[i] == '!') {
      return make_error(location_in_text(where, i), "unexpected \"!\": write \"!=\" or \"is not\"");
    }
    std::size_t end = i;
    while (end < text.size() && !ends_word(text[end])) ++end;
    tokens.push_back({std::string(text.substr(i, end - i)), i, false});
    i = end;
  }
  return tokens;
}

template <class Op>
struct Phrase {
  std::array<std::string_view, 4> words;  // unused trailing words are empty
  Op op;
  std::size_t size() const {
    std::size_t n = 0;
    while (n < words.size() && !words[n].empty()) ++n;
    return n;
  }
};

// Longer phrases first, so "is not" wins over "is" and "greater than or equal" over "greater than".
constexpr std::array<Phrase<Operator>, 7> kLabelOperators = {{
    {{"not", "in"}, Operator::not_in},
    {{"is", "not"}, Operator::not_equals},
    {{"in"}, Operator::in},
    {{"is"}, Operator::equals},
    {{"=="}, Operator::equals},
    {{"="}, Operator::equals},
    {{"!="}, Operator::not_equals},
}};

constexpr std::array<Phrase<MetricOperator>, 19> kMetricOperators = {{
    {{"greater", "than", "or", "equal"}, MetricOperator::greater_or_equal},
    {{"less", "than", "or", "equal"}, MetricOperator::less_or_equal},
    {{"greater", "than"}, MetricOperator::greater},
    {{"less", "than"}, MetricOperator::less},
    {{"is", "not"}, MetricOperator::not_equals},
    {{"is"}, MetricOperator::equals},
    {{"=="}, MetricOperator::equals},
    {{"="}, MetricOperator::equals},
    {{"!="}, MetricOperator::not_equals},
    {{"gte"}, MetricOperator::greater_or_equal},
    {{">="}, MetricOperator::greater_or_equal},
    {{"=>"}, MetricOperator::greater_or_equal},
    {{"gt"}, MetricOperator::greater},
    {{">"}, MetricOperator::greater},
    {{"lte"}, MetricOperator::less_or_equal},
    {{"<="}, MetricOperator::less_or_equal},
    {{"=<"}, MetricOperator::less_or_equal},
    {{"lt"}, MetricOperator::less},
    {{"<"}, MetricOperator::less},
}};

constexpr const char* kLabelOperatorList = "is, =, ==, is not, !=, in (...) or not in (...)";
constexpr const char* kMetricOperatorList =
    "is, =, ==, is not, !=, greater than, gt, >, greater than or equal, gte, >=, =>, less than, lt, <, "
    "less than or equal, lte, <=, =<";

// Walks the tokens and reports errors at the column of the token it stands on.
class Reader {
 public:
  Reader(std::vector<Token> tokens, std::string_view text, SourceLocation where)
      : tokens_(std::move(tokens)), end_(text.size()), where_(std::move(where)) {}

  bool at_end() const { return next_ >= tokens_.size(); }
  const Token* peek(std::size_t ahead = 0) const {
    return next_ + ahead < tokens_.size() ? &tokens_[next_ + ahead] : nullptr;
  }
  Token take() { return tokens_[next_++]; }
  std::string found() const { return at_end() ? "the end" : "\"" + tokens_[next_].text + "\""; }

  Error expected(const std::string& what) const {
    const std::size_t offset = at_end() ? end_ : tokens_[next_].offset;
    return make_error(location_in_text(where_, offset), "expected " + what + ", found " + found());
  }

  Result<std::string> word(const std::string& what) {
    if (at_end() || peek()->symbol) return expected(what);
    return take().text;
  }

  template <class Op, std::size_t N>
  std::optional<Op> phrase(const std::array<Phrase<Op>, N>& table) {
    for (const Phrase<Op>& p : table) {
      bool all = true;
      for (std::size_t k = 0; k < p.size() && all; ++k) all = peek(k) && peek(k)->text == p.words[k];
      if (!all) continue;
      next_ += p.size();
      return p.op;
    }
    return std::nullopt;
  }

  bool symbol(std::string_view s) {
    if (at_end() || !peek()->symbol || peek()->text != s) return false;
    ++next_;
    return true;
  }

 private:
  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  std::size_t end_;
  SourceLocation where_;
};

// "(a, b, c)": at least one value.
Result<std::vector<std::string>> value_list(Reader& reader) {
  if (!reader.symbol("(")) return reader.expected("\"(\" starting a list of values like (a, b)");
  std::vector<std::string> values;
  do {
    auto value = reader.word("a value");
    if (!value) return value.error();
    values.push_back(*value);
  } while (reader.symbol(","));
  if (!reader.symbol(")")) return reader.expected("\",\" or \")\"");
  return values;
}

}  // namespace

Result<Requirement> parse_label_constraint(std::string_view text, SourceLocation where) {
  auto tokens = tokenize(text, where);
  if (!tokens) return tokens.error();
  Reader reader(std::move(*tokens), text, where);
  auto label = reader.word("a label name");
  if (!label) return label.error();
  const auto op = reader.phrase(kLabelOperators);
  if (!op)
    return reader.expected(std::string("an operator (") + kLabelOperatorList + ") after \"" + *label + "\"");
  Requirement requirement{*label, "", *op};
  if (*op == Operator::in || *op == Operator::not_in) {
    auto values = value_list(reader);
    if (!values) return values.error();
    requirement.values = std::move(*values);
  } else {
    auto value = reader.word("a value");
    if (!value) return value.error();
    requirement.value = *value;
  }
  if (!reader.at_end()) return reader.expected("the end of the constraint");
  return requirement;
}

Result<MetricConstraint> parse_metric_constraint(std::string_view text, SourceLocation where) {
  auto tokens = tokenize(text, where);
  if (!tokens) return tokens.error();
  Reader reader(std::move(*tokens), text, where);
  auto metric = reader.word("a metric name");
  if (!metric) return metric.error();
  const auto op = reader.phrase(kMetricOperators);
  if (!op)
    return reader.expected(std::string("an operator (") + kMetricOperatorList + ") after \"" + *metric +
                           "\"");
  const std::optional<double> value = reader.at_end() || reader.peek()->symbol
                                          ? std::nullopt
                                          : parse_finite_number(reader.peek()->text, NumberSpelling::strtod);
  if (!value) return reader.expected("a number");
  reader.take();
  if (!reader.at_end()) return reader.expected("the end of the constraint");
  return MetricConstraint{*metric, *op, *value};
}

bool label_constraint_holds(const Requirement& constraint, const Labels& labels) {
  return labels.contains(constraint.key) && holds(constraint, labels);
}

bool satisfied(const MetricConstraint& c, double value) {
  switch (c.op) {
    case MetricOperator::equals:
      return value == c.value;
    case MetricOperator::not_equals:
      return value != c.value;
    case MetricOperator::greater:
      return value > c.value;
    case MetricOperator::greater_or_equal:
      return value >= c.value;
    case MetricOperator::less:
      return value < c.value;
    case MetricOperator::less_or_equal:
      return value <= c.value;
  }
  return false;
}

std::string to_string(const MetricConstraint& c) {
  static constexpr std::array<const char*, 6> kSymbols = {"==", "!=", ">", ">=", "<", "<="};
  std::string number = std::to_string(c.value);
  while (number.find('.') != std::string::npos && (number.back() == '0' || number.back() == '.')) {
    const bool dot = number.back() == '.';
    number.pop_back();
    if (dot) break;
  }
  return c.metric + " " + kSymbols[static_cast<std::size_t>(c.op)] + " " + number;
}

}  // namespace ferry::scheduler
