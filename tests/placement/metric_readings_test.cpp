#include "placement/metric_readings.h"

#include <gtest/gtest.h>

#include "tests/support/recording_http_client.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using namespace std::chrono_literals;
using scheduler::Metric;
using scheduler::MetricsProvider;

Metric metric(const std::string& name, double min, double max, const std::string& provider,
              const std::string& provider_metric = "") {
  return Metric{name, min, max, provider, provider_metric.empty() ? name : provider_metric, {}};
}

MetricsProvider static_provider(const std::string& name, std::map<std::string, double> values) {
  return MetricsProvider{name, "static", std::move(values), "", "", {}};
}
MetricsProvider file_provider(const std::string& name, const std::string& path) {
  return MetricsProvider{name, "file", {}, path, "", {}};
}
MetricsProvider prometheus_provider(const std::string& name, const std::string& url) {
  return MetricsProvider{name, "prometheus", {}, "", url, {}};
}

const std::string kVectorAnswer =
    R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"zone":"a"},"value":[1700000000.1,"75"]},)"
    R"({"metric":{"zone":"b"},"value":[1700000000.1,"10"]}]}})";

// Seed 003's static provider: heat_demand_zone_1 is always 0.9, in [0, 5].
TEST(MetricReadings, StaticValuesAreNormalised) {
  RecordingHttpClient http;
  const auto readings = read_metrics(
      {metric("heat_demand_zone_1", 0, 5, "static_provider"),
       metric("electricity_cost_1", 0, 1, "static_provider")},
      {static_provider("static_provider", {{"heat_demand_zone_1", 0.9}, {"electricity_cost_1", 0.1}})},
      "/nowhere", 1s, http);
  EXPECT_EQ(readings.normalised,
            (std::map<std::string, double>{{"electricity_cost_1", 0.1}, {"heat_demand_zone_1", 0.9 / 5}}));
  EXPECT_TRUE(readings.failures.empty());
  EXPECT_TRUE(http.calls().empty());
}

TEST(MetricReadings, FileProviderReadsJsonAndYamlRelativeToThePlatformRoot) {
  testing::TempDir root;
  testing::write_file(root.path() / "metrics/latest.json", R"({"cpu": 50, "queue": 1e3})");
  testing::write_file(root.path() / "metrics/cost.yaml", "# written by the billing job\ncost_eur: 0.25\n");
  RecordingHttpClient http;
  const auto readings =
      read_metrics({metric("cpu", 0, 100, "json"), metric("queue_depth", 0, 500, "json", "queue"),
                    metric("cost", 0, 1, "yaml", "cost_eur")},
                   {file_provider("json", "metrics/latest.json"), file_provider("yaml", "metrics/cost.yaml")},
                   root.path(), 1s, http);
  EXPECT_EQ(readings.normalised,
            (std::map<std::string, double>{{"cost", 0.25}, {"cpu", 0.5}, {"queue_depth", 1.0}}));
  EXPECT_TRUE(readings.failures.empty());
}

TEST(MetricReadings, PrometheusAsksOneInstantQueryPerMetricWithTheTimeout) {
  RecordingHttpClient http;
  http.answer("http://prom:9090/api/v1/query?query=sum%28rate%28requests_total%5B5m%5D%29%29",
              HttpResponse{200, kVectorAnswer});
  http.answer(
      "http://prom:9090/api/v1/query?query=up",
      HttpResponse{200, R"({"status":"success","data":{"resultType":"scalar","result":[1.5,"0.5"]}})"});
  const auto readings = read_metrics(
      {metric("load", 50, 100, "prom", "sum(rate(requests_total[5m]))"), metric("up", 0, 1, "prom")},
      {prometheus_provider("prom", "http://prom:9090/")}, "/nowhere", 750ms, http);
  EXPECT_EQ(readings.normalised, (std::map<std::string, double>{{"load", 0.5}, {"up", 0.5}}));
  EXPECT_TRUE(readings.failures.empty());
  ASSERT_EQ(http.calls().size(), 2u);
  EXPECT_EQ(http.calls()[0].timeout, 750ms);
}

// A provider that gave no HTTP response at all is not asked again in the same call.
TEST(MetricReadings, AnUnreachablePrometheusCostsOneRequest) {
  RecordingHttpClient http;
  http.answer("http://prom:9090/api/v1/query?query=a",
              make_error("GET http://prom:9090/api/v1/query?query=a: "
                         "cannot connect: Connection refused"));
  const auto readings = read_metrics({metric("a", 0, 1, "prom"), metric("b", 0, 1, "prom")},
                                     {prometheus_provider("prom", "http://prom:9090")}, "/nowhere", 1s, http);
  EXPECT_EQ(http.calls().size(), 1u);
  EXPECT_TRUE(readings.normalised.empty());
  EXPECT_EQ(readings.failures.at("b"),
            "metric \"b\" (provider \"prom\"): GET http://prom:9090/api/v1/query?query=a: cannot connect: "
            "Connection refused");
}

struct FailureCase {
  const char* what;
  std::optional<HttpResponse> response;  // none: the client's error below
  std::string failure;
};
void PrintTo(const FailureCase& c, std::ostream* out) {
  *out << c.what;
}  // stable test names in ctest

class PrometheusFailures : public ::testing::TestWithParam<FailureCase> {};

TEST_P(PrometheusFailures, AreMessagesNamingTheMetricAndProvider) {
  const std::string url = "http://prom:9090/api/v1/query?query=load";
  RecordingHttpClient http;
  if (GetParam().response) {
    http.answer(url, *GetParam().response);
  } else {
    http.answer(url, make_error("GET " + url + ": no answer within 200 ms"));
  }
  const auto readings = read_metrics({metric("load", 0, 1, "prom")},
                                     {prometheus_provider("prom", "http://prom:9090")}, "/", 200ms, http);
  EXPECT_TRUE(readings.normalised.empty());
  EXPECT_EQ(readings.failures.at("load"), GetParam().failure);
}

