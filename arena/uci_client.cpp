#include "arena/uci_client.h"

#include <cstdint>

#include <fmt/format.h>

#include "rules/notation.h"
#include "rules/text.h"

namespace kete::arena {
namespace {

std::string_view first_word(std::string_view line) {
  const size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return {};
  line.remove_prefix(start);
  return line.substr(0, line.find_first_of(" \t"));
}

// The words after the first one, with the separating blanks trimmed.
std::string_view rest(std::string_view line) {
  const std::string_view word = first_word(line);
  line.remove_prefix(size_t(word.data() + word.size() - line.data()));
  const size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return {};
  line.remove_prefix(start);
  return line.substr(0, line.find_last_not_of(" \t") + 1);
}

// The line of `listing` that offers option `name` (names are case-insensitive), if any.
const std::string* listed(const std::vector<std::string>& listing, std::string_view name) {
  constexpr std::string_view kHead = "option name ";
  for (const std::string& line : listing) {
    const size_t type_at = line.find(" type ");
    if (line.starts_with(kHead) && type_at != std::string::npos && type_at >= kHead.size() &&
        equals_ignore_case(std::string_view(line).substr(kHead.size(), type_at - kHead.size()),
                           name))
      return &line;
  }
  return nullptr;
}

// Whether `value` is one the option of listing line `line` takes: its type's values, a
// spin's range, a combo's choices (issue 29: `option.UseKillers=0`, for a check option,
// was refused by the engine and the match pitted two identical engines).
absl::Status check_value(std::string_view name, std::string_view line, std::string_view value) {
  const std::vector<std::string_view> w = split_words(line.substr(line.find(" type ") + 6));
  const auto field = [&](std::string_view key) -> std::optional<std::string_view> {
    for (size_t i = 1; i + 1 < w.size(); ++i)
      if (w[i] == key) return w[i + 1];
    return std::nullopt;
  };
  const auto refused = [&](std::string_view why) {
    return absl::InvalidArgumentError(
        fmt::format("option '{}': '{}' is not {} (the engine lists '{}')", name, value, why, line));
  };
  const std::string_view type = w.empty() ? "" : w[0];
  if (type == "check") {
    if (!equals_ignore_case(value, "true") && !equals_ignore_case(value, "false"))
      return refused("true or false");
  } else if (type == "spin") {
    const auto number = [](std::string_view text) {
      return parse_number<int64_t>("", text, INT64_MIN, INT64_MAX);
    };
    const absl::StatusOr<int64_t> n = number(value);
    if (!n.ok()) return refused("a number");
    const std::optional<std::string_view> min = field("min"), max = field("max");
    if (!min || !max) return absl::OkStatus();
    const absl::StatusOr<int64_t> lo = number(*min), hi = number(*max);
    if (lo.ok() && hi.ok() && (*n < *lo || *n > *hi))
      return refused(fmt::format("within {}..{}", *lo, *hi));
  } else if (type == "combo") {
    bool found = false;
    for (size_t i = 1; i + 1 < w.size(); ++i)
      found = found || (w[i] == "var" && equals_ignore_case(w[i + 1], value));
    if (!found) return refused("one of its choices");
  } else if (type == "button") {
    if (!value.empty()) return refused("empty (a button takes no value)");
  }
  return absl::OkStatus();
}

int64_t ms_since(SteadyClock::time_point t) {
  return std::chrono::duration_cast<Millis>(SteadyClock::now() - t).count();
}

}  // namespace

absl::Status UciClient::start() {
  process_.kill();
  if (absl::Status s = process_.start(config_.command, config_.args, inherit_stderr_); !s.ok())
    return s;
  send("ugi");
  option_listing_.clear();
  if (!wait_for("ugiok", SteadyClock::now() + kStartupTimeout, &option_listing_, "option "))
    return unresponsive("ugiok");
  if (absl::Status s = check_options(); !s.ok()) return s;
  send(fmt::format("setoption name UCI_Variant value {}", to_string(rules_.rules.variant)));
  if (rules_.rules.variant == Variant::kKujifunza)
    send(fmt::format("setoption name KichwaRule value {}", to_string(rules_.rules.kichwa)));
  send(fmt::format("setoption name MaxPlies value {}", rules_.max_plies));
  for (const auto& [name, value] : config_.options)  // an empty value: a button
    send(value.empty() ? "setoption name " + name
                       : fmt::format("setoption name {} value {}", name, value));
  send("isready");
  startup_messages_.clear();
  if (!wait_for("readyok", SteadyClock::now() + kStartupTimeout, &startup_messages_))
    return unresponsive("readyok");
  for (const std::string& message : startup_messages_)
    if (message.starts_with("info string error"))
      return absl::InvalidArgumentError(
          fmt::format("engine '{}' refused its options: {}", config_.name, message));
  return absl::OkStatus();
}

// Every configured option is one the engine lists (in `ugi`, or kete's `params`), with a
// value of its type: an option the engine would ignore or refuse stops the run here.
absl::Status UciClient::check_options() {
  std::optional<std::vector<std::string>> tuning;
  for (const auto& [name, value] : config_.options) {
    const std::string* line = listed(option_listing_, name);
    if (!line) {
      if (!tuning) {
        absl::StatusOr<std::vector<std::string>> t = tuning_listing();
        if (!t.ok()) return t.status();
        tuning = *std::move(t);
      }
      line = listed(*tuning, name);
    }
    if (!line)
      return absl::InvalidArgumentError(
          fmt::format("engine '{}' has no option '{}' (none of its option lines names it)",
                      config_.name, name));
    if (absl::Status s = check_value(name, *line, value); !s.ok())
      return absl::Status(s.code(), fmt::format("engine '{}': {}", config_.name, error_text(s)));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<std::string>> UciClient::tuning_listing() {
  send("params");
  send("isready");
  std::vector<std::string> listing;
  if (!wait_for("readyok", SteadyClock::now() + kStartupTimeout, &listing, "option "))
    return unresponsive("readyok");
  return listing;
}

absl::Status UciClient::new_game() {
  send("uginewgame");
  send("isready");
  if (!wait_for("readyok", SteadyClock::now() + kReplyTimeout)) return unresponsive("readyok");
  return absl::OkStatus();
}

absl::Status UciClient::set_position(const std::string& start,
                                     const std::vector<std::string>& moves) {
  std::string line = start.empty() ? "position startpos" : "position fen " + start;
  if (!moves.empty()) line += " moves";
  for (const std::string& m : moves)
    line += " " + m;
  if (!send(line)) return unresponsive("a reader of 'position'");
  return absl::OkStatus();
}

UciClient::Reply UciClient::go(const std::string& arguments, int64_t allowed_ms) {
  const auto t0 = SteadyClock::now();
  Reply reply;
  if (!send("go " + arguments)) {
    reply.kind = Reply::Kind::kCrash;
    reply.detail = crash_description();
    return reply;
  }
  const auto deadline = t0 + Millis(allowed_ms);
  for (;;) {
    const EngineProcess::ReadResult r = process_.read_line(deadline);
    reply.elapsed_ms = ms_since(t0);
    if (r.status == EngineProcess::ReadStatus::kTimeout) {
      reply.kind = Reply::Kind::kTimeout;
      return reply;
    }
    if (r.status == EngineProcess::ReadStatus::kClosed) {
      reply.kind = Reply::Kind::kCrash;
      reply.detail = crash_description();
      return reply;
    }
    if (first_word(r.line) == "bestmove") {
      reply.token = std::string(first_word(rest(r.line)));
      return reply;
    }
  }
}

std::optional<std::string> UciClient::query(const std::string& what) {
  if (!send("query " + what) || !send("isready")) return std::nullopt;
  const auto deadline = SteadyClock::now() + kReplyTimeout;
  for (;;) {
    const EngineProcess::ReadResult r = process_.read_line(deadline);
    if (r.status != EngineProcess::ReadStatus::kLine) return std::nullopt;
    const std::string_view word = first_word(r.line);
    if (word == "readyok") return std::nullopt;
    if (word == "response") {
      std::string answer(rest(r.line));
      if (!wait_for("readyok", deadline)) return std::nullopt;
      return answer;
    }
  }
}

void UciClient::quit() {
  if (!process_.running()) return;
  send("quit");
  process_.stop(Millis(1000));
}

std::string UciClient::crash_description() {
  if (std::optional<std::string> how = process_.exit_description(Millis(2000))) return *how;
  process_.kill();
  return "closed its output";
}

std::optional<std::string> UciClient::wait_for(std::string_view word,
                                               SteadyClock::time_point deadline,
                                               std::vector<std::string>* kept,
                                               std::string_view keep) {
  for (;;) {
    const EngineProcess::ReadResult r = process_.read_line(deadline);
    if (r.status != EngineProcess::ReadStatus::kLine) return std::nullopt;
    if (first_word(r.line) == word) return r.line;
    if (kept && r.line.starts_with(keep)) kept->push_back(r.line);
  }
}

absl::Status UciClient::unresponsive(std::string_view waiting_for) {
  const std::optional<std::string> ended = process_.exit_description(Millis(500));
  process_.kill();
  return absl::UnavailableError(
      ended ? fmt::format("engine '{}' {} (while waiting for {})", name(), *ended, waiting_for)
            : fmt::format("engine '{}' sent no {} in time", name(), waiting_for));
}

}  // namespace kete::arena
