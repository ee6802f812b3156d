// Compound Promises: a Promise "app" whose pipeline writes a request of Promise "db" to the platform
// Destination; the run reads it back and runs it in a further pass. Fakes only: a recording runtime that
// acts as both pipelines, one recording store behind every Destination, a recording state.
#include "run/compound.h"

#include <gtest/gtest.h>

#include "platform/loader.h"
#include "tests/support/compound_platform.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using runtime::ContainerExit;
using runtime::ContainerRun;

using ferry::testing::compound_promise;
using ferry::testing::compound_request;
const std::string kStoreAndDestinations = ferry::testing::compound_store_and_destinations("state.git");

// The name in the object a pipeline was given ("metadata: {name: shop, ...").
std::string object_name(const ContainerRun& run) {
  const std::string object =
      ferry::testing::read_file(pipeline::host_path_of(run, "/kratix/input") / "object.yaml");
  const auto at = object.find("name: ") + 6;
  return object.substr(at, object.find_first_of(",\n}", at) - at);
}

class CompoundTest : public ::testing::Test {
 protected:
  Result<RunReport> run() {
    std::vector<PlatformFile> files = {{"platform.yaml", store_and_destinations},
                                       {"app.yaml", compound_promise("app", "platform", "example/app:v1")},
                                       {"db.yaml", compound_promise("db", "dev", "example/db:v1")}};
    if (!with_db) files.pop_back();
    for (const auto& [path, text] : requests) files.push_back({path, text});
    runtime = std::make_unique<pipeline::RecordingRuntime>([this](const ContainerRun& r) { return act(r); });
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<test_platform::SharedStore>(store));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    ReconcileOptions options{dir.path() / "scratch", 2, std::chrono::seconds(5), nullptr};
    options.state = &state;
    const LoadResult loaded = load_platform_files(dir.path() / "platform", files);
    EXPECT_TRUE(loaded.errors.empty());
    return reconcile_compound(loaded.platform, files, *runtime, opener, options);
  }

  // app's pipeline writes a db request named after its own request (`emit` says how); db's writes db.yaml.
  ContainerExit act(const ContainerRun& r) {
    const std::filesystem::path output = pipeline::host_path_of(r, "/kratix/output");
    if (r.image == "example/db:v1") {
      write_file(output / "db.yaml", "kind: Database\nname: " + object_name(r) + "\n");
    } else {
      write_file(output / "request.yaml", emit(object_name(r)));
    }
    return ContainerExit{0, false, ""};
  }

  std::vector<std::string> images() const {
    std::vector<std::string> found;
    for (const auto& r : runtime->runs()) found.push_back(r.image + " " + r.label);
    return found;
  }

  std::function<std::string(const std::string&)> emit = [](const std::string& name) {
    return compound_request("db", name + "-db");
  };
  std::map<std::string, std::string> requests = {{"shop.yaml", compound_request("app", "shop")}};
  std::string store_and_destinations = kStoreAndDestinations;
  bool with_db = true;  // false: db's Promise file is removed from the platform
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store{"destinations"};
  writer::RecordingStateStore state{"state"};
};

TEST_F(CompoundTest, ARequestWrittenToThePlatformDestinationRunsInASecondPass) {
  auto report = run();
  ASSERT_TRUE(report.ok()) << report.error().render();
  EXPECT_EQ(images(), (std::vector<std::string>{"example/app:v1 configure/generate",
                                                "example/db:v1 configure/generate"}));
  const auto files = store.files();
  EXPECT_EQ(files.at("platform/resources/default/app/shop/configure/5058f/request.yaml"),
            compound_request("db", "shop-db"));
  EXPECT_EQ(files.at("worker/resources/default/db/shop-db/configure/5058f/db.yaml"),
            "kind: Database\nname: shop-db\n");
  ASSERT_EQ(report->requests.size(), 2u);
  EXPECT_EQ(report->requests[0].name, "shop");
  EXPECT_EQ(report->requests[0].result, RequestResult::succeeded);
  EXPECT_EQ(report->requests[1].name, "shop-db");
  EXPECT_EQ(report->requests[1].result, RequestResult::succeeded);
}

