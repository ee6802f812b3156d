// The exact outcomes of the hostile input rows on label selectors outside a Promise (PlacementPolicy,
// Location, a pipeline's destination-selectors.yaml) and on Pipeline names, as the FERRY_HOSTILE_DUMP=1 run
// prints them once checked by hand; expectations() (hostile_input_expected.cpp) takes them in.
#include "tests/e2e/hostile_input.h"

namespace ferry {

std::map<std::string, Expected> selector_and_pipeline_name_expectations() {
  return {
      {"PolicySelectorKeyWithTwoSlashes",
       {1,
        R"x($P/scheduling.yaml:8:21: error: "spec.locationSelectors[0].matchLabels" key "a/b/cloud" is not a valid label key: its name contains '/'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"LocationSelectorValueWithSpace",
       {1,
        R"x($P/scheduling.yaml:7:63: error: "spec.instanceSelector.matchExpressions[0].values[0]" "a ws" is not a valid label value: it contains a space; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an empty value
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"PipelineNameUpperCase",
       {1,
        R"x($P/promises/redis.yaml:53:19: error: "spec.workflows.resource.configure[0].metadata.name" "Instance-Configure" is not a valid pipeline name: it contains 'I'; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (Kratix puts it in a Job's name and in the kratix.io/pipeline-name label)
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"PipelineNameWithSlash",
       {1,
        R"x($P/promises/redis.yaml:53:19: error: "spec.workflows.resource.configure[0].metadata.name" "../instance-configure" is not a valid pipeline name: it contains '/'; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (Kratix puts it in a Job's name and in the kratix.io/pipeline-name label)
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SelectorsBadLabelKey",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:1:17: pipeline "instance-configure": "matchLabels" key "a/b/environment" is not a valid label key: its name contains '/'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit
)x"}},
      {"SelectorsBadExpressionValue",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:2:49: pipeline "instance-configure": "matchExpressions[0].values[0]" "dev-" is not a valid label value: it ends with '-'; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an empty value
)x"}},
  };
}

}  // namespace ferry
