// `--shard I/N`: CI matrix jobs split one platform's requests between them. A request belongs to shard
// stable_hash("NAMESPACE/NAME") mod N + 1, the same on every machine and every run, so each request is
// handled by exactly one job. Every shard runs the Promises (their commits are identical, so all but the
// first make none, through the writer's compare-and-swap); a vanished Promise is deleted by shard 1 only,
// a vanished request by its own shard.
#pragma once

#include <string>

#include "core/error.h"

namespace ferry::runner {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;

  bool takes_request(const std::string& namespace_, const std::string& name) const;
  // Deleting a vanished object: a request by its own shard, a Promise by shard 1.
  bool takes_deletion(const std::string& kind, const std::string& namespace_, const std::string& name) const;
};

// "I/N" with 1 <= I <= N <= 10000. Otherwise:
//   --shard "5/4": expected I/N with 1 <= I <= N, e.g. --shard 2/4 for the second of four jobs
Result<Shard> parse_shard(const std::string& text);

}  // namespace ferry::runner
