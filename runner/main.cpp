#include "runner/commands.h"

int main(int argc, char** argv) { return ferry::runner::run_cli(argc, argv); }
