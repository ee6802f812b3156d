#include "writer/verified_objects.h"

#include <deque>
#include <map>
#include <mutex>
#include <utility>

#include "writer/loose_objects.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

struct Kept {
  std::mutex lock;
  std::map<std::string, VerifiedObject> objects;  // by objects directory, then the id's hex
  std::deque<std::string> order;                  // keys, oldest first
  std::size_t bytes = 0;
};

Kept& kept() {
  static Kept instance;
  return instance;
}

std::string key_of(const std::string& objects, const git_oid& id) {
  return objects + '\0' + oid_hex(id);
}

}  // namespace

std::optional<VerifiedObject> verified_object(const std::string& objects, const git_oid& id) {
  Kept& k = kept();
  const std::lock_guard guard(k.lock);
  const auto found = k.objects.find(key_of(objects, id));
  if (found == k.objects.end()) return std::nullopt;
  return found->second;
}

void keep_verified_object(const std::string& objects, const git_oid& id, git_object_t type,
                          std::string_view data) {
  if (data.size() < kUncompressedFrom || data.size() > kVerifiedObjectsBytes) return;
  auto copy = std::make_shared<const std::string>(data);
  std::string key = key_of(objects, id);
  Kept& k = kept();
  const std::lock_guard guard(k.lock);
  if (!k.objects.emplace(key, VerifiedObject{type, std::move(copy)}).second) return;
  k.order.push_back(std::move(key));
  k.bytes += data.size();
  while (k.bytes > kVerifiedObjectsBytes) {
    const auto oldest = k.objects.find(k.order.front());
    k.bytes -= oldest->second.data->size();
    k.objects.erase(oldest);
    k.order.pop_front();
  }
}

}  // namespace ferry::writer::git
