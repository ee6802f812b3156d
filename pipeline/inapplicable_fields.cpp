// inapplicable_fields_warning: the field names, each once, joined as a sentence.
#include "pipeline/inapplicable_fields.h"

#include <algorithm>

namespace ferry::pipeline {
std::string inapplicable_fields_warning(const std::string& promise,
                                        const std::vector<InapplicableField>& fields) {
  std::vector<std::string> names;
  for (const InapplicableField& field : fields) {
    if (std::find(names.begin(), names.end(), field.name) == names.end()) names.push_back(field.name);
  }
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return "Promise \"" + promise + "\": Pipeline field" + (names.size() == 1 ? " " : "s ") + list +
         (names.size() == 1 ? " does" : " do") +
         " not apply outside Kubernetes (no scheduler, no pod): ferry ignores " +
         (names.size() == 1 ? "it" : "them");
}

}  // namespace ferry::pipeline
