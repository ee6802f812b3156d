#include "pipeline/cached_pipeline.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/secret_values.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

// Every directory (as "<path>/", no content: a listed group may be an empty directory) and regular file
// below `root`, sorted by path; symlinks and special files are not kept (the output was checked before it
// is stored, and metadata's other entries mean nothing to ferry).
void add_files(const fs::path& root, const std::string& area, std::vector<ProducedFile>& files) {
  std::vector<ProducedFile> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::file_type type = it->symlink_status(ec).type();
    const std::string path = it->path().lexically_relative(root).generic_string();
    if (type == fs::file_type::directory) found.push_back({area, path + "/", ""});
    if (type != fs::file_type::regular) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    found.push_back({area, path, std::move(content).str()});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  files.insert(files.end(), found.begin(), found.end());
}

bool write_one(const fs::path& root, const ProducedFile& file) {
  const fs::path path = (root / file.path).lexically_normal();
  // Entries come from ferry's own cache, but a path leaving the directory is refused all the same.
  if (fs::path(file.path).is_absolute() ||
      !path.string().starts_with(root.lexically_normal().string() + "/")) {
    return false;
  }
  std::error_code ec;
  if (file.path.ends_with('/')) return fs::create_directories(path, ec) || fs::is_directory(path, ec);
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << file.content;
  out.close();
  return !ec && out.good();
}

void empty_directory(const fs::path& dir) {
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) fs::remove_all(entry.path(), ec);
}

}  // namespace

std::optional<std::string> pipeline_cache_key_for(const Pipeline& pipeline, const WorkflowObject& object,
                                                  const std::string& object_text,
                                                  std::vector<KeyedContainer>& containers,
                                                  runtime::ContainerRuntime& runtime,
                                                  const WorkflowOptions& options) {
  if (options.cache == nullptr || object.action == "delete" || pipeline.network) return std::nullopt;
  for (KeyedContainer& container : containers) {
    if (container.run.pull_policy == PullPolicy::always) return std::nullopt;
    Result<std::string> digest = runtime.image_digest(container.run.image);
    if (!digest) return std::nullopt;
    container.image_digest = std::move(*digest);
  }
  return pipeline_cache_key(runtime.name(), object_text, containers);
}

bool holds_secret_value(const std::vector<ProducedFile>& files) {
  const std::vector<std::string> values = remembered_secret_values();
  return std::any_of(files.begin(), files.end(), [&](const ProducedFile& file) {
    return std::any_of(values.begin(), values.end(), [&](const std::string& value) {
      return file.path.find(value) != std::string::npos || file.content.find(value) != std::string::npos;
    });
  });
}

std::vector<ProducedFile> produced_files(const fs::path& output, const fs::path& metadata) {
  std::vector<ProducedFile> files;
  add_files(output, "output", files);
  add_files(metadata, "metadata", files);
  return files;
}

bool restore_produced_files(const std::vector<ProducedFile>& files, const fs::path& output,
                            const fs::path& metadata) {
  const bool written = std::all_of(files.begin(), files.end(), [&](const ProducedFile& file) {
    return write_one(file.area == "output" ? output : metadata, file);
  });
  if (!written) {
    empty_directory(output);
    empty_directory(metadata);
  }
  return written;
}

}  // namespace ferry::pipeline
