// kete-datagen: self-play training data for kete-texel (docs/tuning.md).
//
//   kete-datagen --variant kiswahili --games 2000 --nodes 5000 --threads 2 --out data.txt
//
// The same flags and seed give the same file; `--shard i/n` plays every n-th game from the
// i-th, so n machines can each make a part and the parts concatenate into the whole run.
// Under mpirun the ranks share the games and rank 0 writes them, in game order, to the one
// file (docs/distributed.md); --checkpoint/--resume continue a killed run.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "engine/version.h"
#include "eval/eval_file.h"
#include "rules/notation.h"
#include "rules/text.h"
#include "tools/arg_cursor.h"
#include "tools/cluster.h"
#include "tools/interrupt.h"
#include "tools/output_file.h"
#include "tools/run_checkpoint.h"
#include "tools/standard_streams.h"
#include "tools/work_farm.h"
#include "tuning/selfplay.h"

namespace kete::tuning {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-datagen --out FILE [--variant V] [--kichwa choose|follow] [--games N]\n"
    "                    [--shard I/N] [--nodes N] [--threads T]\n"
    "                    [--random-plies K | --openings FILE]\n"
    "                    [--random-rate P] [--max-plies M] [--seed S] [--eval WEIGHTS_OR_NET]\n"
    "                    [--checkpoint FILE [--resume] [--checkpoint-seconds S]]\n";

constexpr std::string_view kTool = "kete-datagen";

struct Options {
  SelfPlayConfig config;
  // What evaluates the games: "builtin" (the binary's own evaluation of the variant) or
  // the --eval file's name and the FNV-1a digest of its bytes.
  std::string eval = "builtin";
  // --openings: the file as given and "name@digest" for the header; read once the rules
  // are known (--variant and --kichwa may come after it).
  std::string openings_path;
  std::string openings;
  bool random_plies_given = false;
  std::string out;
  std::string checkpoint;
  bool resume = false;
  int checkpoint_seconds = 30;
};

// The FNV-1a digest of the bytes of the file at `path`, in 16 hex digits.
absl::StatusOr<std::string> file_digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(fmt::format("cannot read '{}'", path));
  uint64_t h = 0xcbf29ce484222325ull;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i)
      h = (h ^ uint8_t(buffer[i])) * 0x100000001b3ull;
    if (!in) break;
  }
  return fmt::format("{:016x}", h);
}

// A file's name without its folders (the same file elsewhere is the same input), as one
// word of the header.
std::string header_word(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  std::replace_if(
      name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }, '_');
  return name;
}

