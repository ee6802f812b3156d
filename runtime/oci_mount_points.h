// The mount points an oci container's image lacks, made once and shared: runc creates each missing mount
// point (/proc, /dev, /kratix/output, the platform API's service account directory...) in the container's
// overlay for every container, and each directory it makes there is a new inode in the bundle's upper
// directory, which on ext4 costs far more than the rest of a mount (docs/runtimes.md, "oci"). Laid between
// the bundle's upper directory and the image as a read-only lower layer holding exactly those paths, the
// mount points exist already and runc creates nothing.
// The layer changes nothing else the container sees: each directory of it that the image has too carries the
// image directory's mode and owner (an overlay shows the topmost layer's), its paths follow the image's
// symbolic links as runc follows them, and a mount point that the image has as something else than a
// directory or link on the way is left to runc, which fails there as it did without the layer.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/scratch_directory.h"

namespace ferry::runtime {

// A destination in the container, and whether what is mounted there is a file (its mount point is then an
// empty file, as runc makes it).
struct MountPoint {
  std::string destination;
  bool file = false;
  auto operator<=>(const MountPoint&) const = default;
};

// `destination` inside the image at `root` as runc resolves it (securejoin): each symbolic link on the way
// followed inside the root (an absolute target from the root, ".." never above it, at most 40 links), as
// components relative to the root. nullopt when something other than a directory or a link is in the way.
std::optional<std::vector<std::string>> resolve_in_image(const std::filesystem::path& root,
                                                         const std::string& destination);

// Makes in the empty directory `layer` what the image at `root` lacks of `points`, and gives whether the
// layer is needed at all (false: the image has every mount point; `layer` is left empty).
Result<bool> make_mount_point_layer(const std::filesystem::path& root, const std::vector<MountPoint>& points,
                                    const std::filesystem::path& layer);

// The layers of one runtime, made once per image and set of mount points, removed with it. Thread-safe.
class MountPointLayers {
 public:
  // The layer for the image at `root` and `points`, or nullopt when the image needs none or one cannot be
  // made (runc then makes the mount points, as without a layer).
  std::optional<std::filesystem::path> layer_for(const std::filesystem::path& root,
                                                 const std::vector<MountPoint>& points);

 private:
  std::mutex mutex_;
  std::optional<ScratchDirectory> directory_;
  std::map<std::pair<std::string, std::vector<MountPoint>>, std::optional<std::filesystem::path>> layers_;
};

}  // namespace ferry::runtime
