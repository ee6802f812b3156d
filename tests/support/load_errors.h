// The errors of loading a platform directory, rendered, for the tests that pin their text; and a test
// whose platform is written below a temporary directory.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "platform/loader.h"
#include "tests/support/test_support.h"

namespace ferry::testing {

// Every error load_platform(root) gives, rendered (file:line:column: message), in its order.
inline std::vector<std::string> load_errors(const std::filesystem::path& root) {
  std::vector<std::string> out;
  for (const Error& error : runner::load_platform(root).errors) out.push_back(error.render());
  return out;
}

// A test of loading a platform written below `dir`.
class PlatformLoadTest : public ::testing::Test {
 protected:
  // The path of `relative` below the platform, as errors name it.
  std::string at(const std::string& relative) const { return (dir.path() / relative).string(); }
  std::vector<std::string> errors() const { return load_errors(dir.path()); }

  TempDir dir;
};

}  // namespace ferry::testing
