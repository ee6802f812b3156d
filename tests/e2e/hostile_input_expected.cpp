// The exact outcome of every row of the hostile input catalogue (hostile_input_e2e_test.cpp), as the
// FERRY_HOSTILE_DUMP=1 run prints them once checked by hand.
#include "tests/e2e/hostile_input.h"

namespace ferry {

const std::map<std::string, Expected>& expectations() {
  static const std::map<std::string, Expected> expected = {
      {"UnclosedQuote",
       {1,
        R"x($P/requests/hostile.yaml:7:9: error: invalid YAML: the string that starts here has no closing "; add it where the string ends
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnclosedBracket",
       {1, R"x($P/requests/hostile.yaml:8:1: error: invalid YAML: end of sequence flow not found
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnclosedBrace",
       {1, R"x($P/requests/hostile.yaml:4:5: error: invalid YAML: end of map flow not found
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"TabIndentation",
       {1, R"x($P/requests/hostile.yaml:4:6: error: invalid YAML: illegal map value
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UndefinedAlias",
       {1, R"x($P/requests/hostile.yaml:4:9: error: invalid YAML: the referenced anchor is not defined
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"BadAnchor",
       {1, R"x($P/requests/hostile.yaml:4:10: error: invalid YAML: anchor not found after &
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NotYamlAtAll",
       {1, R"x($P/requests/hostile.yaml:1:7: error: invalid YAML: illegal flow end
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SpecIsAList",
       {1, R"x($P/requests/hostile.yaml:7:3: error: spec: must be an object, found a list
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NameIsAMap",
       {1, R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" must be a string, found a map
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"MetadataIsAString",
       {1, R"x($P/requests/hostile.yaml:3:11: error: "metadata" must be a map, found a string
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DocumentIsAList",
       {1, R"x($P/requests/hostile.yaml:1:1: error: missing required field "apiVersion"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationLabelsAreAList",
       {1,
        R"x($P/destinations/monitoring.yaml:6:5: error: "metadata.labels" must be a map of strings, found a list
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"ContainersAreAMap",
       {1,
        R"x($P/promises/redis.yaml:55:13: error: "spec.workflows.resource.configure[0].spec.containers" must list at least one container
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreBranchIsAList",
       {1, R"x($P/state-stores.yaml:9:11: error: "spec.branch" must be a string, found a list
$P/destinations/workers.yaml:1:1: error: Destination "worker-dev" refers to GitStateStore "clusters", which is not declared
$P/destinations/workers.yaml:13:1: error: Destination "worker-prod" refers to GitStateStore "clusters", which is not declared
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"HugeString",
       {1,
        R"x($P/requests/hostile.yaml:7:9: error: spec.size: must be one of small, large; found "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (20,971,520 characters)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepListNesting",
       {1,
        R"x($P/requests/hostile.yaml:7:20009: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepMapNesting",
       {1,
        R"x($P/requests/hostile.yaml:7:1996: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepBlockNesting",
       {1,
        R"x($P/requests/hostile.yaml:505:1000: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateKeyInMetadata",
       {1, R"x($P/requests/hostile.yaml:5:3: error: duplicate key "name" (first at line 4); remove one of them
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateKeyInDestination",
       {1,
        R"x($P/destinations/monitoring.yaml:9:3: error: duplicate key "path" (first at line 8); remove one of them
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateRequest",
       {1,
        R"x($P/requests/redis.yaml:1:1: error: request "redis default/cache-a" is declared twice; first at $P/requests/hostile.yaml:1:1
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"RequestWithoutName",
       {1, R"x($P/requests/hostile.yaml:4:3: error: missing required field "metadata.name"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationWithoutStateStoreRef",
       {1, R"x($P/destinations/monitoring.yaml:8:3: error: missing required field "spec.stateStoreRef"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreWithoutUrl",
       {1, R"x($P/state-stores.yaml:19:3: error: missing required field "spec.url"
$P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "observability", which is not declared
ferry: 2 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"PipelineWithoutImage",
       {1,
        R"x($P/promises/redis.yaml:56:17: error: missing required field "spec.workflows.resource.configure[0].spec.containers[0].image"
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"RequestWithoutKind",
       {1, R"x($P/requests/hostile.yaml:1:1: error: missing required field "kind"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnknownKind",
       {1,
        R"x($P/requests/hostile.yaml:1:1: error: no Promise provides kind Memcached in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnknownVersion",
       {1,
        R"x($P/requests/hostile.yaml:1:13: error: Promise redis does not serve version v9 of redis; it serves v1alpha1
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnknownPlatformKind",
       {1,
        R"x($P/destinations/monitoring.yaml:2:7: error: unknown kind Destinaton in platform.kratix.io; did you mean Destination?
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"LowerCasePromiseKind",
       {1,
        R"x($P/promises/redis.yaml:3:7: error: unknown kind promise in platform.kratix.io; did you mean Promise?
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"MisspeltRequestKind",
       {1,
        R"x($P/requests/hostile.yaml:2:7: error: no Promise provides kind Redis in group marketplace.kratix.io; did you mean redis?
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UppercaseName",
       {1,
        R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" "Cache" is not a valid request name: it contains 'C'; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NameLongerThan253",
       {1,
        R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"... (254 characters) is not a valid request name: it has 254 characters; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"RequestNameLongerThan63",
       {1,
        R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is not a valid request name: it has 64 characters; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NamespaceLongerThan63",
       {1,
        R"x($P/requests/hostile.yaml:5:14: error: "metadata.namespace" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" is not a valid namespace: it has 64 characters; use at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit (an RFC 1123 label)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"LeadingDash",
       {1,
        R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" "-cache" is not a valid request name: it starts with '-'; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationNameUppercase",
       {1,
        R"x($P/destinations/monitoring.yaml:4:9: error: "metadata.name" "Monitoring" is not a valid Kubernetes object name: it contains 'M'; use at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"PromiseNameWithUnderscore",
       {1,
        R"x($P/promises/redis.yaml:5:9: error: "metadata.name" "re_dis" is not a valid Kubernetes object name: it contains '_'; use at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreNameWithEmptyPart",
       {1,
        R"x($P/state-stores.yaml:17:9: error: "metadata.name" "observ..ability" is not a valid Kubernetes object name: it has ".."; use at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (an RFC 1123 subdomain)
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"LabelValueWithSpace",
       {1,
        R"x($P/destinations/monitoring.yaml:6:11: error: "metadata.labels.role" "a b" is not a valid label value: it contains a space; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an empty value
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"LabelKeyWithTwoSlashes",
       {1,
        R"x($P/destinations/monitoring.yaml:6:5: error: "metadata.labels" key "a/b/role" is not a valid label key: its name contains '/'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SelectorValueTooLong",
       {1,
        R"x($P/promises/redis.yaml:40:22: error: "spec.destinationSelectors[0].matchLabels.environment" "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd" is not a valid label value: it has 64 characters; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an empty value
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SelectorKeyLeadingDash",
       {1,
        R"x($P/promises/redis.yaml:40:17: error: "spec.destinationSelectors[0].matchExpressions[0].key" "-environment" is not a valid label key: it starts with '-'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"OperatorLike",
       {1,
        R"x($P/promises/redis.yaml:40:40: error: unknown operator "Like" in "spec.destinationSelectors[0].matchExpressions[0].operator"; use In, NotIn, Exists, DoesNotExist, Gt or Lt
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"ValuesOnExists",
       {1,
        R"x($P/promises/redis.yaml:40:56: error: "spec.destinationSelectors[0].matchExpressions[0].values" must be empty for operator Exists: remove the values
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"InWithoutValues",
       {1,
        R"x($P/promises/redis.yaml:40:11: error: "spec.destinationSelectors[0].matchExpressions[0].values" must list at least one value for operator In
$P/requests/redis.yaml:1:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
$P/requests/redis.yaml:9:1: error: kind redis in group marketplace.kratix.io is served by Promise "redis" at $P/promises/redis.yaml:2:1, which failed to load (its errors are listed with it); fix the Promise first
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaEnum",
       {1, R"x($P/requests/redis.yaml:7:9: error: spec.size: must be one of small, large; found "medium"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaType",
       {1, R"x($P/requests/redis.yaml:8:9: error: spec.fail: must be a boolean, found a string "maybe"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaPattern",
       {1, R"x($P/requests/redis.yaml:8:9: error: spec.name: must match the pattern ^[a-z]+$, found "Bad_Name"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaMinimum",
       {1, R"x($P/requests/redis.yaml:8:13: error: spec.replicas: must be at least 1, found 0
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreBadUrl",
       {1,
        R"x($P/state-stores.yaml:19:8: error: invalid state store URL "ftp://[::1": unsupported scheme "ftp" (use https://, ssh://, git://, file:// or a local path)
$P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "observability", which is not declared
ferry: 2 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationMissingStore",
       {1,
        R"x($P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "nowhere", which is not declared
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SelectorsNotYaml",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:2:1: pipeline "instance-configure": invalid YAML: end of sequence flow not found
)x"}},
      {"SelectorsBadOperator",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:2:36: pipeline "instance-configure": unknown operator "Like" in "matchExpressions[0].operator"; use In, NotIn, Exists, DoesNotExist, Gt or Lt
)x"}},
      {"SelectorsDirectoryTraversal",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:1:14: pipeline "instance-configure": directory "../escape" escapes /kratix/output: write a top-level directory of /kratix/output
)x"}},
      {"SelectorsAbsoluteDirectory",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:1:14: pipeline "instance-configure": directory "/etc" is absolute: write a top-level directory of /kratix/output, relative to it
)x"}},
      {"SelectorsDirectoryIsGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output ".git/config" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputSymlink",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "passwd" is a symlink; only regular files and directories are allowed
)x"}},
      {"OutputDirectorySymlink",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "up" is a symlink; only regular files and directories are allowed
)x"}},
      {"OutputFifo",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "pipe" is a fifo; only regular files and directories are allowed
)x"}},
      {"OutputUnderGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output ".git/hooks/pre-commit" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputNestedGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "a/.git/HEAD" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputTooManyFiles",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output has more than 10000 files: write fewer files or raise the limit (--max-output-files)
)x"}},
      {"OutputTooManyBytes",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output has more than 67108864 bytes in total: write less or raise the limit (--max-output-bytes)
)x"}},
      {"StatusNotYaml",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
ferry: team-b/cache-b: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/status.yaml:2:1: pipeline "instance-configure": invalid YAML: end of sequence flow not found
)x"}},
  };
  static const std::map<std::string, Expected> all = [] {
    std::map<std::string, Expected> rows = expected;
    rows.merge(selector_and_pipeline_name_expectations());
    return rows;
  }();
  return all;
}

}  // namespace ferry
