// The ferry binary. SIGINT and SIGTERM are handled from the start (pipeline/interrupt.h): a command stops
// what runs and unwinds normally; whatever it returns, an interrupted ferry exits 130 or 143. A command
// that reports the interrupt itself returns that code; for the others one line is printed here.
#include <iostream>

#include "core/allocator.h"
#include "pipeline/interrupt.h"
#include "runner/cli.h"

int main(int argc, char** argv) {
  ferry::tune_allocator_for_large_buffers();
  ferry::pipeline::install_interrupt_handlers();
  const int code = ferry::runner::run_cli(argc, argv);
  if (!ferry::pipeline::interrupted() || code == ferry::pipeline::interrupt_exit_code()) return code;
  std::cerr << "ferry: interrupted by " << ferry::pipeline::interrupt_signal_name() << "\n";
  return ferry::pipeline::interrupt_exit_code();
}
