// Parsing Metric and MetricsProvider documents (Krake's GlobalMetric and GlobalMetricsProvider, seed 003).
#include "platform/metric_parser.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

using runner::parse_metric;
using runner::parse_metrics_provider;

YamlDocument document(const std::string& text) {
  auto docs = parse_yaml_stream(text, "metrics.yaml");
  EXPECT_TRUE(docs.ok()) << docs.error().render();
  return docs->at(0);
}

const std::string kMetricsApiHead = "apiVersion: scheduling.ferry.dev/v1alpha1\n";

// Seed 003's GlobalMetric example, as ferry's kind.
TEST(Metric, ParsesTheSeedExample) {
  auto metric = parse_metric(document(kMetricsApiHead + R"(kind: Metric
metadata:
  name: heat_demand_zone_1
spec:
  max: 5.0
  min: 0.0
  provider:
    metric: heat_demand_zone_1
    name: static_provider
)"));
  ASSERT_TRUE(metric.ok()) << metric.error().render();
  EXPECT_EQ(metric->name, "heat_demand_zone_1");
  EXPECT_EQ(metric->min, 0.0);
  EXPECT_EQ(metric->max, 5.0);
  EXPECT_EQ(metric->provider, "static_provider");
  EXPECT_EQ(metric->provider_metric, "heat_demand_zone_1");
  EXPECT_EQ(metric->where.render(), "metrics.yaml:1:1");
}

// Seed 003's note: the name on the provider may differ from the Metric's own name; absent, it is the same.
TEST(Metric, ProviderMetricDefaultsToTheMetricName) {
  const std::string spec = "kind: Metric\nmetadata: {name: latency_from_A}\nspec:\n  min: 0\n  max: 100\n";
  auto named =
      parse_metric(document(kMetricsApiHead + spec + "  provider: {name: prom_a, metric: latency}\n"));
  ASSERT_TRUE(named.ok()) << named.error().render();
  EXPECT_EQ(named->provider_metric, "latency");
  auto unnamed = parse_metric(document(kMetricsApiHead + spec + "  provider: {name: prom_a}\n"));
  ASSERT_TRUE(unnamed.ok()) << unnamed.error().render();
  EXPECT_EQ(unnamed->provider_metric, "latency_from_A");
}

struct ErrorCase {
  const char* what;
  std::string text;
  const char* error;
};
void PrintTo(const ErrorCase& c, std::ostream* out) {
  *out << c.what;
}  // stable test names in ctest

class MetricErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(MetricErrors, AreLocatedAndPinned) {
  auto metric = parse_metric(document(GetParam().text));
  ASSERT_FALSE(metric.ok());
  EXPECT_EQ(metric.error().render(), GetParam().error);
}

const std::string kMetricMeta = kMetricsApiHead + "kind: Metric\nmetadata: {name: m}\n";

INSTANTIATE_TEST_SUITE_P(
    Table, MetricErrors,
    ::testing::Values(
        ErrorCase{
            "WrongApiVersion", "apiVersion: platform.kratix.io/v1alpha1\nkind: Metric\n",
            "metrics.yaml:1:13: \"apiVersion\" of a Metric must be scheduling.ferry.dev/v1alpha1, found "
            "platform.kratix.io/v1alpha1"},
        ErrorCase{"NoName", kMetricsApiHead + "kind: Metric\nmetadata: {}\n",
                  "metrics.yaml:3:11: missing required field \"metadata.name\""},
        ErrorCase{"NoSpec", kMetricMeta, "metrics.yaml:1:1: missing required field \"spec\""},
        ErrorCase{"NoMin", kMetricMeta + "spec:\n  max: 1\n",
                  "metrics.yaml:5:3: missing required field \"spec.min\""},
        ErrorCase{"NoMax", kMetricMeta + "spec:\n  min: 1\n",
                  "metrics.yaml:5:3: missing required field \"spec.max\""},
        ErrorCase{"MinNotANumber", kMetricMeta + "spec:\n  min: low\n  max: 1\n",
                  "metrics.yaml:5:8: \"spec.min\" must be a number, found \"low\""},
        ErrorCase{"MaxAList", kMetricMeta + "spec:\n  min: 0\n  max: [1]\n",
                  "metrics.yaml:6:8: \"spec.max\" must be a number, found a list"},
        ErrorCase{"MaxInfinite", kMetricMeta + "spec:\n  min: 0\n  max: .inf\n",
                  "metrics.yaml:6:8: \"spec.max\" must be a number, found \".inf\""},
        ErrorCase{"MinEqualsMax", kMetricMeta + "spec:\n  min: 5\n  max: 5.0\n",
                  "metrics.yaml:6:8: \"spec.max\" (5) must be greater than \"spec.min\" (5)"},
        ErrorCase{"MinAboveMax", kMetricMeta + "spec:\n  min: 2.5\n  max: -1\n",
                  "metrics.yaml:6:8: \"spec.max\" (-1) must be greater than \"spec.min\" (2.5)"},
        ErrorCase{"NoProvider", kMetricMeta + "spec:\n  min: 0\n  max: 1\n",
                  "metrics.yaml:5:3: missing required field \"spec.provider\""},
        ErrorCase{"NoProviderName", kMetricMeta + "spec:\n  min: 0\n  max: 1\n  provider: {metric: x}\n",
                  "metrics.yaml:7:13: missing required field \"spec.provider.name\""}),
    [](const auto& info) { return std::string(info.param.what); });

class ProviderErrors : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ProviderErrors, AreLocatedAndPinned) {
  auto provider = parse_metrics_provider(document(GetParam().text));
  ASSERT_FALSE(provider.ok());
  EXPECT_EQ(provider.error().render(), GetParam().error);
}

