#include "runner/logging.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/secret_values.h"
#include "core/untrusted_text.h"

namespace ferry::runner {
namespace {

// %* in a JSON pattern: the message as a quoted, escaped JSON string, secret values masked, invalid UTF-8
// replaced.
class JsonMessageFlag : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const std::string quoted = nlohmann::json(masked_secrets({msg.payload.data(), msg.payload.size()}))
                                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    dest.append(quoted.data(), quoted.data() + quoted.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessageFlag>();
  }
};

// %* in a text pattern: the message as untrusted_lines() shows it (control characters as \xNN, no line
// that starts a workflow command, secret values masked).
class TextMessageFlag : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const std::string shown = untrusted_lines({msg.payload.data(), msg.payload.size()});
    dest.append(shown.data(), shown.data() + shown.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<TextMessageFlag>();
  }
};

// %# in a pattern: erases the progress line (progress.h) when one is on the screen.
class EraseProgressFlag : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg&, const std::tm&, spdlog::memory_buf_t& dest) override {
    if (!progress_line_shown()) return;
    const std::string_view erase = "\r\033[K";
    dest.append(erase.data(), erase.data() + erase.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<EraseProgressFlag>();
  }
};

std::atomic<LogFormat> chosen_format{LogFormat::text};
std::atomic<bool> progress_shown{false};

std::unique_ptr<spdlog::formatter> text_formatter() {
  auto formatter = std::make_unique<spdlog::pattern_formatter>();
  formatter->add_flag<EraseProgressFlag>('#').add_flag<TextMessageFlag>('*').set_pattern("%#ferry: %*");
  return formatter;
}

std::unique_ptr<spdlog::formatter> json_formatter() {
  auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
  formatter->add_flag<JsonMessageFlag>('*').set_pattern(
      R"({"time":"%Y-%m-%dT%H:%M:%S.%eZ","level":"%l","logger":"%n","message":%*})");
  return formatter;
}

}  // namespace

const std::vector<std::string>& log_format_names() {
  static const std::vector<std::string> names = {"text", "json"};
  return names;
}

LogFormat current_log_format() {
  return chosen_format.load();
}

LogFormat log_format_named(const std::string& name) {
  return name == "json" ? LogFormat::json : LogFormat::text;
}

void configure_logging(LogFormat format) {
  if (spdlog::get("ferry")) return;
  auto logger = spdlog::stderr_color_mt("ferry");
  logger->set_formatter(format == LogFormat::json ? json_formatter() : text_formatter());
  chosen_format = format;
  spdlog::set_default_logger(logger);
}

bool progress_line_shown() {
  return progress_shown.load();
}
void set_progress_line_shown(bool shown) {
  progress_shown = shown;
}

}  // namespace ferry::runner
