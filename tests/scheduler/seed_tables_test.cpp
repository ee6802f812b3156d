// Every row of the selector tables in seeds 000 (Cluster API) and 001 (Destination API).
#include <gtest/gtest.h>

#include "scheduler/placement.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {
namespace {

struct PromiseRow {
  Labels destination_labels;
  Labels promise_selector;
  bool match;
};

// Seed 001 "Scheduling Promises" and seed 000 "Scheduling Promises": the same eight rows.
const std::vector<PromiseRow> kPromiseRows = {
    {{}, {}, true},
    {{{"env", "dev"}}, {}, true},
    {{{"env", "dev"}}, {{"env", "dev"}}, true},
    {{{"env", "dev"}, {"zone", "eu"}}, {{"env", "dev"}}, true},
    {{{"env", "dev"}, {"zone", "eu"}}, {{"env", "dev"}, {"zone", "eu"}}, true},
    {{{"env", "dev"}}, {{"env", "prod"}}, false},
    {{{"env", "dev"}}, {{"env", "dev"}, {"zone", "eu"}}, false},
    {{}, {{"env", "dev"}}, false},
};

TEST(SeedTables, PromiseSelectorsOnDestinations) {
  for (const PromiseRow& row : kPromiseRows) {
    const Selector selector = resolve_kratix({{row.promise_selector, SelectorSource::promise}});
    Destination destination{"d", row.destination_labels, false, "d", "GitStateStore", "s", {}};
    EXPECT_EQ(!candidates(selector, {destination}).empty(), row.match) << to_string(selector);
  }
}

TEST(SeedTables, ClusterSelectorsOnClusters) {
  for (const PromiseRow& row : kPromiseRows) {
    const Selector selector = merge_without_overwrite(row.promise_selector, {});
    EXPECT_EQ(matches(selector, row.destination_labels), row.match) << to_string(selector);
  }
}

struct DynamicRow {
  Labels cluster_labels;
  Labels promise_selector;
  Labels pipeline_selector;  // cluster-selectors.yaml
  bool match;
};

// Seed 000 "Dynamic Scheduling": keys are never overwritten, so a conflict matches nothing.
const std::vector<DynamicRow> kDynamicRows = {
    {{}, {}, {}, true},
    {{{"env", "dev"}}, {}, {}, true},
    {{{"env", "dev"}}, {{"env", "dev"}}, {}, true},
    {{{"env", "dev"}, {"zone", "eu"}}, {{"env", "dev"}}, {{"zone", "eu"}}, true},
    {{{"env", "dev"}, {"zone", "eu"}}, {}, {{"zone", "eu"}}, true},
    {{{"env", "dev"}}, {{"env", "dev"}}, {{"env", "prod"}}, false},
    {{{"env", "dev"}}, {{"env", "prod"}}, {{"env", "dev"}}, false},
    {{{"env", "dev"}}, {{"env", "dev"}, {"zone", "eu"}}, {}, false},
    {{}, {}, {{"env", "dev"}}, false},
};

TEST(SeedTables, ClusterSelectorsMergedWithPipelineSelectors) {
  for (const DynamicRow& row : kDynamicRows) {
    const Selector selector = merge_without_overwrite(row.promise_selector, row.pipeline_selector);
    EXPECT_EQ(matches(selector, row.cluster_labels), row.match) << to_string(selector);
  }
}

}  // namespace
}  // namespace ferry::scheduler
