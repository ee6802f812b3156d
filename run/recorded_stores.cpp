#include "run/recorded_stores.h"

#include <map>
#include <nlohmann/json.hpp>

#include "writer/store_url.h"

namespace ferry::runner {
namespace {

using json = nlohmann::json;

constexpr const char* kStoresDirectory = "stores";
constexpr const char* kStoreFile = "store.json";
constexpr const char* kTipFile = "tip";
constexpr int kStoreFormat = 1;

// A local store's absolute path; any other URL without its credentials.
std::string lasting_url(const std::string& url, const std::filesystem::path& platform_root) {
  auto parsed = writer::parse_store_url(url, std::filesystem::absolute(platform_root));
  if (parsed && !parsed->local_path.empty() && parsed->transport == writer::StoreTransport::kLocalPath)
    return parsed->local_path.lexically_normal().string();
  return writer::redact_url(url);
}

std::string store_record_directory(const std::string& name) {
  return std::string(kStoresDirectory) + "/" + name;
}

}  // namespace

std::string store_record_json(const GitStateStore& store, const std::filesystem::path& platform_root) {
  json j = {{"format", kStoreFormat},
            {"name", store.name},
            {"url", lasting_url(store.url, platform_root)},
            {"branch", store.branch},
            {"path", store.path},
            {"author", {{"name", store.author.name}, {"email", store.author.email}}},
            {"authMethod", store.auth_method == StoreAuthMethod::ssh ? "ssh" : "basicAuth"},
            {"secretRef", nullptr}};
  if (store.secret_ref)
    j["secretRef"] = {{"name", store.secret_ref->name}, {"namespace", store.secret_ref->namespace_}};
  return j.dump(2) + "\n";
}

Result<GitStateStore> parse_store_record(const std::string& json_text, const std::string& path) {
  try {
    const json j = json::parse(json_text);
    if (j.at("format").get<int>() != kStoreFormat)
      return make_error(SourceLocation{path, 0, 0}, "unknown store record format " + j.at("format").dump());
    GitStateStore store;
    store.name = j.at("name").get<std::string>();
    store.url = j.at("url").get<std::string>();
    store.branch = j.at("branch").get<std::string>();
    store.path = j.at("path").get<std::string>();
    store.author = {j.at("author").at("name").get<std::string>(),
                    j.at("author").at("email").get<std::string>()};
    store.auth_method = j.at("authMethod") == "ssh" ? StoreAuthMethod::ssh : StoreAuthMethod::basic_auth;
    if (const json& ref = j.at("secretRef"); !ref.is_null())
      store.secret_ref = StoreSecretRef{ref.at("name").get<std::string>(),
                                        ref.at("namespace").get<std::string>(), SourceLocation{path, 0, 0}};
    store.where = store.url_where = store.auth_where = SourceLocation{path, 0, 0};
    return store;
  } catch (const json::exception& e) {
    return make_error(SourceLocation{path, 0, 0}, std::string("not a store record: ") + e.what());
  }
}

Result<RecordedStores> load_recorded_stores(writer::StateStore& state) {
  auto files = state.read_files(kStoresDirectory);
  if (!files) return files.error();
  RecordedStores recorded;
  for (const auto& [path, text] : *files) {
    if (path.ends_with(std::string("/") + kTipFile)) {
      const std::string directory = path.substr(0, path.size() - std::string(kTipFile).size() - 1);
      recorded.tips[directory.substr(directory.rfind('/') + 1)] = text.substr(0, text.find('\n'));
      continue;
    }
    if (!path.ends_with(std::string("/") + kStoreFile)) continue;
    auto store = parse_store_record(text, state.describe() + ":" + path);
    if (!store) return store.error();
    recorded.stores.push_back(std::move(*store));
  }
  return recorded;
}

void record_stores(writer::Change& change, const RecordedStores& before,
                   const std::vector<GitStateStore>& after, const std::map<std::string, std::string>& tips,
                   const std::filesystem::path& platform_root) {
  // Each store's directory as the files it holds: a Bundle replaces a directory whole.
  const auto files_of = [&](const GitStateStore& store,
                            const std::map<std::string, std::string>& store_tips) {
    std::map<std::string, std::string> files{{kStoreFile, store_record_json(store, platform_root)}};
    if (const auto tip = store_tips.find(store.name); tip != store_tips.end() && !tip->second.empty())
      files[kTipFile] = tip->second + "\n";
    return files;
  };
  std::map<std::string, std::map<std::string, std::string>> recorded;
  for (const GitStateStore& store : before.stores) recorded[store.name] = files_of(store, before.tips);
  for (const GitStateStore& store : after) {
    auto files = files_of(store, tips);
    const auto old = recorded.find(store.name);
    if (old == recorded.end() || old->second != files)
      change.bundles.push_back({store_record_directory(store.name), std::move(files)});
    if (old != recorded.end()) recorded.erase(old);
  }
  for (const auto& [name, files] : recorded)
    change.removed_directories.push_back(store_record_directory(name));
}

std::vector<GitStateStore> retired_stores(const Platform& platform,
                                          const std::vector<GitStateStore>& recorded) {
  std::vector<GitStateStore> retired;
  for (const GitStateStore& store : recorded) {
    if (!platform.store(store.name)) retired.push_back(store);
  }
  return retired;
}

}  // namespace ferry::runner
