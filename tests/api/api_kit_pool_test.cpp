// The kit pool (api/api_kit_pool.h) with a counting maker: kits are made only once asked for, one ahead,
// each handed out once; a failure to make one ahead reaches the taker; kits not handed out are closed with
// the pool; a used kit's service-account files are removed by the maker, off the caller's path. The real
// kit (a namespace, needs root) is exercised by the platform API's e2e tests.
#include "api/api_kit_pool.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "tests/support/test_support.h"

namespace ferry::api {
namespace {

using namespace std::chrono_literals;

// Makes kits whose token counts them; the namespace handle is a real descriptor (of /dev/null), so that a
// test can tell whether it was closed.
struct CountingMaker {
  std::shared_ptr<std::atomic<int>> made = std::make_shared<std::atomic<int>>(0);
  std::shared_ptr<std::atomic<bool>> fail = std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<std::atomic<int>> last_descriptor = std::make_shared<std::atomic<int>>(-1);
  ApiKitPool::Maker maker() const {
    return [*this]() -> Result<ApiKit> {
      if (*fail) return make_error("cannot make the pipeline's network namespace: unshare: refused");
      const int n = ++*made;
      OwnedDescriptor handle(::open("/dev/null", O_RDONLY | O_CLOEXEC));
      *last_descriptor = handle.get();
      return ApiKit{std::move(handle), "/ns/" + std::to_string(n), PreparedServer(),
                    "token-" + std::to_string(n), std::nullopt};
    };
  }
};

// Waits up to 5 s for `condition`.
template <typename Condition>
bool eventually(Condition condition) {
  for (int i = 0; i < 500 && !condition(); ++i) std::this_thread::sleep_for(10ms);
  return condition();
}

TEST(ApiKitPool, MakesNothingUntilAskedThenKeepsOneAheadAndHandsEachOutOnce) {
  CountingMaker counting;
  ApiKitPool pool(counting.maker(), 1);
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(*counting.made, 0);  // a run that serves no API makes no namespace
  pool.make_ahead();
  ASSERT_TRUE(eventually([&] { return pool.ready() == 1; }));
  std::set<std::string> tokens;
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(eventually([&] { return pool.ready() == 1; }));
    auto kit = pool.take();
    ASSERT_TRUE(kit) << kit.error().message;
    tokens.insert(kit->token);
  }
  EXPECT_EQ(tokens.size(), 5u);  // every pipeline its own token, namespace and CA
  EXPECT_TRUE(eventually([&] { return pool.ready() == 1; }));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(*counting.made, 6);  // at most one ahead
}

TEST(ApiKitPool, TheFirstTakeStartsTheMakerAndIsServedOnTheSpot) {
  CountingMaker counting;
  ApiKitPool pool(counting.maker(), 1);
  auto first = pool.take();
  ASSERT_TRUE(first);
  EXPECT_TRUE(eventually([&] { return pool.ready() == 1; }));
  EXPECT_NE(pool.take()->token, first->token);
}

TEST(ApiKitPool, AFailureToMakeOneAheadReachesTheTaker) {
  CountingMaker counting;
  *counting.fail = true;
  ApiKitPool pool(counting.maker(), 1);
  pool.make_ahead();
  std::this_thread::sleep_for(50ms);
  auto kit = pool.take();
  ASSERT_FALSE(kit);
  EXPECT_EQ(kit.error().message, "cannot make the pipeline's network namespace: unshare: refused");
}

TEST(ApiKitPool, AKitNotHandedOutIsClosedWithThePool) {
  CountingMaker counting;
  int descriptor = -1;
  {
    ApiKitPool pool(counting.maker(), 1);
    pool.make_ahead();
    ASSERT_TRUE(eventually([&] { return pool.ready() == 1; }));
    descriptor = *counting.last_descriptor;
    EXPECT_NE(::fcntl(descriptor, F_GETFD), -1);
  }
  EXPECT_EQ(::fcntl(descriptor, F_GETFD), -1);  // its namespace and listener would go with it
}

TEST(ApiKitPool, DepthZeroMakesNoneAhead) {
  CountingMaker counting;
  ApiKitPool pool(counting.maker(), 0);
  pool.make_ahead();
  ASSERT_TRUE(pool.take());
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(*counting.made, 1);
  EXPECT_EQ(pool.ready(), 0u);
}

ServiceAccountFiles account_in(const std::filesystem::path& root) {
  auto written = ServiceAccountFiles::write(root, "token-x", "ca-x");
  EXPECT_TRUE(written) << written.error().message;
  return std::move(*written);
}

TEST(ServiceAccountFiles, HoldTheTokenAndCaReadableByAnyUserUntilDestroyed) {
  testing::TempDir root;
  std::filesystem::path path;
  {
    const ServiceAccountFiles files = account_in(root.path() / "accounts");
    path = files.path();
    EXPECT_EQ(path.parent_path(), root.path() / "accounts");
    EXPECT_EQ(testing::read_file(path / "token"), "token-x");
    EXPECT_EQ(testing::read_file(path / "ca.crt"), "ca-x");
    ASSERT_TRUE(files.write_namespace("team-a"));
    EXPECT_EQ(testing::read_file(path / "namespace"), "team-a");
    EXPECT_EQ(std::filesystem::status(path).permissions() & std::filesystem::perms::all,
              std::filesystem::perms(0755));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(ApiKitPool, RemovesADiscardedAccountOnTheMakersThreadOnceNoKitIsWanted) {
  testing::TempDir root;
  auto release = std::make_shared<std::atomic<bool>>(false);
  // Making a kit on the maker's thread waits for `release`: the maker is busy when the account comes back.
  // (Not "the second kit made": the maker's first kit could come before take()'s own, and take() would then
  // wait on this thread for a release that never comes.)
  const std::thread::id test_thread = std::this_thread::get_id();
  ApiKitPool pool(
      [release, test_thread]() -> Result<ApiKit> {
        if (std::this_thread::get_id() != test_thread) {
          while (!*release) std::this_thread::sleep_for(1ms);
        }
        return ApiKit{OwnedDescriptor(), "/ns", PreparedServer(), "token", std::nullopt};
      },
      1);
  ASSERT_TRUE(pool.take());  // made on the spot; the maker starts on the second
  const std::filesystem::path path = [&] {
    ServiceAccountFiles account = account_in(root.path());
    std::filesystem::path kept = account.path();
    pool.discard(std::move(account));
    return kept;
  }();
  EXPECT_TRUE(std::filesystem::exists(path));  // not removed by the caller
  *release = true;
  EXPECT_TRUE(eventually([&] { return !std::filesystem::exists(path); }));
}

TEST(ApiKitPool, WithoutAMakerADiscardedAccountIsRemovedAtOnce) {
  testing::TempDir root;
  CountingMaker counting;
  ApiKitPool pool(counting.maker(), 0);
  ServiceAccountFiles account = account_in(root.path());
  const std::filesystem::path path = account.path();
  pool.discard(std::move(account));
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace ferry::api
