#include "tests/e2e/crash_support.h"

#include <gtest/gtest.h>

#include <sstream>

namespace ferry::testing {
namespace fs = std::filesystem;

namespace {

const std::string kExecConfig = std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// A record without what two correct histories may differ in: its time, its commit ids, and whether its
// output was new to the repository ("succeeded") or already there from a killed run ("unchanged").
nlohmann::json normalised_record(const std::string& text) {
  nlohmann::json record = nlohmann::json::parse(text);
  record.erase("lastRun");
  record.erase("commits");
  if (record["result"] == "unchanged") record["result"] = "succeeded";
  return record;
}

// "<...>/resources/<ns>/<promise>/<name>" or "<...>/dependencies/<promise>" of a path, else the path.
std::string bundle_directory(const std::string& path) {
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
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

}  // namespace

Site::Site() {
  fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/platform", platform(), fs::copy_options::recursive);
}

Site::Site(const StoreServer& server, const std::string& name) : Site() {
  server_ = server;
  server_name_ = name;
  std::string stores;
  for (const std::string store : kStores) {
    fs::remove_all(repo(store));
    const auto made = run("git init -q --bare -b main " + shell_quote(repo(store).string()));
    EXPECT_EQ(made.exit_code, 0) << made.output;
    stores +=
        "---\napiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n  name: " + store +
        "\nspec:\n  url: " + server.url + "/" + repo(store).filename().string() + "\n  branch: main\n" +
        (store == "observability" ? "  path: fleet\n"
                                  : "  gitAuthor: {name: ferry-demo, email: ferry-demo@example.com}\n");
  }
  write_file(platform() / "state-stores.yaml", stores);
}

fs::path Site::repo(const std::string& store) const {
  if (!server_) return dir_.path() / "state" / (store + ".git");
  return server_->root / (server_name_ + "-" + store + ".git");
}

std::vector<std::string> Site::arguments() const {
  return {std::string(FERRY_BINARY_DIR) + "/ferry",
          "reconcile",
          platform().string(),
          "--output",
          "json",
          "--runtime",
          "exec",
          "--exec-config",
          kExecConfig,
          "--store-cache-dir",
          cache().string()};
}

std::string Site::stderr_text() const {
  return read_file(dir_.path() / "stderr");
}

int Site::reconcile(const std::string& fault) const {
  std::string command = fault.empty() ? "" : "FERRY_FAULT_POINT=" + shell_quote(fault) + " ";
  for (const std::string& word : arguments()) command += shell_quote(word) + " ";
  const fs::path out = dir_.path() / "stdout";
  return run(command + ">" + shell_quote(out.string()) + " 2>" +
             shell_quote((dir_.path() / "stderr").string()))
      .exit_code;
}

pid_t Site::start_reconcile() const {
  return spawn_in_own_group(arguments(), "/dev/null", dir_.path() / "stderr");
}

std::string Site::tip(const std::string& store) const {
  if (!fs::exists(repo(store))) return "";
  return run("git --git-dir=" + shell_quote(repo(store).string()) + " rev-parse --verify --quiet main", false)
      .output;
}

std::vector<std::string> Site::commits(const std::string& store, const std::string& since) const {
  if (tip(store).empty()) return {};
  return lines_of(git(repo(store), "rev-list main" + (since.empty() ? "" : " ^" + since)));
}

Snapshot Site::snapshot() const {
  Snapshot snapshot;
  for (const std::string store : kStores)
    snapshot.trees[store] = tip(store).empty() ? Tree{} : tree_at(repo(store), "main");
  const bool recorded =
      fs::exists(state_repo()) &&
      run("git --git-dir=" + shell_quote(state_repo().string()) + " rev-parse --verify --quiet state", false)
              .exit_code == 0;
  if (!recorded) return snapshot;
  for (const auto& [path, blob] : tree_at(state_repo(), "state")) {
    if (path.ends_with("/record.json"))
      snapshot.state[path] = normalised_record(git(state_repo(), "cat-file blob " + blob));
  }
  return snapshot;
}

std::vector<std::string> Site::lock_files() const {
  std::vector<std::string> found;
  std::vector<fs::path> roots = {repo("clusters"), repo("observability"), state_repo()};
  if (fs::exists(cache())) {
    for (const auto& entry : fs::directory_iterator(cache()))
      if (entry.is_directory()) roots.push_back(entry.path());
  }
  for (const fs::path& root : roots) {
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      const std::string name = entry.path().filename().string();
      if (name.ends_with(".lock") && name != "ferry-writer.lock") found.push_back(entry.path().string());
    }
  }
  return found;
}

void PrintTo(const Snapshot& snapshot, std::ostream* out) {
  for (const auto& [store, tree] : snapshot.trees)
    for (const auto& [path, blob] : tree) *out << "\n  " << store << ":" << path << " " << blob;
  for (const auto& [path, record] : snapshot.state) *out << "\n  state:" << path << " " << record.dump();
}

Tree tree_at(const fs::path& repo, const std::string& rev) {
  Tree tree;
  for (const std::string& line : lines_of(git(repo, "ls-tree -r --full-tree " + rev))) {
    const auto tab = line.find('\t');
    tree[line.substr(tab + 1)] = line.substr(tab - 40, 40);
  }
  return tree;
}

Bundles bundles_of(const std::string& store, const Tree& tree) {
  Bundles bundles;
  for (const auto& [path, blob] : tree) bundles[store + ":" + bundle_directory(path)][path] = blob;
  return bundles;
}

Bundles bundles_of(const Snapshot& snapshot) {
  Bundles all;
  for (const auto& [store, tree] : snapshot.trees) all.merge(bundles_of(store, tree));
  return all;
}

std::vector<std::string> partial_bundles(const std::string& store, const Tree& tree,
                                         const std::vector<const Bundles*>& wholes) {
  std::vector<std::string> partial;
  for (const auto& [directory, files] : bundles_of(store, tree)) {
    bool whole = false;
    for (const Bundles* versions : wholes) {
      const auto found = versions->find(directory);
      whole = whole || (found != versions->end() && found->second == files);
    }
    if (!whole) partial.push_back(directory);
  }
  return partial;
}

void expect_whole_commits(const Site& site, const Bundles& whole) {
  for (const std::string store : Site::kStores) {
    for (const std::string& commit : site.commits(store)) {
      const auto partial = partial_bundles(store, tree_at(site.repo(store), commit), {&whole});
      EXPECT_TRUE(partial.empty()) << "commit " << commit << " of " << store << " holds part of "
                                   << partial.front();
    }
  }
}

}  // namespace ferry::testing