const std::string kAt = "metric \"load\" (provider \"prom\"): query \"load\" at http://prom:9090: ";

INSTANTIATE_TEST_SUITE_P(
    Table, PrometheusFailures,
    ::testing::Values(
        FailureCase{
            "Timeout", std::nullopt,
            "metric \"load\" (provider \"prom\"): GET http://prom:9090/api/v1/query?query=load: no answer "
            "within 200 ms"},
        FailureCase{
            "BadQuery",
            HttpResponse{400, R"({"status":"error","errorType":"bad_data","error":"parse error at char 5"})"},
            (kAt + "HTTP status 400: parse error at char 5")},
        FailureCase{"NotFound", HttpResponse{404, "404 page not found\n"},
                    (kAt + "HTTP status 404: 404 page not found")},
        FailureCase{"BadJson", HttpResponse{200, "<html>proxy</html>"},
                    (kAt + "the answer is not Prometheus API JSON: <html>proxy</html>")},
        FailureCase{
            "QueryFailed",
            HttpResponse{200, R"({"status":"error","errorType":"timeout","error":"query timed out"})"},
            (kAt + "the query failed: timeout: query timed out")},
        FailureCase{"EmptyVector",
                    HttpResponse{200, R"({"status":"success","data":{"resultType":"vector","result":[]}})"},
                    (kAt + "the query returned no series")},
        FailureCase{
            "NotANumber",
            HttpResponse{200, R"({"status":"success","data":{"resultType":"scalar","result":[1,"NaN"]}})"},
            (kAt + "the value \"NaN\" is not a finite number")},
        FailureCase{"Matrix",
                    HttpResponse{200, R"({"status":"success","data":{"resultType":"matrix","result":[]}})"},
                    (kAt + "the query returned a matrix; ferry needs a vector or a scalar")},
        FailureCase{
            "SampleNotAPair",
            HttpResponse{200,
                         R"({"status":"success","data":{"resultType":"vector","result":[{"value":[1]}]}})"},
            (kAt + "the sample [1] is not [time, \"value\"]")}),
    [](const auto& info) { return std::string(info.param.what); });

TEST(MetricReadings, EveryOtherFailureNamesTheMetricAndProvider) {
  testing::TempDir root;
  testing::write_file(root.path() / "m.yaml", "cpu: busy\nlist: [1]\n");
  testing::write_file(root.path() / "list.json", "[1, 2]");
  RecordingHttpClient http;
  const auto readings = read_metrics(
      {metric("orphan", 0, 1, "missing"), metric("absent", 0, 1, "fixed"), metric("cpu", 0, 1, "file"),
       metric("mem", 0, 1, "file"), metric("list", 0, 1, "file"), metric("gone", 0, 1, "nofile"),
       metric("shape", 0, 1, "listfile"), metric("odd", 0, 1, "kafka")},
      {static_provider("fixed", {{"other", 1}}), file_provider("file", "m.yaml"),
       file_provider("nofile", "none.json"), file_provider("listfile", "list.json"),
       MetricsProvider{"kafka", "kafka", {}, "", "", {}}},
      root.path(), 1s, http);
  EXPECT_TRUE(readings.normalised.empty());
  const std::map<std::string, std::string> expected = {
      {"orphan", "metric \"orphan\" (provider \"missing\"): no MetricsProvider is named \"missing\""},
      {"absent", "metric \"absent\" (provider \"fixed\"): spec.static.metrics has no \"absent\""},
      {"cpu", "metric \"cpu\" (provider \"file\"): m.yaml:1:6: \"cpu\" must be a number, found \"busy\""},
      {"mem", "metric \"mem\" (provider \"file\"): m.yaml has no \"mem\""},
      {"list", "metric \"list\" (provider \"file\"): m.yaml:2:7: \"list\" must be a number, found a list"},
      {"gone", "metric \"gone\" (provider \"nofile\"): cannot read none.json: No such file or directory"},
      {"shape",
       "metric \"shape\" (provider \"listfile\"): list.json:1:1: must be a map of metric names to numbers, "
       "found a list"},
      {"odd", "metric \"odd\" (provider \"kafka\"): unknown provider type \"kafka\""}};
  EXPECT_EQ(readings.failures, expected);
}

// Seed 003's namespaced Metric and MetricsProvider: kept under "<namespace>/<name>" beside the global one of
// the same name, each read from its own provider (the namespace's before the global one).
TEST(MetricReadings, NamespacedMetricsAreKeptApartAndReadTheirNamespacesProvider) {
  RecordingHttpClient http;
  Metric team_a = metric("cost", 0, 10, "prices");
  team_a.namespace_ = "team-a";
  Metric team_b = metric("cost", 0, 10, "prices");
  team_b.namespace_ = "team-b";
  MetricsProvider team_a_prices = static_provider("prices", {{"cost", 9}});
  team_a_prices.namespace_ = "team-a";
  const auto readings =
      read_metrics({metric("cost", 0, 10, "prices"), team_a, team_b},
                   {static_provider("prices", {{"cost", 2}}), team_a_prices}, ".", 100ms, http);
  EXPECT_EQ(readings.normalised,
            (std::map<std::string, double>{{"cost", 0.2}, {"team-a/cost", 0.9}, {"team-b/cost", 0.2}}));
  EXPECT_TRUE(readings.failures.empty());
}

}  // namespace
}  // namespace ferry::runner
