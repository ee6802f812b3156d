#include "tests/e2e/crash_support.h"

#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <set>
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

// A record without what two correct histories may differ in: its times (the run's, and those in its status,
// docs/status.md), its commit ids, and whether its output was new to the repository ("succeeded") or already
// there from a killed run ("unchanged").
nlohmann::json normalised_record(const std::string& text) {
  nlohmann::json record = nlohmann::json::parse(text);
  record.erase("lastRun");
  record.erase("commits");
  if (record.contains("status") && record["status"].is_string()) {
    static const std::regex kTime(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)");
    record["status"] = std::regex_replace(record["status"].get<std::string>(), kTime, "<time>");
  }
  if (record["result"] == "unchanged") record["result"] = "succeeded";
  return record;
}

// The content of each blob of `ids`, read by one `git cat-file --batch` rather than one process per blob.
std::map<std::string, std::string> blob_texts(const fs::path& repo, const std::vector<std::string>& ids) {
  std::string list;
  for (const std::string& id : ids) list += id + "\n";
  const TempDir scratch;
  write_file(scratch.path() / "ids", list);
  const std::string out = run("git --git-dir=" + shell_quote(repo.string()) +
                                  " cat-file --batch='%(objectname) %(objectsize)' <" +
                                  shell_quote((scratch.path() / "ids").string()),
                              false)
                              .output;
  std::map<std::string, std::string> texts;
  for (std::size_t at = 0; at < out.size();) {  // "<id> <size>\n<content>\n", in turn
    const std::size_t line_end = out.find('\n', at);
    if (line_end == std::string::npos) break;
    std::istringstream header(out.substr(at, line_end - at));
    std::string id;
    std::size_t size = 0;
    header >> id >> size;
    texts[id] = out.substr(line_end + 1, size);
    at = line_end + 1 + size + 1;
  }
  EXPECT_EQ(texts.size(), std::set<std::string>(ids.begin(), ids.end()).size()) << out.substr(0, 400);
  return texts;
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

FerryArgs Site::arguments() const {
  FerryArgs words = {
      "reconcile",     platform().string(), "--output",          "json",          "--runtime", "exec",
      "--exec-config", kExecConfig,         "--store-cache-dir", cache().string()};
  if (pipeline_cache_) words.insert(words.end(), {"--pipeline-cache-dir", pipeline_cache_->string()});
  return words;
}

std::string Site::stderr_text() const {
  return read_file(dir_.path() / "stderr");
}

int Site::reconcile(const std::string& fault) const {
  FerryOptions options;
  if (!fault.empty()) options.env["FERRY_FAULT_POINT"] = fault;
  const FerryResult result = run_ferry(arguments(), options);
  write_file(dir_.path() / "stderr", result.error_output);
  return result.exit_code;
}

// Not through run_ferry, which waits for the process: the caller kills it mid-run.
pid_t Site::start_reconcile() const {
  return spawn_in_own_group(FerryArgs{ferry_binary()} + arguments(), "/dev/null", dir_.path() / "stderr");
}

std::string Site::tip(const std::string& store) const {
  if (!fs::exists(repo(store))) return "";
  std::string tip =
      run("git --git-dir=" + shell_quote(repo(store).string()) + " rev-parse --verify --quiet main", false)
          .output;
  if (!tip.empty() && tip.back() == '\n') tip.pop_back();
  return tip;
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
  std::vector<std::string> records;
  for (const auto& [path, blob] : tree_at(state_repo(), "state"))
    if (path.ends_with("/record.json")) records.push_back(blob);
  const std::map<std::string, std::string> texts = blob_texts(state_repo(), records);
  for (const auto& [path, blob] : tree_at(state_repo(), "state"))
    if (path.ends_with("/record.json")) snapshot.state[path] = normalised_record(texts.at(blob));
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

namespace {

// One commit of `git log --raw`: its id, its first parent ("" for a root) and its changes to that parent.
struct LoggedCommit {
  std::string id;
  std::string parent;
  std::vector<std::pair<std::string, std::string>> changes;  // path -> new blob id, "" when deleted
};

// The commits of `range`, oldest first, from `git log --topo-order --reverse --raw`.
std::vector<LoggedCommit> logged_commits(const fs::path& repo, const std::string& range) {
  std::vector<LoggedCommit> commits;
  const std::string log = git(repo,
                              "log --topo-order --reverse --root --raw -r --no-renames --no-abbrev "
                              "--format='commit %H %P' " +
                                  range);
  for (const std::string& line : lines_of(log)) {
    if (line.starts_with("commit ")) {
      std::istringstream words(line.substr(7));
      LoggedCommit commit;
      words >> commit.id >> commit.parent;
      commits.push_back(commit);
    } else if (line.starts_with(':') && !commits.empty()) {  // ":<mode> <mode> <old> <new> <status>\t<path>"
      const auto tab = line.find('\t');
      const bool deleted = line[tab - 1] == 'D';
      commits.back().changes.emplace_back(line.substr(tab + 1), deleted ? "" : line.substr(tab - 42, 40));
    }
  }
  return commits;
}

}  // namespace

void expect_whole_commits_since(const Site& site, const std::string& store, const std::string& since,
                                const std::vector<const Bundles*>& wholes, const std::string& context) {
  if (site.tip(store).empty()) return;
  const fs::path repo = site.repo(store);
  Tree tree = since.empty() ? Tree{} : tree_at(repo, since);
  std::string previous = since;
  for (const LoggedCommit& commit : logged_commits(repo, since.empty() ? "main" : since + "..main")) {
    if (commit.parent != previous) {
      tree = tree_at(repo, commit.id);  // not a linear step from the tree held: read it whole
    } else {
      for (const auto& [path, blob] : commit.changes) {
        if (blob.empty()) {
          tree.erase(path);
        } else {
          tree[path] = blob;
        }
      }
    }
    previous = commit.id;
    const auto partial = partial_bundles(store, tree, wholes);
    EXPECT_TRUE(partial.empty()) << context << ": commit " << commit.id << " of " << store
                                 << " holds part of " << partial.front();
  }
  // The shortcut checks itself: the tree built from the log is the branch's own.
  if (previous != since) {
    EXPECT_EQ(tree, tree_at(repo, previous)) << context << ": " << store;
  }
}

std::vector<std::string> record_disagreements(const Snapshot& snapshot) {
  return record_disagreements(snapshot.trees, snapshot.state);
}

}  // namespace ferry::testing