// Kratix's canary files (run/canaries.h) on both Destinations: every pass has the canary step, only the
// first changes anything, and the Namespace and ConfigMap read back from the platform Destination are
// not objects ferry runs.
TEST_F(CompoundTest, CanaryFilesAreWrittenOnceAcrossThePasses) {
  for (const std::string path : {"  path: platform\n", "  path: worker\n"})
    store_and_destinations.replace(store_and_destinations.find(path), path.size(),
                                   path + "  initWorkloads: {enabled: true}\n");
  auto report = run();
  ASSERT_TRUE(report.ok()) << report.error().render();
  ASSERT_EQ(report->canary_commits.size(), 1u);
  EXPECT_TRUE(report->canary_errors.empty());
  const auto files = store.files();
  EXPECT_TRUE(files.contains("platform/dependencies/kratix-canary-namespace.yaml"));
  EXPECT_TRUE(files.contains("worker/resources/kratix-canary-configmap.yaml"));
  ASSERT_EQ(report->requests.size(), 2u);
  EXPECT_EQ(report->requests[1].result, RequestResult::succeeded);
  std::size_t canary_commits = 0;
  for (const auto& commit : store.commits())
    canary_commits += commit.change.message.starts_with("Update from: kratix-canary") ? 1 : 0;
  EXPECT_EQ(canary_commits, 1u);
}

// The db Promise removed while app's request still emits a db request to the platform Destination: every
// pass excuses that request as one of a removed Promise (run/vanished_promise_requests.h), from the records
// as they were before the first pass deleted it with its Promise.
TEST_F(CompoundTest, ARequestEmittedForARemovedPromiseIsDeletedWithIt) {
  ASSERT_TRUE(run().ok());
  with_db = false;
  auto again = run();
  ASSERT_TRUE(again.ok()) << again.error().render();
  ASSERT_EQ(again->requests.size(), 2u);
  EXPECT_EQ(again->requests[0].name, "shop");
  EXPECT_EQ(again->requests[0].result, RequestResult::skipped);
  EXPECT_EQ(again->requests[1].name, "shop-db");
  EXPECT_EQ(again->requests[1].result, RequestResult::deleted);
  EXPECT_FALSE(store.files().contains("worker/resources/default/db/shop-db/configure/5058f/db.yaml"));
}

TEST_F(CompoundTest, ASecondRunOverTheSameStateRunsNothing) {
  ASSERT_TRUE(run().ok());
  auto again = run();
  ASSERT_TRUE(again.ok()) << again.error().render();
  EXPECT_TRUE(images().empty());
  ASSERT_EQ(again->requests.size(), 2u);
  EXPECT_EQ(again->requests[0].result, RequestResult::skipped);
  EXPECT_EQ(again->requests[1].result, RequestResult::skipped);
}

TEST_F(CompoundTest, RemovingTheParentRemovesWhatItsEmittedRequestWrote) {
  ASSERT_TRUE(run().ok());
  requests.clear();
  auto report = run();
  ASSERT_TRUE(report.ok()) << report.error().render();
  for (const auto& [path, text] : store.files()) {
    EXPECT_FALSE(path.find("/resources/") != std::string::npos) << path << " is left";
  }
  ASSERT_EQ(report->requests.size(), 2u);
  EXPECT_EQ(report->requests[0].result, RequestResult::deleted);
  EXPECT_EQ(report->requests[1].result, RequestResult::deleted);
}

TEST_F(CompoundTest, RequestsThatKeepEmittingNewRequestsAreStoppedAfterTheLastPass) {
  emit = [](const std::string& name) { return compound_request("app", name + "x"); };
  auto report = run();
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(
      report.error().render(),
      "compound Promises did not settle: the platform Destinations still changed after 5 passes (do requests "
      "keep emitting new requests through each other?)");
  EXPECT_EQ(runtime->runs().size(), 5u);
}

TEST_F(CompoundTest, ARequestThatEmitsItselfIsRefusedAsADuplicate) {
  emit = [](const std::string& name) { return compound_request("app", name); };
  auto report = run();
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().render(),
            "default:platform/resources/default/app/shop/configure/5058f/request.yaml:1:1: request \"app "
            "default/shop\" "
            "is declared twice; first at shop.yaml:1:1 (written to a platform Destination, read for pass 2; "
            "1 error(s) "
            "in all; nothing more was run)");
}

