#include "arena/uci_client.h"

#include <fmt/format.h>

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
