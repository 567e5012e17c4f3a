// kete-datagen: self-play training data for kete-texel (docs/tuning.md).
//
//   kete-datagen --variant kiswahili --games 2000 --nodes 5000 --threads 2 --out data.txt
//
// The same flags and seed give the same file; `--shard i/n` plays every n-th game from the
// i-th, so n machines can each make a part and the parts concatenate into the whole run.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "engine/notation.h"
#include "search/eval_file.h"
#include "tuning/flags.h"
#include "tuning/selfplay.h"

namespace kete::tuning {
namespace {

std::atomic<bool> interrupted{false};

constexpr std::string_view kUsage =
    "usage: kete-datagen --out FILE [--variant V] [--kichwa choose|follow] [--games N]\n"
    "                    [--shard I/N] [--nodes N] [--threads T] [--random-plies K]\n"
    "                    [--max-plies M] [--seed S] [--eval WEIGHTS_OR_NET]\n";

struct Options {
  SelfPlayConfig config;
  std::string out;
};

absl::StatusOr<Options> parse_options(const Args& args) {
  Options o;
  SelfPlayConfig& c = o.config;
  for (const auto& [key, value] : args.pairs) {
    absl::Status s = absl::OkStatus();
    if (key == "--out") {
      o.out = value;
    } else if (key == "--variant") {
      s = parse_into(key, value, c.rules.variant);
    } else if (key == "--kichwa") {
      s = parse_into(key, value, c.rules.kichwa);
    } else if (key == "--games") {
      s = parse_int_into(key, value, 1, 100'000'000, c.games);
    } else if (key == "--shard") {
      s = parse_shard(value, c.shard, c.shards);
    } else if (key == "--nodes") {
      s = parse_int_into(key, value, 1, 1'000'000'000, c.nodes);
    } else if (key == "--threads") {
      s = parse_int_into(key, value, 1, 256, c.threads);
    } else if (key == "--random-plies") {
      s = parse_int_into(key, value, 0, 100, c.random_plies);
    } else if (key == "--max-plies") {
      s = parse_int_into(key, value, 1, 100'000, c.max_plies);
    } else if (key == "--seed") {
      s = parse_int_into(key, value, 0, UINT64_MAX, c.seed);
    } else if (key == "--eval") {
      absl::StatusOr<EvalFile> f = read_eval_file(value);
      if (!f.ok()) return f.status();
      if (const auto* net = std::get_if<std::shared_ptr<const nnue::Net>>(&*f)) {
        c.settings.nets[size_t((*net)->variant)] = *net;
      } else {
        const WeightsFile& w = std::get<WeightsFile>(*f);
        c.settings.eval[w.variant] = w.weights;
        c.settings.nets[size_t(w.variant)] = nullptr;
      }
    } else {
      return absl::InvalidArgumentError(fmt::format("unknown flag '{}'", key));
    }
    if (!s.ok()) return s;
  }
  if (o.out.empty()) return absl::InvalidArgumentError("--out FILE is required");
  return o;
}

int run(const Options& o) {
  std::ofstream out(o.out);
  if (!out) {
    fmt::print(stderr, "kete-datagen: cannot write '{}'\n", o.out);
    return 1;
  }
  const SelfPlayConfig& c = o.config;
  out << fmt::format(
      "# kete-datagen variant={} kichwa={} games={} shard={}/{} nodes={} seed={} "
      "random-plies={} max-plies={}\n",
      to_string(c.rules.variant), to_string(c.rules.kichwa), c.games, c.shard, c.shards, c.nodes,
      c.seed, c.random_plies, c.max_plies);
  const uint64_t total = (c.games - c.shard + c.shards - 1) / c.shards;
  const auto start = std::chrono::steady_clock::now();
  uint64_t played = 0, positions = 0;
  double shown_at = -1;
  run_selfplay(
      c,
      [&](uint64_t, const std::vector<Sample>& samples) {
        for (const Sample& s : samples)
          out << format_sample(s) << '\n';
        out.flush();
        ++played;
        positions += samples.size();
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (secs - shown_at < 0.5 && played < total) return;
        shown_at = secs;
        fmt::print(stderr, "\rkete-datagen: {}/{} games, {} positions, {:.1f} games/s  ", played,
                   total, positions, played / std::max(secs, 1e-9));
      },
      interrupted);
  fmt::print(stderr, "\n");
  if (!out) {
    fmt::print(stderr, "kete-datagen: writing '{}' failed\n", o.out);
    return 1;
  }
  if (interrupted) fmt::print(stderr, "kete-datagen: interrupted; the file holds whole games\n");
  return 0;
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  using namespace kete::tuning;
  const std::optional<Options> options =
      parse_or_usage<Options>("kete-datagen", kUsage, argc, argv, parse_options);
  if (!options) return 2;
  std::signal(SIGINT, [](int) { interrupted = true; });
  return run(*options);
}
