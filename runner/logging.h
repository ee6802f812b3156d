// ferry's log on stderr (stdout carries only reports). Text: "ferry: <message>" lines. JSON (--log-format
// json): one object per line, for log collectors:
//   {"time":"2026-11-22T21:04:05.123Z","level":"info","logger":"ferry","message":"..."}
// with the time in UTC and the message escaped as a JSON string.
#pragma once

#include <string>
#include <vector>

namespace ferry::runner {

enum class LogFormat { text, json };

const std::vector<std::string>& log_format_names();   // "text", "json": the --log-format values
LogFormat log_format_named(const std::string& name);  // an unknown name is text

// Makes the "ferry" logger on stderr the default logger. The first call decides the format; later calls
// (every command calls log_to_stderr()) keep it.
void configure_logging(LogFormat format);

// The format configure_logging chose (text before it is called).
LogFormat current_log_format();

// Whether a progress line (progress.h) is on the screen now: text log lines start by erasing it. The
// progress line sets it as it draws and erases itself.
bool progress_line_shown();
void set_progress_line_shown(bool shown);

}  // namespace ferry::runner
