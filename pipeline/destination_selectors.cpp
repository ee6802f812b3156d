// /kratix/metadata/destination-selectors.yaml -> SelectorEntry values, with the validation of
// ParseDestinationSelectors (reference §2.6) made stricter where Kratix would walk outside /kratix/output.
#include "pipeline/destination_selectors.h"

#include <map>

#include "core/kubernetes_names.h"
#include "core/label_selector_parser.h"
#include "core/yaml_document.h"

namespace ferry::pipeline {
namespace {

// Go's filepath.Clean on '/'-separated paths: "" -> ".", "baz/" -> "baz", "./baz" -> "baz", "a/../b" -> "b".
std::string clean_path(const std::string& path) {
  const bool rooted = !path.empty() && path.front() == '/';
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string part = path.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty() && parts.back() != "..") {
        parts.pop_back();
      } else if (!rooted) {
        parts.push_back(part);
      }
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string cleaned = rooted ? "/" : "";
  for (std::size_t i = 0; i < parts.size(); ++i) cleaned += (i == 0 ? "" : "/") + parts[i];
  return cleaned.empty() ? "." : cleaned;
}

// Rejects what Kratix rejects (nested) and what it should (absolute, escaping). `written` is quoted
// as the user wrote it; `cleaned` is the result of clean_path.
std::optional<std::string> directory_problem(const std::string& written, const std::string& cleaned) {
  const std::string quoted = "directory \"" + written + "\"";
  if (cleaned.front() == '/') {
    return quoted + " is absolute: write a top-level directory of /kratix/output, relative to it";
  }
  if (cleaned == ".." || cleaned.starts_with("../")) {
    return quoted + " escapes /kratix/output: write a top-level directory of /kratix/output";
  }
  if (cleaned.find('/') != std::string::npos) {
    return quoted + " is nested: only top-level directories of /kratix/output can be scheduled";
  }
  return std::nullopt;
}

Result<std::string> parse_directory(const YAML::Node& entry, const std::string& file) {
  auto directory = optional_string(entry, "directory", "directory", file);
  if (!directory) return directory.error();
  const std::string written = directory->value_or("");
  const std::string cleaned = clean_path(written);
  if (auto problem = directory_problem(written, cleaned)) {
    return make_error(location_of(entry["directory"], file), *problem);
  }
  return cleaned;
}

Result<SelectorEntry> parse_entry(const YAML::Node& entry, const std::string& file) {
  if (!entry.IsMap()) {
    return make_error(location_of(entry, file),
                      "a destination selector must be a map with \"matchLabels\" and an optional "
                      "\"directory\", found " +
                          describe_node_type(entry));
  }
  auto labels = optional_labels(entry, "matchLabels", "matchLabels", file);
  if (!labels) return labels.error();
  if (Status valid = check_labels(child(entry, "matchLabels"), "matchLabels", file); !valid)
    return valid.error();
  auto expressions = optional_label_expressions(entry, "matchExpressions", "matchExpressions", file);
  if (!expressions) return expressions.error();
  if (Status valid = check_label_expressions(child(entry, "matchExpressions"), "matchExpressions", file);
      !valid)
    return valid.error();
  if (labels->empty() && expressions->empty()) {
    const YAML::Node where = entry["matchLabels"] ? entry["matchLabels"] : entry;
    return make_error(location_of(where, file),
                      "a destination selector needs at least one label in \"matchLabels\" or one entry in "
                      "\"matchExpressions\", e.g. matchLabels: {environment: dev}");
  }
  auto directory = parse_directory(entry, file);
  if (!directory) return directory.error();
  return SelectorEntry{*directory, *labels, std::move(*expressions)};
}

std::string duplicate_message(const std::string& directory, const SourceLocation& first) {
  const std::string at = " (first at line " + std::to_string(first.line) + ", column " +
                         std::to_string(first.column) + "): merge their matchLabels into one entry";
  if (directory == ".") return "two destination selectors have no directory" + at;
  return "directory \"" + directory + "\" has two destination selectors" + at;
}

}  // namespace

// Empty text or "[]" is no entries. A YAML stream of more than one document is refused (Kratix would
// read only the first). matchExpressions (In, NotIn, Exists, DoesNotExist) are ANDed with matchLabels; other
// unknown keys are ignored, as Kratix does.
Result<std::vector<SelectorEntry>> parse_destination_selectors(const std::string& text,
                                                               const std::string& file) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  std::vector<SelectorEntry> entries;
  if (documents->empty()) return entries;
  if (documents->size() > 1) {
    return make_error(location_of((*documents)[1].node, file),
                      "destination selectors must be one YAML document: remove the second document");
  }
  const YAML::Node list = documents->front().node;
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "destination selectors must be a list of entries like \"- matchLabels: {env: dev}\", "
                      "found " +
                          describe_node_type(list));
  }
  std::map<std::string, SourceLocation> seen;
  for (const YAML::Node& node : list) {
    auto entry = parse_entry(node, file);
    if (!entry) return entry.error();
    const SourceLocation where = location_of(node, file);
    if (auto it = seen.find(entry->directory); it != seen.end()) {
      return make_error(where, duplicate_message(entry->directory, it->second));
    }
    seen.emplace(entry->directory, where);
    entries.push_back(std::move(*entry));
  }
  return entries;
}

}  // namespace ferry::pipeline

namespace ferry::pipeline {

Result<Labels> parse_cluster_selectors(const std::string& text, const std::string& file) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  if (documents->empty()) return Labels{};
  if (documents->size() > 1) {
    return make_error(location_of((*documents)[1].node, file),
                      "cluster selectors must be one YAML document: remove the second document");
  }
  YAML::Node wrapper(YAML::NodeType::Map);
  wrapper["selectors"] = documents->front().node;
  return optional_labels(wrapper, "selectors", "cluster-selectors", file);
}

}  // namespace ferry::pipeline
