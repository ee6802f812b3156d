// parse_field_selector and matches (field_selector.h).
#include "api/field_selector.h"

#include <algorithm>
#include <sstream>

namespace ferry::api {
namespace {

constexpr const char* kFields[] = {"metadata.name", "metadata.namespace"};

// One `field<op>value`; the operator is the first of !=, ==, = found.
Result<FieldRequirement> requirement(const std::string& text) {
  FieldRequirement parsed;
  std::size_t at = text.find("!=");
  std::size_t length = 2;
  if (at != std::string::npos) {
    parsed.equal = false;
  } else if ((at = text.find("==")) == std::string::npos) {
    at = text.find('=');
    length = 1;
  }
  if (at == std::string::npos || at == 0) return make_error("invalid selector: '" + text + "'");
  parsed.field = text.substr(0, at);
  parsed.value = text.substr(at + length);
  if (std::find(std::begin(kFields), std::end(kFields), parsed.field) == std::end(kFields)) {
    return make_error("field label not supported: " + parsed.field);
  }
  return parsed;
}

}  // namespace

Result<FieldSelector> parse_field_selector(const std::string& text) {
  FieldSelector selector;
  std::istringstream parts(text);
  for (std::string part; std::getline(parts, part, ',');) {
    if (part.empty()) continue;
    auto parsed = requirement(part);
    if (!parsed) return parsed.error();
    selector.push_back(std::move(*parsed));
  }
  return selector;
}

bool matches(const FieldSelector& selector, const StoredObject& object) {
  return std::all_of(selector.begin(), selector.end(), [&](const FieldRequirement& requirement) {
    const std::string& actual = requirement.field == "metadata.name" ? object.name : object.namespace_name;
    return (actual == requirement.value) == requirement.equal;
  });
}

}  // namespace ferry::api
