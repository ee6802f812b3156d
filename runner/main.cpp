// The ferry binary. SIGINT and SIGTERM are handled from the start (runtime/interrupt.h): a command stops
// what runs and unwinds normally; whatever it returns, an interrupted ferry exits 130 or 143. A command
// that reports the interrupt itself returns that code; for the others one line is printed here.
#include <iostream>

#include "core/allocator.h"
#include "runner/cli.h"
#include "runtime/interrupt.h"

int main(int argc, char** argv) {
  ferry::tune_allocator_for_large_buffers();
  ferry::runtime::install_interrupt_handlers();
  const int code = ferry::runner::run_cli(argc, argv);
  if (!ferry::runtime::interrupted() || code == ferry::runtime::interrupt_exit_code()) return code;
  std::cerr << "ferry: interrupted by " << ferry::runtime::interrupt_signal_name() << "\n";
  return ferry::runtime::interrupt_exit_code();
}
