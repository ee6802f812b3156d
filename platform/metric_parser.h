// Metric and MetricsProvider documents (scheduling.ferry.dev/v1alpha1) -> scheduler::Metric and
// scheduler::MetricsProvider.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "scheduler/metrics.h"

namespace ferry::runner {

// Parse a document of kind Metric / MetricsProvider (kind checked by the caller; apiVersion checked here).
// Errors are located (file:line:column) and pinned by tests/platform/metric_parser_test.cpp.
Result<scheduler::Metric> parse_metric(const YamlDocument& document);
Result<scheduler::MetricsProvider> parse_metrics_provider(const YamlDocument& document);

}  // namespace ferry::runner
