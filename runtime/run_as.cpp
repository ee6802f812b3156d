// The kubelet's rules for users (pkg/kubelet/kuberuntime/security_context_others.go verifyRunAsNonRoot) on
// the text of an image's USER.
#include "runtime/run_as.h"

#include <charconv>

namespace ferry::runtime {
namespace {

std::optional<std::int64_t> number(const std::string& text) {
  if (text.empty() || text == "root") return 0;
  std::int64_t value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

std::string user_part(const std::string& image_user) {
  return image_user.substr(0, image_user.find(':'));
}

std::string group_part(const std::string& image_user) {
  const auto colon = image_user.find(':');
  return colon == std::string::npos ? "" : image_user.substr(colon + 1);
}

}  // namespace

bool needs_image_user(const std::optional<SecurityContext>& security) {
  if (!security || security->run_as_user) return false;
  return security->run_as_non_root == true || security->run_as_group.has_value();
}

std::string user_argument(const std::optional<SecurityContext>& security, const std::string& image_user) {
  if (!security || (!security->run_as_user && !security->run_as_group)) return "";
  const std::string user =
      security->run_as_user ? std::to_string(*security->run_as_user) : user_part(image_user);
  const std::string group = security->run_as_group ? std::to_string(*security->run_as_group) : "";
  return (user.empty() ? "0" : user) + (group.empty() ? "" : ":" + group);
}

std::optional<NumericUser> numeric_user(const std::optional<SecurityContext>& security,
                                        const std::string& image_user) {
  const std::optional<std::int64_t> uid =
      security && security->run_as_user ? security->run_as_user : number(user_part(image_user));
  const std::optional<std::int64_t> gid =
      security && security->run_as_group ? security->run_as_group : number(group_part(image_user));
  if (!uid || !gid) return std::nullopt;
  return NumericUser{*uid, *gid};
}

std::string non_root_problem(const std::optional<SecurityContext>& security, const std::string& image_user) {
  if (!security || security->run_as_non_root != true) return "";
  if (security->run_as_user)
    return *security->run_as_user == 0 ? "container's runAsUser breaks non-root policy" : "";
  const std::optional<std::int64_t> uid = number(user_part(image_user));
  if (!uid) {
    return "container has runAsNonRoot and image has non-numeric user (" + user_part(image_user) +
           "), cannot verify user is non-root; set securityContext.runAsUser";
  }
  if (*uid == 0) {
    return "container has runAsNonRoot and image will run as root; set securityContext.runAsUser to a "
           "non-zero "
           "ID or use an image whose USER is not root";
  }
  return "";
}

}  // namespace ferry::runtime
