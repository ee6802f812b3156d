// The command line: argv parsed against the subcommand table (cli.cpp; each command's options and entry point
// in its <name>_command.h) and the chosen command run.
#pragma once

namespace ferry::runner {

// Parses argv and runs the chosen subcommand; returns the process exit code.
int run_cli(int argc, char** argv);

}  // namespace ferry::runner
