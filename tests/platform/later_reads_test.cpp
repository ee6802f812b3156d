// The YAML other folders read after loading, parsed in platform/: a request's kept text as JSON and its
// labels (object_text.h), records' text read back (recorded_objects.h), metric files (metric_file.h), and
// the writer's view of the declared Destinations (destination_layout.h).
#include <gtest/gtest.h>

#include "platform/destination_layout.h"
#include "platform/metric_file.h"
#include "platform/object_text.h"
#include "platform/recorded_objects.h"

namespace ferry::runner {
namespace later_reads_test {

TEST(ObjectJson, PlainScalarsReadAsTheirTypesAndQuotedOnesStayStrings) {
  EXPECT_EQ(
      object_json("spec:\n  size: 3\n  ratio: 0.5\n  on: true\n  off: ~\n  name: big\n  quoted: \"3\"\n"
                  "  list: [a, 2]\n")
          .dump(),
      R"({"spec":{"list":["a",2],"name":"big","off":null,"on":true,"quoted":"3","ratio":0.5,"size":3}})");
}

TEST(ObjectJson, TextThatIsNotYamlIsNull) {
  EXPECT_EQ(object_json("a: [unclosed\n").dump(), "null");
}

TEST(RequestLabels, AreTheObjectsMetadataLabels) {
  pipeline::Request request;
  request.object_yaml = "metadata:\n  name: a\n  labels:\n    tier: gold\n";
  EXPECT_EQ(request_labels(request), (Labels{{"tier", "gold"}}));
  request.object_yaml = "metadata:\n  name: a\n  labels: [not, a, map]\n";
  EXPECT_TRUE(request_labels(request).empty());
}

TEST(RecordedObjects, ARequestsApiVersionIsReadFromItsOnlyDocument) {
  auto version = recorded_api_version("apiVersion: example.com/v1\nkind: Redis\n", "state:x", "object x");
  ASSERT_TRUE(version) << version.error().render();
  EXPECT_EQ(*version, "example.com/v1");
}

TEST(RecordedObjects, TwoDocumentsAreRefusedNamingWhatWasRecorded) {
  auto version = recorded_api_version("a: 1\n---\nb: 2\n", "state:x", "object requests/x");
  ASSERT_FALSE(version);
  EXPECT_EQ(version.error().message, "the recorded object requests/x is not one YAML document");
  auto promise = parse_recorded_promise("", "state:promises/redis", "Promise redis");
  ASSERT_FALSE(promise);
  EXPECT_EQ(promise.error().message, "the recorded Promise redis is not one YAML document");
}

TEST(MetricFile, ReadsNumbersAndSaysWhatElseWasFound) {
  auto file = parse_metric_file("cpu: 0.25\nzone: east\nlist: [1]\n", "metrics.yaml");
  ASSERT_TRUE(file) << file.error().render();
  EXPECT_EQ(file->at("cpu").number, 0.25);
  EXPECT_FALSE(file->at("zone").number);
  EXPECT_EQ(file->at("zone").found, "\"east\"");
  EXPECT_EQ(file->at("zone").where.line, 2);
  EXPECT_FALSE(file->at("list").number);
  EXPECT_FALSE(file->at("list").found.empty());
}

TEST(MetricFile, AnEmptyFileOrANonMapIsAnError) {
  auto empty = parse_metric_file("", "metrics.yaml");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "metrics.yaml is empty");
  auto list = parse_metric_file("- 1\n", "metrics.yaml");
  ASSERT_FALSE(list);
  EXPECT_NE(list.error().message.find("must be a map of metric names to numbers"), std::string::npos);
}

TEST(StoreDestinations, SkipDestinationsWhoseStoreIsNotDeclared) {
  Platform platform;
  platform.stores.push_back(GitStateStore{});
  platform.stores.back().name = "main";
  platform.stores.back().path = "state";
  platform.stores.back().author.name = "Ops";
  scheduler::Destination kept;
  kept.name = "worker-1";
  kept.state_store = "main";
  kept.path = "worker-1";
  scheduler::Destination orphan;
  orphan.name = "worker-2";
  orphan.state_store = "gone";
  platform.destinations = {kept, orphan};
  const auto destinations = store_destinations(platform);
  ASSERT_EQ(destinations.size(), 1u);
  EXPECT_EQ(destinations[0].store, "main");
  EXPECT_EQ(destinations[0].layout.name, "worker-1");
  EXPECT_EQ(writer::destination_dir(destinations[0].layout.paths), "state/worker-1");
  EXPECT_EQ(destinations[0].layout.mode, writer::FilepathMode::nested_by_metadata);
  EXPECT_EQ(store_authors(platform).at("main").name, "Ops");
}

}  // namespace later_reads_test
}  // namespace ferry::runner