TEST_F(CompoundTest, AnEmittedObjectThatDoesNotLoadIsLocatedInTheStore) {
  emit = [](const std::string&) {
    return std::string("apiVersion: example.com/v1\nkind: db\nmetadata: {namespace: default}\n");
  };
  auto report = run();
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(
      report.error().render(),
      "default:platform/resources/default/app/shop/configure/5058f/request.yaml:3:11: missing required field "
      "\"metadata.name\" (written to a platform Destination, read for pass 2; 1 error(s) in all; nothing "
      "more "
      "was run)");
}

TEST_F(CompoundTest, ThePlatformAnnotationIsTrueOrFalse) {
  std::string text = kStoreAndDestinations;
  text.replace(text.find("\"true\""), 6, "yes");
  const LoadResult loaded = load_platform_files(dir.path(), {{"platform.yaml", text}});
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].render(),
            "platform.yaml:11:37: ferry.dev/platform must be \"true\" or \"false\", found \"yes\"");
}

TEST_F(CompoundTest, APlatformWithoutPlatformDestinationsHasNone) {
  const LoadResult loaded = load_platform_files(dir.path(), {{"platform.yaml", kStoreAndDestinations}});
  EXPECT_TRUE(has_platform_destination(loaded.platform));
  std::string text = kStoreAndDestinations;
  text.replace(text.find("\"true\""), 6, "\"false\"");
  EXPECT_FALSE(has_platform_destination(load_platform_files(dir.path(), {{"platform.yaml", text}}).platform));
}

// The platform read from file:///srv/platform.git at `ref`, whose one store is that same repository.
struct AdoptedPlatform {
  Platform platform;
  std::vector<std::string> kept;  // paths of the files left for the passes to load
};

AdoptedPlatform adopt(bool from_git, const std::string& ref) {
  const std::vector<PlatformFile> files = {
      {"platform.yaml", ferry::testing::compound_store_and_destinations("file:///srv/platform.git")},
      {"worker/resources/default/db/a/configure/5058f/db.yaml", "kind: Database\n"},
      {"platform/resources/default/app/shop/configure/5058f/request.yaml", compound_request("db", "a")},
      {"workers.yaml", "kind: ConfigMap\n"}};
  LoadResult loaded = load_platform_files("/srv", {files[0]});
  const PlatformSource source{.argument = "file:///srv/platform.git",
                              .from_git = from_git,
                              .repository = from_git ? "file:///srv/platform.git" : "",
                              .ref = ref,
                              .root = "/srv"};
  AdoptedPlatform adopted{std::move(loaded.platform), {}};
  for (const PlatformFile& f : adopt_platform_repository(adopted.platform, files, source))
    adopted.kept.push_back(f.path);
  return adopted;
}

TEST(AdoptPlatformRepository, ADestinationWritingToThePlatformBranchIsAPlatformDestination) {
  const AdoptedPlatform adopted = adopt(true, "refs/heads/main");
  ASSERT_EQ(adopted.platform.destinations.size(), 2u);
  EXPECT_TRUE(
      adopted.platform.destinations[1].platform);  // worker: not annotated, but in the platform repository
  EXPECT_EQ(adopted.kept, (std::vector<std::string>{"platform.yaml", "workers.yaml"}));
}

TEST(AdoptPlatformRepository, AnotherBranchOfTheSameRepositoryIsNot) {
  const AdoptedPlatform adopted = adopt(true, "release");
  EXPECT_FALSE(adopted.platform.destinations[1].platform);
  EXPECT_EQ(adopted.kept.size(), 4u);
}

TEST(AdoptPlatformRepository, APlatformDirectoryKeepsEveryFile) {
  const AdoptedPlatform adopted = adopt(false, "");
  EXPECT_FALSE(adopted.platform.destinations[1].platform);
  EXPECT_EQ(adopted.kept.size(), 4u);
}

}  // namespace
}  // namespace ferry::runner
