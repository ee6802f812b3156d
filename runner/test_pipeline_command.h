// `ferry test pipeline`: the command line of the `test` row of cli.cpp's subcommand table.
#pragma once

#include <functional>

#include "runner/commands.h"

namespace CLI {
class App;
}

namespace ferry::runner {

// cli.cpp's shared --runtime, --timeout, ... options, passed in so they stay defined in one place.
using RuntimeOptionsAdder = std::function<void(CLI::App&, RuntimeCommandOptions&)>;

// Adds `pipeline` (the only test subcommand so far) and its options to `app`; returns the action.
std::function<int()> configure_test(CLI::App& app, const RuntimeOptionsAdder& add_runtime_options);

}  // namespace ferry::runner
