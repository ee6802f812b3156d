// Krake's constraint languages (seed 003, "Constraints"), on Destination labels and metrics:
//   label:  "<label> is|=|== <value>", "<label> is not|!= <value>", "<label> in (<v>, ...)",
//           "<label> not in (<v>, ...)"
//   metric: "<metric> is|=|==|is not|!= <n>", "greater than|gt|>", "greater than or equal|gte|>=|=>",
//           "less than|lt|<", "less than or equal|lte|<=|=<" followed by a number.
// Words and symbols may be separated by any spaces; symbols need none ("env!=dev", "load>=0.5").
#pragma once

#include <string>
#include <string_view>

#include "core/error.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {

enum class MetricOperator { equals, not_equals, greater, greater_or_equal, less, less_or_equal };

struct MetricConstraint {
  std::string metric;
  MetricOperator op = MetricOperator::equals;
  double value = 0;
  bool operator==(const MetricConstraint&) const = default;
};

// `where` is the location of the constraint's first character; a parse error points at
// where.column + the offset of the offending word and says what was expected there.
Result<Requirement> parse_label_constraint(std::string_view text, SourceLocation where);
Result<MetricConstraint> parse_metric_constraint(std::string_view text, SourceLocation where);

// Whether a Krake label constraint holds on a Destination's labels. Seed 003 deploys "only to backends
// that match all defined labels": a Destination without the label matches no constraint on it, the
// negations (`is not`, `!=`, `not in`) included. Kubernetes' matchExpressions differ (NotIn holds on a
// missing label): they go through holds() in scheduler/selector.h.
bool label_constraint_holds(const Requirement& constraint, const Labels& labels);

// Whether a metric value (the same scale as the constraint's number) satisfies the constraint.
bool satisfied(const MetricConstraint& constraint, double value);

// "load >= 0.5" (the symbolic spelling).
std::string to_string(const MetricConstraint& constraint);

}  // namespace ferry::scheduler
