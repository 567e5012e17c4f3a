#include "arena/report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/name_table.h"

namespace kete::arena {
namespace {

// Pairs carry the match's real variance; before the first pair is complete, games do.
EloInterval match_elo(const Tally& t) {
  return t.pentanomial().pairs() > 0 ? elo_interval(t.pentanomial()) : elo_interval(t.wdl());
}

// The interval as a half width: the usual "+/-" form (the logistic interval is not quite
// symmetric; the summary also prints its bounds).
std::string elo_text(const EloInterval& e) {
  const double half = (e.upper - e.lower) / 2;
  return fmt::format("{:.1f} +/- {:.1f}", e.elo, std::isnan(half) ? INFINITY : half);
}

std::string wdl_text(const Wdl& w) {
  return fmt::format("{} - {} - {} [{:.3f}] {}", w.wins, w.losses, w.draws, w.score(), w.games());
}

std::string_view decision_text(SprtDecision d) {
  static constexpr NameTable<SprtDecision, 3> kDecisionTexts{
      {"undecided", "H0 accepted", "H1 accepted"}};
  return kDecisionTexts.name_of(d, "undecided");
}

// "Move time of a: 420 moves, median 41 ms, 90% 77 ms, 99% 160 ms, max 210 ms".
std::string move_time_line(std::string_view name, std::vector<int64_t> ms) {
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) {
    return ms[std::min(ms.size() - 1, size_t(q * double(ms.size())))];
  };
  return fmt::format("Move time of {}: {} moves, median {} ms, 90% {} ms, 99% {} ms, max {} ms\n",
                     name, ms.size(), at(0.5), at(0.9), at(0.99), ms.back());
}

}  // namespace

std::string game_line(const GameRecord& r) {
  return fmt::format("Game {} (round {}): {} (South) vs {} (North): {}, {}", r.game, r.round,
                     r.players[0], r.players[1], result_text(r.result), r.reason);
}

std::string progress_line(const Tally& t, int planned) {
  const Wdl& w = t.wdl();
  std::string line =
      fmt::format("{}/{} games  {} vs {}  +{} ={} -{}  Elo {}", t.games(), planned, t.names()[0],
                  t.names()[1], w.wins, w.draws, w.losses, elo_text(match_elo(t)));
  if (t.sprt())
    line += fmt::format("  LLR {:.2f} ({:.2f}, {:.2f})", t.llr(), t.sprt()->lower_bound(),
                        t.sprt()->upper_bound());
  return line;
}

std::string summary(const Tally& t) {
  const auto& [a, b] = t.names();
  const EloInterval elo = match_elo(t);
  std::string s;
  s += fmt::format("Score of {} vs {}: {}   (W - L - D [score] games)\n", a, b, wdl_text(t.wdl()));
  s += fmt::format("...  {} as South: {}\n", a, wdl_text(t.wdl_as(Side::kSouth)));
  s += fmt::format("...  {} as North: {}\n", a, wdl_text(t.wdl_as(Side::kNorth)));
  s += fmt::format("Elo difference: {} (95%: {:.1f} .. {:.1f}, from {}), LOS: {:.1f} %\n",
                   elo_text(elo), elo.lower, elo.upper,
                   t.pentanomial().pairs() > 0 ? "game pairs" : "games", 100 * los(t.wdl()));
  const auto& p = t.pentanomial().counts;
  s += fmt::format("Pairs [LL, LD, WL+DD, WD, WW]: [{}, {}, {}, {}, {}]\n", p[0], p[1], p[2], p[3],
                   p[4]);
  if (const std::optional<SprtConfig>& c = t.sprt())
    s += fmt::format(
        "SPRT: elo0 {:g} elo1 {:g} alpha {:g} beta {:g}: LLR {:.2f} (bounds {:.2f}, {:.2f}), {}\n",
        c->elo0, c->elo1, c->alpha, c->beta, t.llr(), c->lower_bound(), c->upper_bound(),
        decision_text(t.decision()));
  std::string endings;
  for (const auto& [reason, count] : t.endings())
    endings += fmt::format("{}{} {}", endings.empty() ? "" : ", ", reason, count);
  s += fmt::format("Endings: {}\n", endings.empty() ? "none" : endings);
  s += fmt::format("Faults: {} {}, {} {}\n", a, t.faults()[0], b, t.faults()[1]);
  s += fmt::format("Disagreements with the referee: {}\n", t.disagreements());
  for (int e = 0; e < 2; ++e)
    if (!t.move_ms()[size_t(e)].empty())
      s += move_time_line(t.names()[size_t(e)], t.move_ms()[size_t(e)]);
  return s;
}

}  // namespace kete::arena
