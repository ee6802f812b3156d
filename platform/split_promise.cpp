#include "platform/split_promise.h"

#include <filesystem>
#include <map>
#include <set>

#include "pipeline/promise_parser.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

constexpr const char* kApiFile = "api.yaml";
constexpr const char* kDependenciesFile = "dependencies.yaml";
constexpr const char* kPromiseFile = "promise.yaml";
constexpr const char* kWorkflowFile = "workflow.yaml";

// "resource.configure" when `relative` (below the Promise's directory) is
// workflows/resource/configure/workflow.yaml; "" for any other path.
std::string workflow_named(const fs::path& relative) {
  std::vector<std::string> parts;
  for (const fs::path& part : relative) parts.push_back(part.string());
  if (parts.size() != 4 || parts[0] != "workflows" || parts[3] != kWorkflowFile) return "";
  for (const char* type : pipeline::kWorkflowTypes) {
    for (const char* action : pipeline::kWorkflowActions) {
      if (parts[1] == type && parts[2] == action) return parts[1] + "." + parts[2];
    }
  }
  return "";
}

// The directories holding both api.yaml and dependencies.yaml.
std::set<fs::path> split_directories(const std::vector<PlatformFile>& files) {
  std::map<fs::path, int> found;
  for (const PlatformFile& file : files) {
    const fs::path path(file.path);
    if (path.filename() == kApiFile) found[path.parent_path()] |= 1;
    if (path.filename() == kDependenciesFile) found[path.parent_path()] |= 2;
  }
  std::set<fs::path> directories;
  for (const auto& [directory, seen] : found) {
    if (seen == 3) directories.insert(directory);
  }
  return directories;
}

// The one document of a part's file; nullopt for an empty file. A file of several documents is an error,
// except dependencies.yaml, whose documents (each an object) also make the list.
Result<std::optional<YamlDocument>> only_document(const PlatformFile& file) {
  auto documents = parse_yaml_stream(file.text, file.path);
  if (!documents) return documents.error();
  if (documents->empty()) return std::optional<YamlDocument>();
  if (documents->size() == 1) return std::optional<YamlDocument>(documents->front());
  if (fs::path(file.path).filename() != kDependenciesFile) {
    return make_error(location_of((*documents)[1].node, file.path),
                      "a split Promise's " + fs::path(file.path).filename().string() +
                          " holds one YAML document; found " + std::to_string(documents->size()));
  }
  YAML::Node list(YAML::NodeType::Sequence);
  for (const YamlDocument& document : *documents) list.push_back(document.node);
  return std::optional<YamlDocument>(YamlDocument{list, file.path});
}

// The Promise `kratix build promise <directory name>` makes when there is no promise.yaml.
YamlDocument named_base(const std::string& directory) {
  YAML::Node base;
  base["apiVersion"] = "platform.kratix.io/v1alpha1";
  base["kind"] = "Promise";
  base["metadata"]["name"] = fs::path(directory).filename().string();
  base["spec"] = YAML::Node(YAML::NodeType::Map);
  return YamlDocument{base, directory};
}

}  // namespace

SortedFiles sort_platform_files(const std::vector<PlatformFile>& files) {
  const std::set<fs::path> directories = split_directories(files);
  SortedFiles sorted;
  std::map<fs::path, std::size_t> index;
  for (const fs::path& directory : directories) {
    index[directory] = sorted.split_promises.size();
    sorted.split_promises.push_back({directory.string(), {}});
  }
  for (const PlatformFile& file : files) {
    const fs::path path(file.path);
    const fs::path* owner = nullptr;
    for (const fs::path& directory : directories) {
      const fs::path relative = path.lexically_relative(directory);
      if (!relative.empty() && *relative.begin() != "..") owner = &directory;
    }
    if (owner == nullptr) {
      sorted.documents.push_back(&file);
      continue;
    }
    const fs::path relative = path.lexically_relative(*owner);
    const std::string name = relative.string();
    SplitPromiseFiles& split = sorted.split_promises[index[*owner]];
    if (name == kApiFile || name == kDependenciesFile || name == kPromiseFile ||
        !workflow_named(relative).empty())
      split.files.push_back(&file);
    else if (*relative.begin() != "workflows")
      sorted.documents.push_back(&file);  // example-resource.yaml and other objects beside the Promise
  }
  return sorted;
}

Result<SplitPromise> load_split_promise(const SplitPromiseFiles& split) {
  pipeline::PromiseParts parts{.base = named_base(split.directory)};
  for (const PlatformFile* file : split.files) {
    auto document = only_document(*file);
    if (!document) return document.error();
    if (!*document) continue;
    const fs::path relative = fs::path(file->path).lexically_relative(split.directory);
    if (relative == kApiFile) parts.api = std::move(**document);
    if (relative == kDependenciesFile) parts.dependencies = std::move(**document);
    if (relative == kPromiseFile) parts.base = std::move(**document);
    if (const std::string workflow = workflow_named(relative); !workflow.empty())
      parts.workflows.emplace(workflow, std::move(**document));
  }
  return SplitPromise{parts.base, pipeline::parse_promise_parts(parts)};
}

}  // namespace ferry::runner
