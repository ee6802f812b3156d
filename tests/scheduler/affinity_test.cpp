// Crossplane's affinity (seed 002): the front-end must go where a back-end runs, away from other front-ends.
#include "scheduler/affinity.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace ferry::scheduler {
namespace {

Destination cluster(std::string name, Labels labels) {
  return Destination{name, std::move(labels), false, name, "GitStateStore", "s", {}};
}

// Two clusters per provider; crossplane.io/kubernetes names the cluster itself (its own domain).
const std::vector<Destination> kClusters = {
    cluster("aws-1", {{"crossplane.io/provider", "aws"}, {"crossplane.io/kubernetes", "aws-1"}}),
    cluster("aws-2", {{"crossplane.io/provider", "aws"}, {"crossplane.io/kubernetes", "aws-2"}}),
    cluster("gcp-1", {{"crossplane.io/provider", "gcp"}, {"crossplane.io/kubernetes", "gcp-1"}}),
    cluster("bare", {{"crossplane.io/provider", "aws"}}),
};

const std::vector<PlacedWorkload> kPlaced = {
    {"default/back-end", {{"app", "back-end"}}, "aws-2"},
    {"default/frontend", {{"app", "frontend"}}, "gcp-1"},
    {"default/lost", {{"app", "back-end"}}, "removed-cluster"},
};

const WorkloadAffinityTerm kWithBackEnd{{{}, {{"app", LabelOperator::in, {"back-end"}}}},
                                        "crossplane.io/kubernetes"};
const WorkloadAffinityTerm kAwayFromFrontends{{{}, {{"app", LabelOperator::in, {"frontend"}}}},
                                              "crossplane.io/kubernetes"};

TEST(Affinity, RequiredClusterAffinityOrsItsTerms) {
  const std::vector<LabelSelector> terms = {{{}, {{"crossplane.io/provider", LabelOperator::in, {"aws"}}}},
                                            {{{"tier", "gold"}}, {}}};
  EXPECT_TRUE(cluster_affinity_holds(terms, kClusters[0].labels));
  EXPECT_FALSE(cluster_affinity_holds(terms, kClusters[2].labels));
  EXPECT_TRUE(cluster_affinity_holds(terms, {{"tier", "gold"}}));
  EXPECT_TRUE(cluster_affinity_holds({}, {}));
}

struct Row {
  std::string candidate;
  bool with_back_end;       // required workloadAffinity of the seed's front-end
  bool away_from_frontend;  // its workloadAntiAffinity term
};

const std::vector<Row> kRows = {
    {"aws-1", false, true},
    {"aws-2", true, true},
    {"gcp-1", false, false},
    {"bare", false, true},  // no topology key: in no domain
};

TEST(Affinity, SeedFrontEndBackEndExample) {
  const auto with = domains_hosting(kWithBackEnd, kClusters, kPlaced);
  const auto away = domains_hosting(kAwayFromFrontends, kClusters, kPlaced);
  EXPECT_EQ(with, (std::set<std::string>{"aws-2"}));
  for (const Row& row : kRows) {
    const Destination& d = *std::find_if(kClusters.begin(), kClusters.end(),
                                         [&](const Destination& c) { return c.name == row.candidate; });
    EXPECT_EQ(workload_affinity_holds(kWithBackEnd, with, d), row.with_back_end) << row.candidate;
    EXPECT_EQ(workload_anti_affinity_holds(kAwayFromFrontends, away, d), row.away_from_frontend)
        << row.candidate;
  }
}

TEST(Affinity, AWiderTopologyKeyMakesAProviderOneDomain) {
  const WorkloadAffinityTerm by_provider{kWithBackEnd.label_selector, "crossplane.io/provider"};
  const auto hosting = domains_hosting(by_provider, kClusters, kPlaced);
  EXPECT_EQ(hosting, (std::set<std::string>{"aws"}));
  EXPECT_TRUE(workload_affinity_holds(by_provider, hosting, kClusters[0]));   // aws-1: same provider as aws-2
  EXPECT_FALSE(workload_affinity_holds(by_provider, hosting, kClusters[2]));  // gcp-1
  EXPECT_EQ(to_string(by_provider), "app in (back-end) by crossplane.io/provider");
}

// What `ferry explain` says of a candidate's domain: who runs there, and whether they were placed earlier in
// the same run; the same holds whether the workloads are read from the stores or placed this run.
TEST(Affinity, TheDomainDetailNamesTheWorkloadsAndThoseOfTheSameRun) {
  const WorkloadAffinityTerm by_provider{kWithBackEnd.label_selector, "crossplane.io/provider"};
  std::vector<PlacedWorkload> placed = kPlaced;
  placed.push_back({"default/back-end-2", {{"app", "back-end"}}, "aws-1", true, 0});
  placed.push_back({"default/back-end-3", {{"app", "back-end"}}, "aws-2", true, 0});
  placed.push_back({"default/back-end-4", {{"app", "back-end"}}, "bare", true, 2});
  const DomainHosts hosts = hosts_by_domain(by_provider, kClusters, placed);
  EXPECT_TRUE(workload_affinity_holds(by_provider, hosts, kClusters[0]));
  EXPECT_FALSE(workload_anti_affinity_holds(by_provider, hosts, kClusters[0]));
  EXPECT_EQ(domain_detail(by_provider, hosts, kClusters[0]),
            "crossplane.io/provider=aws hosts default/back-end on aws-2, default/back-end-2 on aws-1 (placed "
            "earlier in this run), default/back-end-3 on aws-2 (placed earlier in this run) and 3 more");
  EXPECT_EQ(domain_detail(by_provider, hosts, kClusters[2]), "crossplane.io/provider=gcp hosts none");
  EXPECT_EQ(domain_detail(kWithBackEnd, hosts_by_domain(kWithBackEnd, kClusters, kPlaced), kClusters[3]),
            "no crossplane.io/kubernetes label");
}

}  // namespace
}  // namespace ferry::scheduler
