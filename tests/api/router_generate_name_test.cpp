// metadata.generateName on requests created through the router (api/generated_name.h,
// api/platform_request_writes.h): the prefix cut to 58 characters and 5 characters of Kubernetes' alphabet,
// drawn again while the name is taken, 409 when every attempt is; a name given wins over generateName.
#include <set>

#include "tests/api/platform_fixture.h"

namespace ferry::api {
namespace {

constexpr std::string_view kKubernetesAlphabet = "bcdfghjklmnpqrstvwxz2456789";

class ApiGenerateNameTest : public ApiPlatformTest {
 protected:
  // The platform router whose generated names take `suffixes` in turn, the last one again once used up.
  void with_suffixes(std::vector<std::string> suffixes) {
    platform_router_with({Permission{"", {"marketplace.kratix.io"}, {"postgresqls"}, {}, {"create"}}});
    PipelineView view = router_->view();
    view.name_suffix = [suffixes = std::move(suffixes), next = std::make_shared<std::size_t>(0)] {
      const std::size_t at = std::min(*next, suffixes.size() - 1);
      ++*next;
      return suffixes[at];
    };
    router_ = std::make_unique<Router>(std::move(view));
  }
  HttpResponse create(const std::string& metadata) {
    return call("POST", kPostgresPath, R"({"metadata":)" + metadata + R"(,"spec":{"teamId":"b"}})");
  }
};

TEST_F(ApiGenerateNameTest, ANameIsMadeFromGenerateNameAndFiveCharacters) {
  with_suffixes({"x7k2q"});
  const HttpResponse created = create(R"({"generateName":"claims-"})");
  ASSERT_EQ(created.code, 201) << created.body;
  ASSERT_EQ(objects_.writes().size(), 1u);
  const nlohmann::json stored = nlohmann::json::parse(objects_.writes()[0].text);
  EXPECT_EQ(stored["metadata"]["name"], "claims-x7k2q");
  EXPECT_EQ(stored["metadata"]["generateName"], "claims-");  // kept, as the API server keeps it
  EXPECT_EQ(nlohmann::json::parse(created.body)["metadata"]["name"], "claims-x7k2q");
}

TEST_F(ApiGenerateNameTest, AGivenNameWinsOverGenerateName) {
  with_suffixes({"x7k2q"});
  ASSERT_EQ(create(R"({"name":"claims","generateName":"other-"})").code, 201);
  EXPECT_EQ(nlohmann::json::parse(objects_.writes()[0].text)["metadata"]["name"], "claims");
}

// The fixture's platform has a postgresql "db" in default: the prefix "d" with the suffix "b" takes it.
TEST_F(ApiGenerateNameTest, ATakenNameIsDrawnAgainAndEightTakenAre409) {
  with_suffixes({"b", "b", "bz"});
  ASSERT_EQ(create(R"({"generateName":"d"})").code, 201);
  EXPECT_EQ(nlohmann::json::parse(objects_.writes()[0].text)["metadata"]["name"], "dbz");
  with_suffixes({"b"});
  const HttpResponse refused = create(R"({"generateName":"d"})");
  EXPECT_EQ(refused.code, 409);
  EXPECT_NE(refused.body.find(R"(postgresqls.marketplace.kratix.io \"db\" already exists)"),
            std::string::npos)
      << refused.body;
}

TEST_F(ApiGenerateNameTest, NeitherNameNorGenerateNameIs422) {
  with_suffixes({"x7k2q"});
  for (const char* metadata : {R"({})", R"({"generateName":""})"}) {
    const HttpResponse refused = create(metadata);
    EXPECT_EQ(refused.code, 422) << metadata;
    EXPECT_NE(refused.body.find("metadata.name: Required value: name or generateName is required"),
              std::string::npos)
        << refused.body;
  }
  EXPECT_TRUE(objects_.writes().empty());
}

TEST(GeneratedName, ALongPrefixIsCutTo58CharactersSoTheNameHas63) {
  const std::string base(70, 'a');
  EXPECT_EQ(generated_name(base, "x7k2q"), std::string(58, 'a') + "x7k2q");
  EXPECT_EQ(generated_name("claims-", "x7k2q"), "claims-x7k2q");
}

TEST(GeneratedName, RandomSuffixesAreFiveCharactersOfKubernetesAlphabet) {
  std::set<std::string> seen;
  std::set<char> characters;
  for (int i = 0; i < 2000; ++i) {
    const std::string suffix = random_name_suffix();
    ASSERT_EQ(suffix.size(), kGeneratedSuffixLength);
    for (char c : suffix) {
      ASSERT_NE(kKubernetesAlphabet.find(c), std::string_view::npos) << suffix;
      characters.insert(c);
    }
    seen.insert(suffix);
  }
  EXPECT_GT(seen.size(), 1990u);                             // 27^5 = 14.3 million names
  EXPECT_EQ(characters.size(), kKubernetesAlphabet.size());  // every character drawn in 10000
}

}  // namespace
}  // namespace ferry::api
