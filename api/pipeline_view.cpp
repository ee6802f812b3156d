// The served kinds and effective permissions of a PipelineView (pipeline_view.h).
#include "api/pipeline_view.h"

#include <algorithm>

#include "api/object_fields.h"

namespace ferry::api {

ServedKind promise_kind() {
  return ServedKind{"platform.kratix.io", "v1alpha1", "Promise", "promises", "promise", false};
}

bool same_kind(const ServedKind& a, const ServedKind& b) {
  return a.group == b.group && a.plural == b.plural;
}

std::vector<ServedKind> served_kinds(const PipelineView& view) {
  std::vector<ServedKind> kinds = {promise_kind()};
  if (view.access.workflow == WorkflowType::resource) kinds.push_back(view.object_kind);
  if (view.platform == nullptr) return kinds;
  for (const ServedKind& kind : view.platform->request_kinds()) {
    if (std::none_of(kinds.begin(), kinds.end(), [&](const ServedKind& k) { return same_kind(k, kind); }))
      kinds.push_back(kind);
  }
  return kinds;
}

std::string object_namespace(const PipelineView& view) {
  return field_text(view.objects->object(), "namespace");
}

std::vector<Permission> effective_permissions(const PipelineView& view) {
  std::vector<Permission> permissions = view.access.permissions;
  const std::vector<Permission> granted =
      always_granted(view.access, view.object_kind.group, view.object_kind.plural, object_namespace(view));
  permissions.insert(permissions.end(), granted.begin(), granted.end());
  return permissions;
}

}  // namespace ferry::api
