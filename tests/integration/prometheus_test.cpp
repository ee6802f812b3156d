// Metric readings against a real Prometheus (Debian's package, installed by ci/setup), started per test on
// a free loopback port with its storage in a temporary directory. Nothing is scraped: the queries are
// constant expressions such as vector(0.42). Skips only when the prometheus binary is absent.
#include <gtest/gtest.h>

#include <boost/process.hpp>
#include <thread>

#include "http/http_client.h"
#include "placement/metric_readings.h"
#include "tests/support/loopback_port.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using namespace std::chrono_literals;
namespace bp = boost::process;

// One Prometheus server; bp::child kills it when the fixture ends.
class PrometheusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string binary = bp::search_path("prometheus").string();
    if (binary.empty()) GTEST_SKIP() << "prometheus is not installed: run ci/setup";
    testing::write_file(dir_.path() / "prometheus.yml",
                        "global:\n  scrape_interval: 1h\nscrape_configs: []\n");
    port_ = testing::free_loopback_port();
    url_ = "http://127.0.0.1:" + std::to_string(port_);
    server_ = bp::child(binary, "--config.file=" + (dir_.path() / "prometheus.yml").string(),
                        "--storage.tsdb.path=" + (dir_.path() / "data").string(),
                        "--web.listen-address=" + url_.substr(std::string("http://").size()),
                        (bp::std_out & bp::std_err) > (dir_.path() / "prometheus.log").string());
    ASSERT_TRUE(wait_ready()) << "prometheus did not become ready:\n"
                              << testing::read_file(dir_.path() / "prometheus.log");
  }

  bool wait_ready() {
    http::BeastHttpClient client;
    for (auto deadline = std::chrono::steady_clock::now() + 30s;
         std::chrono::steady_clock::now() < deadline;) {
      auto ready = client.get(url_ + "/-/ready", http::HttpGet{.timeout = 1s});
      if (ready && ready->status == 200) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

  scheduler::MetricsProvider provider() const { return {"prom", "prometheus", {}, "", url_, {}}; }

  testing::TempDir dir_;
  int port_ = 0;
  std::string url_;
  bp::child server_;
};

scheduler::Metric metric(const std::string& name, double min, double max, const std::string& query) {
  return {name, min, max, "prom", query, {}};
}

TEST_F(PrometheusTest, ReadsAVectorAndAScalarAndNormalisesThem) {
  const auto readings =
      read_metrics({metric("ratio", 0, 1, "vector(0.42)"), metric("three", 0, 10, "scalar(vector(3))"),
                    metric("sum", 0, 100, "sum(vector(20) + vector(5))")},
                   {provider()}, dir_.path(), 5s);
  EXPECT_TRUE(readings.failures.empty()) << readings.failures.begin()->second;
  ASSERT_EQ(readings.normalised.size(), 3u);
  EXPECT_DOUBLE_EQ(readings.normalised.at("ratio"), 0.42);
  EXPECT_DOUBLE_EQ(readings.normalised.at("three"), 0.3);
  EXPECT_DOUBLE_EQ(readings.normalised.at("sum"), 0.25);
}

TEST_F(PrometheusTest, EachBadAnswerIsAFailureNamingTheMetric) {
  const auto readings =
      read_metrics({metric("broken", 0, 1, "vector("), metric("none", 0, 1, "vector(1) > 2"),
                    metric("nan", 0, 1, "scalar(vector(0) / 0)"), metric("text", 0, 1, "\"hello\"")},
                   {provider()}, dir_.path(), 5s);
  EXPECT_TRUE(readings.normalised.empty());
  const std::string at = "(provider \"prom\"): query \"";
  EXPECT_EQ(readings.failures.at("broken"),
            "metric \"broken\" " + at + "vector(\" at " + url_ +
                ": HTTP status 400: invalid parameter \"query\": 1:8: parse error: "
                "unclosed left parenthesis");  // Debian 12's Prometheus 2.42
  EXPECT_EQ(readings.failures.at("none"),
            "metric \"none\" " + at + "vector(1) > 2\" at " + url_ + ": the query returned no series");
  EXPECT_EQ(readings.failures.at("nan"), "metric \"nan\" " + at + "scalar(vector(0) / 0)\" at " + url_ +
                                             ": the value \"NaN\" is not a finite number");
  EXPECT_EQ(readings.failures.at("text"),
            "metric \"text\" " + at + "\"hello\"\" at " + url_ +
                ": the query returned a string; ferry needs a vector or a scalar");
}

// Once the server is gone, the metric fails with the connection error and the run goes on.
TEST_F(PrometheusTest, AStoppedServerIsAFailureNotAnError) {
  server_.terminate();
  server_.wait();
  // The killed server's listening socket can outlive the wait by a few milliseconds: wait until a plain
  // connect is refused, so the message below is the one a stopped server gives.
  for (int i = 0; i < 200 && testing::loopback_port_listens(port_); ++i) std::this_thread::sleep_for(10ms);
  const auto readings = read_metrics({metric("gone", 0, 1, "vector(1)")}, {provider()}, dir_.path(), 2s);
  EXPECT_TRUE(readings.normalised.empty());
  EXPECT_EQ(readings.failures.at("gone"),
            "metric \"gone\" (provider \"prom\"): GET " + url_ +
                "/api/v1/query?query=vector%281%29: cannot connect: Connection refused");
}

}  // namespace
}  // namespace ferry::runner
