// The process's set of secret values: remembered once, masked longest first, announced to a listener.
#include "core/secret_values.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

class SecretValues : public ::testing::Test {
 protected:
  void TearDown() override { forget_secret_values(); }
};

TEST_F(SecretValues, RememberedValuesAreMaskedLongestFirst) {
  remember_secret_value("s3cret");
  remember_secret_value("s3cret-and-more");
  EXPECT_EQ(masked_secrets("a s3cret-and-more b s3cret c"), "a *** b *** c");
  EXPECT_EQ(remembered_secret_values(), (std::vector<std::string>{"s3cret-and-more", "s3cret"}));
}

TEST_F(SecretValues, ShortValuesAreNotMaskedAndAValueIsAlsoKnownTrimmed) {
  remember_secret_value("abc");
  remember_secret_value("  pass-word\n");
  EXPECT_EQ(masked_secrets("abc pass-word"), "abc ***");
  EXPECT_EQ(remembered_secret_values().size(), 2u);
}

TEST_F(SecretValues, AListenerHearsOfEveryValueOnce) {
  remember_secret_value("before1");
  std::vector<std::string> heard;
  on_secret_value([&](const std::string& v) { heard.push_back(v); });
  remember_secret_value("after22");
  remember_secret_value("after22");
  EXPECT_EQ(heard, (std::vector<std::string>{"before1", "after22"}));
}

TEST_F(SecretValues, TextWithoutValuesIsUnchanged) {
  EXPECT_EQ(masked_secrets("nothing to hide"), "nothing to hide");
  EXPECT_EQ(masked("x secret y", {"secret"}), "x *** y");
}

}  // namespace
}  // namespace ferry
