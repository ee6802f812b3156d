#include "writer/file_lock.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

#include "tests/support/test_support.h"

namespace ferry::writer {
namespace {

TEST(FileLock, ExcludesASecondHolderUntilReleased) {
  testing::TempDir temp;
  const auto path = temp.path() / "lock";
  std::optional<FileLock> first;
  {
    auto acquired = FileLock::acquire(path);
    ASSERT_TRUE(acquired.ok()) << acquired.error().render();
    first.emplace(std::move(acquired).value());
  }
  std::atomic<bool> second_holds = false;
  std::thread second([&] {
    auto acquired = FileLock::acquire(path);
    EXPECT_TRUE(acquired.ok());
    second_holds = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(second_holds);
  first.reset();
  second.join();
  EXPECT_TRUE(second_holds);
}

TEST(FileLock, TryAcquireGivesNothingWhileAnotherHolderHasIt) {
  testing::TempDir temp;
  const auto path = temp.path() / "lock";
  auto first = FileLock::try_acquire(path);
  ASSERT_TRUE(first.ok()) << first.error().render();
  ASSERT_TRUE(first->has_value());
  auto second = FileLock::try_acquire(path);
  ASSERT_TRUE(second.ok()) << second.error().render();
  EXPECT_FALSE(second->has_value());
  first->reset();
  auto third = FileLock::try_acquire(path);
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->has_value());
}

TEST(FileLock, MissingDirectoryIsAClearError) {
  testing::TempDir temp;
  const auto path = temp.path() / "absent" / "lock";
  auto acquired = FileLock::acquire(path);
  ASSERT_FALSE(acquired.ok());
  EXPECT_EQ(acquired.error().render(),
            "cannot open lock file " + path.string() + ": No such file or directory");
}

}  // namespace
}  // namespace ferry::writer