const std::string kProviderMeta = kMetricsApiHead + "kind: MetricsProvider\nmetadata: {name: p}\n";

INSTANTIATE_TEST_SUITE_P(
    Table, ProviderErrors,
    ::testing::Values(
        ErrorCase{"NoApiVersion", "kind: MetricsProvider\nmetadata: {name: p}\n",
                  "metrics.yaml:1:1: missing required field \"apiVersion\""},
        ErrorCase{"NoType", kProviderMeta + "spec: {static: {metrics: {}}}\n",
                  "metrics.yaml:4:7: missing required field \"spec.type\""},
        // The section of an unknown type is an unknown field first (strict fields, docs/platform.md); the
        // known fields are the types' sections.
        ErrorCase{
            "KafkaIsUnknown", kProviderMeta + "spec:\n  type: kafka\n  kafka: {table: t}\n",
            "metrics.yaml:6:3: unknown field \"kafka\" in \"spec\"; known fields: type, file, prometheus, "
            "static"},
        ErrorCase{"KafkaTypeIsUnknown", kProviderMeta + "spec:\n  type: kafka\n",
                  "metrics.yaml:5:9: \"spec.type\" must be one of file, prometheus, static, found kafka"},
        ErrorCase{"TypeWithoutItsSection", kProviderMeta + "spec:\n  type: prometheus\n  static: {}\n",
                  "metrics.yaml:5:3: missing required field \"spec.prometheus\""},
        ErrorCase{"StaticWithoutMetrics", kProviderMeta + "spec:\n  type: static\n  static: {}\n",
                  "metrics.yaml:6:11: missing required field \"spec.static.metrics\""},
        ErrorCase{"StaticValueNotANumber",
                  kProviderMeta + "spec:\n  type: static\n  static:\n    metrics:\n"
                                  "      heat: 0.9\n      cost: cheap\n",
                  "metrics.yaml:9:13: \"spec.static.metrics.cost\" must be a number, found \"cheap\""},
        ErrorCase{"StaticValueAMap",
                  kProviderMeta + "spec:\n  type: static\n  static:\n    metrics:\n"
                                  "      heat: {value: 1}\n",
                  "metrics.yaml:8:13: \"spec.static.metrics.heat\" must be a number, found a map"},
        ErrorCase{"FileWithoutPath", kProviderMeta + "spec:\n  type: file\n  file: {}\n",
                  "metrics.yaml:6:9: missing required field \"spec.file.path\""},
        ErrorCase{"PrometheusWithoutUrl", kProviderMeta + "spec:\n  type: prometheus\n  prometheus: {}\n",
                  "metrics.yaml:6:15: missing required field \"spec.prometheus.url\""},
        ErrorCase{"PrometheusHttps",
                  kProviderMeta + "spec:\n  type: prometheus\n  prometheus:\n"
                                  "    url: https://prom.example:9090\n",
                  "metrics.yaml:7:10: \"spec.prometheus.url\" must be an http:// URL (https is not supported "
                  "yet), found https://prom.example:9090"},
        ErrorCase{"PrometheusNoHost",
                  kProviderMeta + "spec:\n  type: prometheus\n  prometheus: {url: http://}\n",
                  "metrics.yaml:6:21: \"spec.prometheus.url\" must be an http:// URL (https is not supported "
                  "yet), found http://"}),
    [](const auto& info) { return std::string(info.param.what); });

// Seed 003's static provider example, and one of each other type.
TEST(MetricsProvider, ParsesEveryType) {
  auto fixed = parse_metrics_provider(document(kMetricsApiHead + R"(kind: MetricsProvider
metadata:
  name: static_provider
spec:
  type: static
  static:
    metrics:
      heat_demand_zone_1: 0.9
      electricity_cost_1: 0.1
)"));
  ASSERT_TRUE(fixed.ok()) << fixed.error().render();
  EXPECT_EQ(fixed->name, "static_provider");
  EXPECT_EQ(fixed->type, "static");
  EXPECT_EQ(fixed->static_values,
            (std::map<std::string, double>{{"electricity_cost_1", 0.1}, {"heat_demand_zone_1", 0.9}}));

  auto file = parse_metrics_provider(
      document(kProviderMeta + "spec:\n  type: file\n  file: {path: metrics/latest.json}\n"));
  ASSERT_TRUE(file.ok()) << file.error().render();
  EXPECT_EQ(file->type, "file");
  EXPECT_EQ(file->file_path, "metrics/latest.json");
  EXPECT_TRUE(file->static_values.empty());

  auto prometheus = parse_metrics_provider(
      document(kProviderMeta + "spec:\n  type: prometheus\n  prometheus: {url: 'http://localhost:9090'}\n"));
  ASSERT_TRUE(prometheus.ok()) << prometheus.error().render();
  EXPECT_EQ(prometheus->type, "prometheus");
  EXPECT_EQ(prometheus->prometheus_url, "http://localhost:9090");
  EXPECT_EQ(prometheus->where.render(), "metrics.yaml:1:1");
}

}  // namespace
}  // namespace ferry::scheduler
