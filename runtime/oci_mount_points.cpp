#include "runtime/oci_mount_points.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <vector>

namespace ferry::runtime {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxLinks = 40;  // as the kernel's and securejoin's limit

std::deque<std::string> components_of(const std::string& path) {
  std::deque<std::string> parts;
  for (const auto& part : fs::path(path)) {
    const std::string text = part.string();
    if (!text.empty() && text != "/" && text != ".") parts.push_back(text);
  }
  return parts;
}

fs::path joined(const fs::path& root, const std::vector<std::string>& parts, std::size_t count) {
  fs::path path = root;
  for (std::size_t i = 0; i < count; ++i) path /= parts[i];
  return path;
}

Error system_error(const std::string& what, const fs::path& path) {
  return make_error("cannot make the mount point layer: " + what + " " + path.string() + ": " +
                    std::strerror(errno));
}

// A directory of the layer with the mode and owner of `like` (the image's directory at the same place), or
// with runc's 0755 and root when the image has none there.
Status make_directory(const fs::path& path, const struct stat* like) {
  if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) return system_error("mkdir", path);
  const mode_t mode = like ? (like->st_mode & 07777) : 0755;
  if (like && ::lchown(path.c_str(), like->st_uid, like->st_gid) != 0) return system_error("chown", path);
  if (::chmod(path.c_str(), mode) != 0) return system_error("chmod", path);
  return ok();
}

// One mount point: the directories on its way as the image has them, then what it lacks.
Status add_mount_point(const fs::path& root, const MountPoint& point, const fs::path& layer, bool& added) {
  const auto parts = resolve_in_image(root, point.destination);
  if (!parts) return ok();           // runc meets what is in the way, as without a layer
  std::vector<struct stat> present;  // of the image's directories on the way, in order
  for (struct stat st{};
       present.size() < parts->size() && ::lstat(joined(root, *parts, present.size() + 1).c_str(), &st) == 0;)
    present.push_back(st);
  if (present.size() == parts->size()) return ok();
  for (std::size_t i = 1; i <= present.size(); ++i) {
    if (Status made = make_directory(joined(layer, *parts, i), &present[i - 1]); !made) return made;
  }
  for (std::size_t i = present.size() + 1; i <= parts->size(); ++i) {
    const fs::path path = joined(layer, *parts, i);
    if (i == parts->size() && point.file) {
      const int fd = ::open(path.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0755);
      if (fd < 0) return system_error("create", path);
      ::close(fd);
    } else if (Status made = make_directory(path, nullptr); !made) {
      return made;
    }
  }
  added = true;
  return ok();
}

}  // namespace

std::optional<std::vector<std::string>> resolve_in_image(const fs::path& root,
                                                         const std::string& destination) {
  std::vector<std::string> resolved;
  std::deque<std::string> rest = components_of(destination);
  int links = 0;
  while (!rest.empty()) {
    const std::string part = rest.front();
    rest.pop_front();
    if (part == "..") {
      if (!resolved.empty()) resolved.pop_back();
      continue;
    }
    resolved.push_back(part);
    const fs::path path = joined(root, resolved, resolved.size());
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) continue;  // missing: made in the layer
    if (S_ISDIR(st.st_mode)) continue;
    if (!S_ISLNK(st.st_mode)) {
      if (rest.empty()) continue;  // the mount point itself, a file
      return std::nullopt;
    }
    if (++links > kMaxLinks) return std::nullopt;
    std::error_code error;
    const fs::path target = fs::read_symlink(path, error);
    if (error) return std::nullopt;
    resolved.pop_back();
    if (target.is_absolute()) resolved.clear();
    auto target_parts = components_of(target.string());
    rest.insert(rest.begin(), target_parts.begin(), target_parts.end());
  }
  return resolved;
}

Result<bool> make_mount_point_layer(const fs::path& root, const std::vector<MountPoint>& points,
                                    const fs::path& layer) {
  bool added = false;
  for (const MountPoint& point : points) {
    if (Status made = add_mount_point(root, point, layer, added); !made) return made.error();
  }
  if (!added) return false;
  struct stat root_stat {};
  if (::stat(root.c_str(), &root_stat) != 0) return system_error("stat", root);
  if (Status made = make_directory(layer, &root_stat); !made) return made.error();
  return true;
}

std::optional<fs::path> MountPointLayers::layer_for(const fs::path& root,
                                                    const std::vector<MountPoint>& points) {
  std::lock_guard lock(mutex_);
  auto key = std::make_pair(root.string(), points);
  if (auto known = layers_.find(key); known != layers_.end()) return known->second;
  std::optional<fs::path> layer;
  std::error_code error;
  if (!directory_) directory_ = ScratchDirectory::create("", "ferry-oci-layers-", error);
  if (directory_) {
    const fs::path path = directory_->path() / std::to_string(layers_.size());
    if (fs::create_directory(path, error)) {
      Result<bool> made = make_mount_point_layer(root, points, path);
      if (made && *made) layer = path;
    }
  }
  layers_.emplace(std::move(key), layer);
  return layer;
}

}  // namespace ferry::runtime