// --eval FILE: a weights file or a net (docs/evaluation.md), for the variant it names.
absl::Status parse_eval(tools::ArgCursor& args, Options& o) {
  SearchSettings& settings = o.config.settings;
  absl::StatusOr<std::string> path = args.value("--eval");
  if (!path.ok()) return path.status();
  absl::StatusOr<EvalFile> f = read_eval_file(*path);
  if (!f.ok()) return f.status();
  absl::StatusOr<std::string> digest = file_digest(*path);
  if (!digest.ok()) return digest.status();
  o.eval = fmt::format("{}@{}", header_word(*path), *digest);
  if (const auto* net = std::get_if<std::shared_ptr<const nnue::Net>>(&*f)) {
    settings.nets[size_t((*net)->variant)] = *net;
  } else {
    const WeightsFile& w = std::get<WeightsFile>(*f);
    settings.eval[w.variant] = w.weights;
    settings.nets[size_t(w.variant)] = nullptr;
  }
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
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
  if (flag == "--random-plies") {
    o.random_plies_given = true;
    return args.number(flag, c.random_plies, 0, 100);
  }
  if (flag == "--openings") return args.text(flag, o.openings_path);
  if (flag == "--random-rate") return args.number(flag, c.random_rate, 0.0, 1.0);
  if (flag == "--max-plies") return args.number(flag, c.max_plies, 1, 100'000);
  if (flag == "--seed") return args.number(flag, c.seed, 0, UINT64_MAX);
  if (flag == "--eval") return parse_eval(args, o);
  if (flag == "--checkpoint") return args.text(flag, o.checkpoint);
  if (flag == "--checkpoint-seconds") return args.number(flag, o.checkpoint_seconds, 0, 24 * 3600);
  if (flag == "--resume") {
    o.resume = true;
    return absl::OkStatus();
  }
  return tools::unknown_argument(flag);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  Options o;
  if (absl::Status s = tools::read_flags(argv, o, parse_flag); !s.ok()) return s;
  if (o.out.empty()) return tools::bad_argument("--out FILE is required");
  if (o.resume && o.checkpoint.empty())
    return tools::bad_argument("--resume needs --checkpoint FILE");
  if (!o.openings_path.empty()) {
    if (o.random_plies_given)
      return tools::bad_argument("--openings and --random-plies exclude each other");
    absl::StatusOr<std::vector<arena::Opening>> book =
        arena::load_openings(o.config.rules, o.openings_path);
    if (!book.ok()) return book.status();  // also a file with no opening in it
    absl::StatusOr<std::string> digest = file_digest(o.openings_path);
    if (!digest.ok()) return digest.status();
    o.config.openings = *std::move(book);
    o.openings = fmt::format("{}@{}", header_word(o.openings_path), *digest);
  }
  return o;
}

int fail(const absl::Status& s) {
  tools::note("kete-datagen: {}\n", error_text(s));
  return 1;
}

std::string samples_text(const std::vector<Sample>& samples) {
  std::string text;
  for (const Sample& s : samples)
    text += format_sample(s) + "\n";
  return text;
}

// The file's first line: what decides its games (the flags, the evaluation and the
// build), also the checkpoint's identity: a resume with another evaluation or another
// build of kete is refused.
std::string header(const Options& o) {
  const SelfPlayConfig& c = o.config;
  return fmt::format(
      "# kete-datagen variant={} kichwa={} games={} shard={}/{} nodes={} seed={} "
      "{} max-plies={}{} eval={} kete={}\n",
      to_string(c.rules.variant), to_string(c.rules.kichwa), c.games, c.shard, c.shards, c.nodes,
      c.seed,
      o.openings.empty() ? fmt::format("random-plies={}", c.random_plies)
                         : fmt::format("openings={}", o.openings),
      c.max_plies, c.random_rate > 0 ? fmt::format(" random-rate={}", c.random_rate) : "", o.eval,
      version());
}

// The checkpoint's identity of the run: the header without '#'.
std::string identity(const Options& o) {
  const std::string h = header(o);
  return h.substr(2, h.size() - 3);
}

// The games of this shard the run still plays, by number.
std::vector<uint64_t> games_to_play(const SelfPlayConfig& c) {
  std::vector<uint64_t> games;
  for (uint64_t g = c.shard + c.skip * c.shards; g < c.games; g += c.shards)
    games.push_back(g);
  return games;
}

// Rank 0, or the process alone: writes the games in order, keeps the checkpoint, shows
// the progress.
class Writer {
 public:
  // `seal`: of the `bytes` already in the file.
  Writer(const Options& o, tools::OutputFile out, uint64_t bytes, tools::FileSeal seal)
      : o_(o), out_(std::move(out)), seal_(seal), bytes_(bytes), done_(o.config.skip) {}

  // The next game's text; false once a write failed.
  bool add(std::string_view text) {
    if (written_.ok()) written_ = out_.write(text);
    if (!written_.ok()) return false;
    seal_.add(text);
    bytes_ += text.size();
    ++done_;
    ++played_;
    positions_ += uint64_t(std::count(text.begin(), text.end(), '\n'));
    const auto now = std::chrono::steady_clock::now();
    if (!o_.checkpoint.empty() && now - saved_at_ >= std::chrono::seconds(o_.checkpoint_seconds))
      save(now);
    show(now);
    return written_.ok();
  }

  // Closes the file and writes the last checkpoint.
  absl::Status finish() {
    tools::note("\n");
    if (!o_.checkpoint.empty()) save(std::chrono::steady_clock::now());
    if (written_.ok()) written_ = out_.close();
    return written_;
  }

  // The first checkpoint, before any game: a run killed at once resumes too.
  absl::Status start() {
    if (!o_.checkpoint.empty()) save(std::chrono::steady_clock::now());
    return written_;
  }

 private:
  void save(std::chrono::steady_clock::time_point now) {
    saved_at_ = now;
    if (!written_.ok()) return;
    // What the checkpoint counts must be on the disk first.
    written_ = out_.sync();
    if (written_.ok())
      written_ = tools::save_run_checkpoint(o_.checkpoint, kTool, identity(o_),
                                            {{"games", std::to_string(done_)},
                                             {"bytes", std::to_string(bytes_)},
                                             {"seal", seal_.seal(done_, bytes_)}});
  }

  void show(std::chrono::steady_clock::time_point now) {
    const SelfPlayConfig& c = o_.config;
    const uint64_t total = (c.games - c.shard + c.shards - 1) / c.shards;
    const double secs = std::chrono::duration<double>(now - start_).count();
    if (secs - shown_at_ < 0.5 && done_ < total) return;
    shown_at_ = secs;
    tools::note("\rkete-datagen: {}/{} games, {} positions, {:.1f} games/s  ", done_, total,
                positions_, played_ / std::max(secs, 1e-9));
  }

  const Options& o_;
  tools::OutputFile out_;
  tools::FileSeal seal_;  // of the bytes_ in the file
  absl::Status written_ = absl::OkStatus();
  uint64_t bytes_ = 0, done_ = 0, played_ = 0, positions_ = 0;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point saved_at_ = start_;
  double shown_at_ = -1;
};

// The output, new or continued after the checkpoint's games; o.config.skip set to them.
absl::StatusOr<Writer> open_output(Options& o) {
  if (!o.resume) {
    if (!o.checkpoint.empty())
      if (absl::Status s = tools::check_no_checkpoint(o.checkpoint); !s.ok()) return s;
    absl::StatusOr<tools::OutputFile> out = tools::OutputFile::create(o.out);
    if (!out.ok()) return out.status();
    const std::string first = header(o);
    if (absl::Status s = out->write(first); !s.ok()) return s;
    tools::FileSeal seal;
    seal.add(first);
    Writer w(o, std::move(*out), first.size(), seal);
    return w;
  }
  absl::StatusOr<tools::CheckpointFields> f =
      tools::load_run_checkpoint(o.checkpoint, kTool, identity(o));
  if (!f.ok()) return f.status();
  absl::StatusOr<uint64_t> games =
      parse_number<uint64_t>("games", (*f)["games"], 0, o.config.games);
  if (!games.ok()) return games.status();
  absl::StatusOr<uint64_t> bytes = parse_number<uint64_t>("bytes", (*f)["bytes"], 0, UINT64_MAX);
  if (!bytes.ok()) return bytes.status();
  if (!f->contains("seal"))
    return absl::InvalidArgumentError(fmt::format("{}: no 'seal:' line", o.checkpoint));
  // The file must hold what the checkpoint counts, unchanged, before it is cut there.
  absl::StatusOr<tools::FileSeal> seal =
      tools::check_sealed_prefix(o.out, *games, *bytes, (*f)["seal"]);
  if (!seal.ok()) return seal.status();
  absl::StatusOr<tools::OutputFile> out = tools::OutputFile::continue_at(o.out, *bytes);
  if (!out.ok()) return out.status();
  o.config.skip = *games;
  tools::note("kete-datagen: resumed from {}: {} games already in {}\n", o.checkpoint, *games,
              o.out);
  return Writer(o, std::move(*out), *bytes, *seal);
}

// Rank 0 of an MPI job: the ranks play the games, this one writes them in order.
void coordinate(const SelfPlayConfig& c, tools::Cluster& cluster, Writer& writer) {
  const std::vector<uint64_t> games = games_to_play(c);
  std::vector<std::string> jobs;
  for (uint64_t g : games)
    jobs.push_back(std::to_string(g));
  std::map<size_t, std::string> waiting;  // finished games after one still being played
  size_t next = 0;
  tools::WorkFarm farm(cluster);
  farm.run(
      jobs,
      [&](size_t job, std::string_view text) {
        waiting.emplace(job, text);
        for (; !waiting.empty() && waiting.begin()->first == next; ++next) {
          if (!writer.add(waiting.begin()->second)) tools::interrupted() = true;
          waiting.erase(waiting.begin());
        }
      },
      [] { return bool(tools::interrupted()); });
  farm.finish();
}

// Every other rank of an MPI job: plays the games it is given.
absl::Status serve(const SelfPlayConfig& c, tools::Cluster& cluster) {
  return tools::serve_jobs(
      cluster, [&](const std::string& job, const std::atomic<bool>&) -> std::optional<std::string> {
        absl::StatusOr<uint64_t> g = parse_number<uint64_t>("game", job, 0, c.games);
        if (!g.ok()) return std::nullopt;
        return samples_text(play_game(c, *g));
      });
}

int run(Options& o, tools::Cluster& cluster) {
  if (cluster.rank() > 0) {
    if (absl::Status s = serve(o.config, cluster); !s.ok()) cluster.abort(fail(s));
    return 0;
  }
  // Rank 0 failing before the work starts must end the job: the ranks wait for it.
  const auto fail_all = [&](const absl::Status& s) {
    const int code = fail(s);
    if (cluster.distributed()) cluster.abort(code);
    return code;
  };
  absl::StatusOr<Writer> writer = open_output(o);
  if (!writer.ok()) return fail_all(writer.status());
  if (absl::Status s = writer->start(); !s.ok()) return fail_all(s);
  if (cluster.distributed()) {
    coordinate(o.config, cluster, *writer);
  } else {
    run_selfplay(
        o.config,
        [&](uint64_t, const std::vector<Sample>& samples) {
          if (!writer->add(samples_text(samples))) tools::interrupted() = true;
        },
        tools::interrupted());
  }
  if (absl::Status s = writer->finish(); !s.ok()) return fail(s);
  if (tools::interrupted()) tools::note("kete-datagen: interrupted; the file holds whole games\n");
  return 0;
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  int exit_code = 0;
  using namespace kete::tuning;
  if (absl::Status s = kete::tools::Cluster::join(argc, argv); !s.ok()) return fail(s);
  std::optional<Options> options =
      kete::tools::options_or_usage("kete-datagen", kUsage, argc, argv, parse_options, exit_code);
  if (!options) return exit_code;
  kete::tools::stop_on_interrupt();
  return run(*options, kete::tools::Cluster::instance());
}
