// The user a container runs as, decided as the kubelet decides it: securityContext.runAsUser and
// runAsGroup over the image's USER, and runAsNonRoot's refusal of a container that would run as root.
// Shared by every runtime.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/container_values.h"

namespace ferry::runtime {

// Whether a runtime must know the image's USER to start this container: runAsNonRoot without runAsUser, or
// runAsGroup without runAsUser.
bool needs_image_user(const std::optional<SecurityContext>& security);

// The "user[:group]" an engine's --user takes, "" when the image's own USER stays. `image_user` is the
// image's USER ("", "1000", "app:staff").
std::string user_argument(const std::optional<SecurityContext>& security, const std::string& image_user);

// The numeric uid and gid the process gets ("" and "root" are 0; a gid absent from runAsGroup and the
// image's USER is 0, as runc does it); nullopt for a name it cannot resolve (ferry reads no /etc/passwd).
struct NumericUser {
  std::int64_t uid = 0;
  std::int64_t gid = 0;
};
std::optional<NumericUser> numeric_user(const std::optional<SecurityContext>& security,
                                        const std::string& image_user);

// The kubelet's refusal when runAsNonRoot is true and the container would run as root or as a user name it
// cannot check; "" when it may start.
std::string non_root_problem(const std::optional<SecurityContext>& security, const std::string& image_user);

}  // namespace ferry::runtime
