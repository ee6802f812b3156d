// The Kratix CLI's `init promise --split` layout (reference kratix-newer.md §8.1, docs/platform.md): a
// directory that holds both api.yaml and dependencies.yaml (the test the CLI's `add container` uses) is
// one Promise. Its api.yaml is spec.api, its dependencies.yaml spec.dependencies, each
// workflows/<promise|resource>/<configure|delete>/workflow.yaml (a list of Pipelines) that workflow; its
// promise.yaml, when present, gives the rest (metadata, selectors, ...), else the Promise is named after the
// directory, as `kratix build promise NAME` names it. Every other file below its workflows/ is the
// pipelines' source (`kratix add container` scaffolds), not a platform object, and is not read.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"
#include "platform/platform_file.h"

namespace ferry::runner {

// One split Promise directory and the files that make it up.
struct SplitPromiseFiles {
  std::string directory;
  std::vector<const PlatformFile*> files;  // api.yaml, dependencies.yaml, promise.yaml, workflow.yaml files
};

// The platform's files sorted: split Promise directories, and the files read document by document (in
// their given order). Files below a split Promise's workflows/ that are no workflow.yaml are in neither.
struct SortedFiles {
  std::vector<SplitPromiseFiles> split_promises;
  std::vector<const PlatformFile*> documents;
};
SortedFiles sort_platform_files(const std::vector<PlatformFile>& files);

// The base document of a split Promise (promise.yaml, or one named after the directory) and the Promise
// its parts make. Errors name the file they are in.
struct SplitPromise {
  YamlDocument base;
  Result<pipeline::Promise> promise;
};
Result<SplitPromise> load_split_promise(const SplitPromiseFiles& split);

}  // namespace ferry::runner
