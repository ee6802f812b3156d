// The load cache tests' platform (load_cache_test.cpp, stat_index_test.cpp): Promises, requests and a
// Destination as text, a generated platform edited at random, and what a load gives as one text to compare.
#pragma once

#include <map>
#include <random>
#include <string>
#include <vector>

#include "platform/load_result.h"
#include "platform/platform_file.h"

namespace ferry::runner::load_cache_testing {

// Promise p<p> serving Thing<p> of g<p>.example.com, its spec.size of the schema `size_schema`.
std::string promise_text(int p, const std::string& size_schema);
// A Thing<p> request named `name` with spec.size `size`.
std::string request_text(int p, const std::string& name, const std::string& size);

inline constexpr const char* kBase = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: default}
spec: {url: state.git}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev
  labels: {env: dev}
spec:
  path: dev
  stateStoreRef: {kind: GitStateStore, name: default}
)";

// Everything a load gives that a caller reads, as text: errors and warnings rendered in order, the
// requests with every field, the Promises and Destinations by name, the unserved requests.
std::string outcome(const LoadResult& loaded);

// A ResourceBinding pinning request `request` of Promise p<p> to v1; `labels` replaces its labels when given.
std::string binding_text(const std::string& name, int p, const std::string& request,
                         const std::string& labels = "");

// A generated platform, edited at random: Promises, request files (valid or not), Destinations, files
// that do not parse, files that mix kinds.
class RandomPlatform {
 public:
  explicit RandomPlatform(unsigned seed);

  // One random edit: a request file rewritten, removed, made invalid or unparsable, a Promise changed,
  // removed or added, a Destination file, files that mix kinds.
  void edit();

  // The files, named "/platform/<path>"; texts(): the same by the path without that prefix.
  std::vector<PlatformFile> files() const;
  const std::map<std::string, std::string>& texts() const { return files_; }

 private:
  static constexpr const char* kString = "{type: string}";
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  static std::string request_path(int r) { return "requests/r" + std::to_string(r) + ".yaml"; }
  std::string request_file(int r);
  static std::string binding_path(int b) { return "bindings/b" + std::to_string(b) + ".yaml"; }
  // One or two bindings of requests r<r>-0 and r<r>-1 (of any Promise: some pin nothing).
  std::string binding_file(int r);
  // The file of many documents (the load cache's per-document keys): one of them changed, one inserted
  // (a request, a binding, one with comment lines that move every line below it, one that is not a
  // request or does not parse) or removed, or its head comment changed; then the file written again.
  void edit_many();
  std::string many_document(int m);

  std::vector<std::string> many_;  // the documents of requests/many.yaml, in order
  std::string many_head_;          // what comes before its first document
  int many_names_ = 0;

  std::mt19937 random_;
  std::map<std::string, std::string> files_;
};

}  // namespace ferry::runner::load_cache_testing
