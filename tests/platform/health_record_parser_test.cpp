// HealthRecords (kratix-newer.md §2) parsed as Kratix's CRD admits them: the payload under `data`, the
// required references, the state enum with its default, integers, and every field misspelt refused at its
// line and column; a Destination's health folder file with other kinds and bad records.
#include "platform/health_record_parser.h"

#include <gtest/gtest.h>

#include "platform/health_record_file.h"

namespace ferry::runner {
namespace {

constexpr const char* kRecord = R"(apiVersion: platform.kratix.io/v1alpha1
kind: HealthRecord
metadata:
  name: cache-a-probe
  namespace: team-a
data:
  promiseRef:
    name: redis
  resourceRef:
    name: cache-a
    namespace: team-a
    generation: 1
  state: unhealthy
  lastRun: 1738158772
  details:
    info: replica lag 30s
)";

Result<HealthRecord> record_from(const std::string& text) {
  auto docs = parse_yaml_stream(text, "health.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_health_record(docs->at(0));
}

// kRecord with the first `from` replaced by `to`; the error that record gives.
std::string error_of_edited(const std::string& from, const std::string& to) {
  std::string text = kRecord;
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  auto record = record_from(text);
  return record ? "parsed" : record.error().render();
}

TEST(HealthRecordParser, ReadsTheKind) {
  auto record = record_from(kRecord);
  ASSERT_TRUE(record.ok()) << record.error().render();
  EXPECT_EQ(record->name, "cache-a-probe");
  EXPECT_EQ(record->namespace_, "team-a");
  EXPECT_EQ(record->promise, "redis");
  EXPECT_EQ(record->request_name, "cache-a");
  EXPECT_EQ(record->request_namespace, "team-a");
  EXPECT_EQ(record->entry.state, pipeline::HealthState::unhealthy);
  EXPECT_EQ(record->entry.last_run, 1738158772);
  EXPECT_EQ(record->entry.details_yaml, "info: replica lag 30s\n");
  EXPECT_EQ(record->entry.source_name, "cache-a-probe");
  EXPECT_EQ(record->entry.source_namespace, "team-a");
  EXPECT_EQ(record->where.render(), "health.yaml:1:1");
}

TEST(HealthRecordParser, StateDefaultsToUnknownAndNamespaceToDefault) {
  auto record = record_from(
      "apiVersion: platform.kratix.io/v1alpha1\nkind: HealthRecord\nmetadata: {name: p}\n"
      "data: {promiseRef: {name: redis}, resourceRef: {name: a, namespace: default}}\n");
  ASSERT_TRUE(record.ok()) << record.error().render();
  EXPECT_EQ(record->entry.state, pipeline::HealthState::unknown);
  EXPECT_EQ(record->namespace_, "default");
  EXPECT_FALSE(record->entry.last_run.has_value());
  EXPECT_EQ(record->entry.details_yaml, "");
}

TEST(HealthRecordParser, EveryFieldMisspeltIsRefusedAtItsPlace) {
  EXPECT_EQ(error_of_edited("\ndata:", "\nspec:"),
            "health.yaml:6:1: unknown field \"spec\" in the document; known fields: apiVersion, kind, "
            "metadata, data");
  EXPECT_EQ(error_of_edited("metadata:", "metdata:"),
            "health.yaml:3:1: unknown field \"metdata\" in the document; did you mean \"metadata\"?");
  EXPECT_EQ(error_of_edited("promiseRef:", "promiseref:"),
            "health.yaml:7:3: unknown field \"promiseref\" in \"data\"; did you mean \"promiseRef\"?");
  EXPECT_EQ(error_of_edited("resourceRef:", "resourcRef:"),
            "health.yaml:9:3: unknown field \"resourcRef\" in \"data\"; did you mean \"resourceRef\"?");
  EXPECT_EQ(error_of_edited("state:", "stat:"),
            "health.yaml:13:3: unknown field \"stat\" in \"data\"; did you mean \"state\"?");
  EXPECT_EQ(error_of_edited("lastRun:", "lastrun:"),
            "health.yaml:14:3: unknown field \"lastrun\" in \"data\"; did you mean \"lastRun\"?");
  EXPECT_EQ(error_of_edited("details:", "detail:"),
            "health.yaml:15:3: unknown field \"detail\" in \"data\"; did you mean \"details\"?");
  EXPECT_EQ(error_of_edited("    name: redis", "    nme: redis"),
            "health.yaml:8:5: unknown field \"nme\" in \"data.promiseRef\"; did you mean \"name\"?");
  EXPECT_EQ(error_of_edited("    namespace: team-a", "    namespac: team-a"),
            "health.yaml:11:5: unknown field \"namespac\" in \"data.resourceRef\"; did you mean "
            "\"namespace\"?");
  EXPECT_EQ(error_of_edited("generation:", "generaton:"),
            "health.yaml:12:5: unknown field \"generaton\" in \"data.resourceRef\"; did you mean "
            "\"generation\"?");
}

TEST(HealthRecordParser, BadStateIsRefusedWithTheEnum) {
  EXPECT_EQ(error_of_edited("state: unhealthy", "state: Healthy"),
            "health.yaml:13:10: \"data.state\" must be one of unknown, ready, unhealthy, healthy, degraded, "
            "found \"Healthy\"; did you mean \"healthy\"?");
  EXPECT_EQ(error_of_edited("state: unhealthy", "state: on-fire"),
            "health.yaml:13:10: \"data.state\" must be one of unknown, ready, unhealthy, healthy, degraded, "
            "found \"on-fire\"");
}

TEST(HealthRecordParser, RequiredFieldsAndTypesAsTheCrd) {
  EXPECT_EQ(error_of_edited("  promiseRef:\n    name: redis\n", ""),
            "health.yaml:7:3: missing required field \"data.promiseRef\"");
  EXPECT_EQ(error_of_edited("    name: redis\n", "    {}\n"),
            "health.yaml:8:5: missing required field \"data.promiseRef.name\"");
  EXPECT_EQ(error_of_edited("    name: cache-a\n", ""),
            "health.yaml:10:5: missing required field \"data.resourceRef.name\"");
  EXPECT_EQ(error_of_edited("    namespace: team-a\n    generation", "    generation"),
            "health.yaml:10:5: missing required field \"data.resourceRef.namespace\"");
  EXPECT_EQ(error_of_edited("lastRun: 1738158772", "lastRun: yesterday"),
            "health.yaml:14:12: \"data.lastRun\" must be an integer, found \"yesterday\"");
  EXPECT_EQ(error_of_edited("lastRun: 1738158772", "lastRun: \"1738158772\""),
            "health.yaml:14:12: \"data.lastRun\" must be an integer, found \"1738158772\"");
  EXPECT_EQ(error_of_edited("generation: 1", "generation: 1.5"),
            "health.yaml:12:17: \"data.resourceRef.generation\" must be an integer, found \"1.5\"");
  EXPECT_EQ(error_of_edited("  details:\n    info: replica lag 30s\n", "  details: [a]\n"),
            "health.yaml:15:12: \"data.details\" must be a map, found a list");
  EXPECT_EQ(error_of_edited("platform.kratix.io/v1alpha1", "platform.kratix.io/v1"),
            "health.yaml:1:13: HealthRecord must have apiVersion platform.kratix.io/v1alpha1, found "
            "platform.kratix.io/v1");
}

TEST(HealthRecordFile, ReadsRecordsAndReportsEverythingElse) {
  const std::string text =
      std::string(kRecord) + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n---\n" +
      "apiVersion: platform.kratix.io/v1alpha1\nkind: HealthRecord\nmetadata: {name: b}\n"
      "data: {promiseRef: {name: redis}, resourceRef: {name: a, namespace: default}, "
      "state: fine}\n";
  const HealthRecordFile read = read_health_record_file(text, "worker:dev/.ferry-health/a.yaml");
  ASSERT_EQ(read.records.size(), 1u);
  EXPECT_EQ(read.records[0].name, "cache-a-probe");
  ASSERT_EQ(read.errors.size(), 2u);
  EXPECT_EQ(read.errors[0].render(),
            "worker:dev/.ferry-health/a.yaml:18:1: a Destination's health folder holds HealthRecords only, "
            "found kind \"ConfigMap\"");
  EXPECT_EQ(read.errors[1].render(),
            "worker:dev/.ferry-health/a.yaml:25:86: \"data.state\" must be one of unknown, ready, unhealthy, "
            "healthy, degraded, found \"fine\"");
  EXPECT_EQ(read_health_record_file("a: [", "worker:h.yaml").errors.size(), 1u);
}

}  // namespace
}  // namespace ferry::runner
