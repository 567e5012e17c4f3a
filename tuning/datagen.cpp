// kete-datagen: self-play training data for kete-texel (docs/tuning.md).
//
//   kete-datagen --variant kiswahili --games 2000 --nodes 5000 --threads 2 --out data.txt
//
// The same flags and seed give the same file; `--shard i/n` plays every n-th game from the
// i-th, so n machines can each make a part and the parts concatenate into the whole run.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "arena/arg_cursor.h"
#include "arena/output_file.h"
#include "engine/notation.h"
#include "search/eval_file.h"
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

// --eval FILE: a weights file or a net (docs/evaluation.md), for the variant it names.
absl::Status parse_eval(arena::ArgCursor& args, SearchSettings& settings) {
  absl::StatusOr<std::string> path = args.value("--eval");
  if (!path.ok()) return path.status();
  absl::StatusOr<EvalFile> f = read_eval_file(*path);
  if (!f.ok()) return f.status();
  if (const auto* net = std::get_if<std::shared_ptr<const nnue::Net>>(&*f)) {
    settings.nets[size_t((*net)->variant)] = *net;
  } else {
    const WeightsFile& w = std::get<WeightsFile>(*f);
    settings.eval[w.variant] = w.weights;
    settings.nets[size_t(w.variant)] = nullptr;
  }
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, arena::ArgCursor& args, Options& o) {
  SelfPlayConfig& c = o.config;
  if (flag == "--out") return args.text(flag, o.out);
  if (flag == "--variant") return args.variant(flag, c.rules.variant);
  if (flag == "--kichwa") return args.kichwa(flag, c.rules.kichwa);
  if (flag == "--games") return args.number(flag, c.games, 1, 100'000'000);
  if (flag == "--shard") {
    absl::StatusOr<std::string> v = args.value(flag);
    return v.ok() ? parse_shard(*v, c.shard, c.shards) : v.status();
  }
  if (flag == "--nodes") return args.number(flag, c.nodes, 1, 1'000'000'000);
  if (flag == "--threads") return args.number(flag, c.threads, 1, 256);
  if (flag == "--random-plies") return args.number(flag, c.random_plies, 0, 100);
  if (flag == "--max-plies") return args.number(flag, c.max_plies, 1, 100'000);
  if (flag == "--seed") return args.number(flag, c.seed, 0, UINT64_MAX);
  if (flag == "--eval") return parse_eval(args, c.settings);
  return arena::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  if (absl::Status s = arena::read_flags(argv, o, parse_flag); !s.ok()) return s;
  if (o.out.empty()) return arena::bad_argument("--out FILE is required");
  return o;
}

int run(const Options& o) {
  absl::StatusOr<arena::OutputFile> out = arena::OutputFile::create(o.out);
  if (!out.ok()) {
    fmt::print(stderr, "kete-datagen: {}\n", error_text(out.status()));
    return 1;
  }
  const SelfPlayConfig& c = o.config;
  // The first failed write stops the run: the games after it would be lost too.
  absl::Status written = out->write(
      fmt::format("# kete-datagen variant={} kichwa={} games={} shard={}/{} nodes={} seed={} "
                  "random-plies={} max-plies={}\n",
                  to_string(c.rules.variant), to_string(c.rules.kichwa), c.games, c.shard, c.shards,
                  c.nodes, c.seed, c.random_plies, c.max_plies));
  const uint64_t total = (c.games - c.shard + c.shards - 1) / c.shards;
  const auto start = std::chrono::steady_clock::now();
  uint64_t played = 0, positions = 0;
  double shown_at = -1;
  run_selfplay(
      c,
      [&](uint64_t, const std::vector<Sample>& samples) {
        std::string text;
        for (const Sample& s : samples)
          text += format_sample(s) + "\n";
        if (written.ok()) written = out->write(text);
        if (!written.ok()) interrupted = true;
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
  if (written.ok()) written = out->close();
  if (!written.ok()) {
    fmt::print(stderr, "kete-datagen: {}\n", error_text(written));
    return 1;
  }
  if (interrupted) fmt::print(stderr, "kete-datagen: interrupted; the file holds whole games\n");
  return 0;
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  using namespace kete::tuning;
  return kete::arena::tool_main("kete-datagen", kUsage, argc, argv, parse_options,
                                [](const Options& options) {
                                  std::signal(SIGINT, [](int) { interrupted = true; });
                                  return run(options);
                                });
}
