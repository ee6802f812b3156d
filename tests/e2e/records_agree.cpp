#include "tests/e2e/records_agree.h"

#include <sstream>

#include "tests/support/test_support.h"

namespace ferry::testing {
namespace {

std::vector<std::string> path_parts(const std::string& path) {
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  return parts;
}

// The record that owns a bundle directory of bundle_directory(): "requests/<promise>/<ns>/<name>/record.json"
// for ".../resources/<ns>/<promise>/<name>", "promises/<promise>/record.json" for
// ".../dependencies/<promise>".
std::string owning_record(const std::string& directory) {
  const std::vector<std::string> parts = path_parts(directory);
  const std::size_t n = parts.size();
  if (n >= 4 && parts[n - 4] == "resources")
    return "requests/" + parts[n - 2] + "/" + parts[n - 3] + "/" + parts[n - 1] + "/record.json";
  return "promises/" + parts[n - 1] + "/record.json";
}

bool some_tree_holds(const std::map<std::string, RepoFiles>& trees, const std::string& directory) {
  for (const auto& [store, files] : trees) {
    const auto next = files.lower_bound(directory + "/");
    if (next != files.end() && next->first.starts_with(directory + "/")) return true;
  }
  return false;
}

bool is_git_repository(const std::filesystem::path& repo, const std::string& branch) {
  return std::filesystem::exists(repo) &&
         run("git --git-dir=" + shell_quote(repo.string()) + " rev-parse --verify --quiet " + branch, false)
                 .exit_code == 0;
}

}  // namespace

std::string bundle_directory(const std::string& path) {
  const std::vector<std::string> parts = path_parts(path);
  std::string prefix;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::size_t depth = parts[i] == "resources" ? 4 : parts[i] == "dependencies" ? 2 : 0;
    if (depth != 0 && i + depth < parts.size()) {
      for (std::size_t j = i; j < i + depth; ++j) prefix += parts[j] + (j + 1 < i + depth ? "/" : "");
      return prefix;
    }
    prefix += parts[i] + "/";
  }
  return path;
}

std::vector<std::string> record_disagreements(const std::map<std::string, RepoFiles>& trees,
                                              const std::map<std::string, nlohmann::json>& records) {
  std::vector<std::string> found;
  for (const auto& [path, record] : records) {
    for (const auto& placement : record.value("placements", nlohmann::json::array())) {
      const std::string directory = placement.value("path", "");
      if (!directory.empty() && !some_tree_holds(trees, directory))
        found.push_back(path + " names " + directory + ", which no store holds");
    }
  }
  for (const auto& [store, files] : trees) {
    std::string last;
    for (const auto& [file, blob] : files) {
      const std::string directory = bundle_directory(file);
      if (directory == file || directory == last) continue;  // in no bundle, or its bundle already seen
      last = directory;
      if (!records.contains(owning_record(directory)))
        found.push_back(store + ":" + directory + " is owned by no record (" + owning_record(directory) +
                        ")");
    }
  }
  return found;
}

RepoFiles files_of_branch(const std::filesystem::path& repo, const std::string& branch) {
  RepoFiles files;
  if (!is_git_repository(repo, branch)) return files;
  std::istringstream lines(git(repo, "ls-tree -r " + branch));
  for (std::string line; std::getline(lines, line);) {  // "<mode> blob <id>\t<path>"
    const auto tab = line.find('\t');
    if (tab == std::string::npos || tab < 40) continue;
    files[line.substr(tab + 1)] = line.substr(tab - 40, 40);
  }
  return files;
}

std::map<std::string, nlohmann::json> records_of(const std::filesystem::path& state,
                                                 const std::string& branch) {
  std::map<std::string, nlohmann::json> records;
  for (const auto& [path, blob] : files_of_branch(state, branch)) {
    if (path.ends_with("/record.json"))
      records[path] = nlohmann::json::parse(git(state, "cat-file blob " + blob), nullptr, false);
  }
  return records;
}

}  // namespace ferry::testing
