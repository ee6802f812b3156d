// Request files left behind by a Promise removed from the platform. Kratix deletes a Promise's requests
// with it (their delete workflows, their outputs), then the Promise's own; ferry does the same from its
// recorded state (run/deletion.h), so the files still in the platform are no error for a run that has the
// Promise's record: they are named in one warning per Promise, and the user deletes them.
#pragma once

#include "platform/loader.h"
#include "run/run_state.h"

namespace ferry::runner {

// Takes back from `loaded.errors` the "no Promise provides kind" error of every unserved request whose kind
// and group a recorded Promise served that the platform no longer declares, and adds for each such Promise
// one warning naming those request files (file:line:column each). Every other error stays, the requests'
// metadata errors included. A recorded Promise whose text does not parse excuses nothing.
void excuse_requests_of_vanished_promises(LoadResult& loaded, const RunState& state);

}  // namespace ferry::runner
