// parse_security_context: the fields ferry refuses (with the reason; pipeline_fields.cpp's table refuses
// the unknown ones), typed readers for the rest, Linux capability names checked against capabilities(7),
// and the API server's cross-field rules.
#include "pipeline/security_context_parser.h"

#include <algorithm>
#include <charconv>

#include "core/known_fields.h"
#include "runtime/capabilities.h"

namespace ferry::pipeline {
namespace {

// Kubernetes' securityContext fields that no runtime of ferry applies, with what to do instead.
const std::vector<RefusedField>& refused_fields() {
  static const std::vector<RefusedField> table = {
      {"appArmorProfile", "is not supported: ferry loads no AppArmor profile; remove it"},
      {"procMount", "is not supported: ferry always masks /proc as the Default procMount does; remove it"},
      {"seLinuxOptions", "is not supported: ferry sets no SELinux labels; remove it"},
      {"seccompProfile",
       "is not supported: ferry chooses no seccomp profile (podman and docker apply their default one); "
       "remove it"},
      {"windowsOptions", "is not supported: ferry runs Linux containers only; remove it"}};
  return table;
}

// A user or group ID: an integer from 0 to 2147483647, as the API server accepts.
Result<std::optional<std::int64_t>> optional_id(const YAML::Node& map, const char* key,
                                                const std::string& path, const std::string& file) {
  const YAML::Node node = child(map, key);
  if (!node.IsDefined() || node.IsNull()) return std::optional<std::int64_t>{};
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  std::int64_t value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0 ||
      value > 2147483647) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be an integer from 0 to 2147483647; found \"" + text + "\"");
  }
  return std::optional<std::int64_t>{value};
}

Result<std::optional<bool>> optional_flag(const YAML::Node& map, const char* key, const std::string& path,
                                          const std::string& file) {
  const YAML::Node node = child(map, key);
  if (!node.IsDefined() || node.IsNull()) return std::optional<bool>{};
  auto value = optional_bool(map, key, false, path, file);
  if (!value) return value.error();
  return std::optional<bool>{*value};
}

Result<std::vector<std::string>> capability_list(const YAML::Node& capabilities, const char* key,
                                                 const std::string& path, const std::string& file) {
  auto names = optional_strings(capabilities, key, path, file);
  if (!names) return names.error();
  for (std::size_t i = 0; i < names->size(); ++i) {
    std::string& name = (*names)[i];
    if (name.starts_with("CAP_")) name = name.substr(4);
    if (name != "ALL" && !runtime::linux_capabilities().contains(name)) {
      return make_error(location_of(child(capabilities, key)[i], file),
                        "\"" + path + "[" + std::to_string(i) + "]\" is not a Linux capability; found \"" +
                            (*names)[i] +
                            "\" (write them as capabilities(7) names in upper case, e.g. NET_ADMIN, "
                            "or ALL)");
    }
  }
  return names;
}

// The API server's rules across fields (k8s.io/kubernetes pkg/apis/core/validation).
Status check_combinations(const SecurityContext& context, const std::string& path) {
  const bool no_escalation = context.allow_privilege_escalation == false;
  if (no_escalation && context.privileged == true) {
    return make_error(context.where,
                      "\"" + path + "\" cannot set allowPrivilegeEscalation to false and privileged to true");
  }
  const auto& add = context.capabilities_add;
  if (no_escalation && std::find(add.begin(), add.end(), "SYS_ADMIN") != add.end()) {
    return make_error(context.where,
                      "\"" + path +
                          "\" cannot set allowPrivilegeEscalation to false and capabilities.add "
                          "CAP_SYS_ADMIN");
  }
  if (context.run_as_non_root == true && context.run_as_user == 0) {
    return make_error(context.where,
                      "\"" + path +
                          "\" has runAsNonRoot: true and runAsUser: 0: the container's runAsUser "
                          "breaks non-root policy; set runAsUser to a non-zero ID");
  }
  return ok();
}

}  // namespace

Result<std::optional<SecurityContext>> parse_security_context(const YAML::Node& container,
                                                              const std::string& path,
                                                              const std::string& file) {
  const std::string where = path + ".securityContext";
  const YAML::Node node = child(container, "securityContext");
  if (!node.IsDefined() || node.IsNull()) return std::optional<SecurityContext>{};
  if (!node.IsMap()) return make_error(location_of(node, file), "\"" + where + "\" must be a map");
  if (Status refused = refuse_fields(node, refused_fields(), where, file); !refused) return refused.error();
  SecurityContext context;
  context.where = location_of(node, file);
  auto user = optional_id(node, "runAsUser", where + ".runAsUser", file);
  if (!user) return user.error();
  context.run_as_user = *user;
  auto group = optional_id(node, "runAsGroup", where + ".runAsGroup", file);
  if (!group) return group.error();
  context.run_as_group = *group;
  const std::pair<const char*, std::optional<bool> SecurityContext::*> flags[] = {
      {"runAsNonRoot", &SecurityContext::run_as_non_root},
      {"readOnlyRootFilesystem", &SecurityContext::read_only_root_filesystem},
      {"allowPrivilegeEscalation", &SecurityContext::allow_privilege_escalation},
      {"privileged", &SecurityContext::privileged}};
  for (const auto& [key, field] : flags) {
    auto flag = optional_flag(node, key, where + "." + key, file);
    if (!flag) return flag.error();
    context.*field = *flag;
  }
  const YAML::Node capabilities = child(node, "capabilities");
  auto add = capability_list(capabilities, "add", where + ".capabilities.add", file);
  if (!add) return add.error();
  context.capabilities_add = std::move(*add);
  auto drop = capability_list(capabilities, "drop", where + ".capabilities.drop", file);
  if (!drop) return drop.error();
  context.capabilities_drop = std::move(*drop);
  if (Status valid = check_combinations(context, where); !valid) return valid.error();
  return std::optional<SecurityContext>{std::move(context)};
}

}  // namespace ferry::pipeline
