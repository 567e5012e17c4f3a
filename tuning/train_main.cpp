// kete-train: trains the network of one variant on kete-datagen data and writes the net
// file that EvalFile reads (docs/tuning.md, "Nets").
//
//   kete-train --variant bao --data bao.data --out bao.nnue --epochs 20 [--residual]
//
// Fits the logistic scale k to the search scores first, then trains with Adam, printing
// the training and held-out loss after every epoch; --checkpoint FILE saves the state
// after every epoch and --resume FILE continues from one.
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "eval/net_file.h"
#include "rules/notation.h"
#include "rules/option_file.h"
#include "tools/arg_cursor.h"
#include "tools/standard_streams.h"
#include "tuning/dataset.h"
#include "tuning/dataset_flags.h"
#include "tuning/trainer.h"

namespace kete::tuning {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-train --data FILE [--data FILE ...] --out NET [--variant V] [--epochs N]\n"
    "                  [--lr X] [--batch N] [--lambda L] [--seed S] [--holdout-every N]\n"
    "                  [--checkpoint FILE] [--resume FILE] [--residual] [--threats]\n";

struct Options : DatasetFlags {
  std::string checkpoint, resume;
  int epochs = 10;
  nnue::Form form = nnue::Form::kPlain;
  bool threats = false;
  TrainOptions train;
};

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--checkpoint") return args.text(flag, o.checkpoint);
  if (flag == "--resume") return args.text(flag, o.resume);
  if (flag == "--residual") {
    o.form = nnue::Form::kResidual;
    return absl::OkStatus();
  }
  if (flag == "--threats") {
    o.threats = true;
    return absl::OkStatus();
  }
  if (flag == "--epochs") return args.number(flag, o.epochs, 0, 100'000);
  if (flag == "--lr") return args.number(flag, o.train.learning_rate, 1e-7, 1.0);
  if (flag == "--batch") return args.number(flag, o.train.batch, 1, 1'000'000);
  if (flag == "--lambda") return args.number(flag, o.train.lambda, 0.0, 1.0);
  if (flag == "--seed") return args.number(flag, o.train.seed, 0, UINT64_MAX);
  if (flag == "--holdout-every") return args.number(flag, o.train.holdout_every, 2, 1'000'000);
  return o.take(flag, args);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  return tools::read_options<Options>(argv, parse_flag,
                                      [](const Options& o) { return o.check("NET"); });
}

absl::Status write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  out.close();
  if (out) return absl::OkStatus();
  return absl::UnavailableError(fmt::format("cannot write '{}'", path));
}

absl::Status run(const Options& o) {
  absl::StatusOr<std::vector<Sample>> samples = read_dataset(o.data, o.variant);
  if (!samples.ok()) return samples.status();
  FloatNet net = initial_net(o.variant, o.train.seed, o.form, o.threats);
  net.k = fit_scale(*samples);
  Trainer trainer(std::move(net), *samples, o.train);
  if (trainer.size(false) == 0 || trainer.size(true) == 0)
    return absl::FailedPreconditionError(
        fmt::format("need games both to train on and to hold out ({} samples)", samples->size()));
  if (!o.resume.empty()) {
    // A checkpoint holds the net's weights three times (with Adam's two moments): a few
    // hundred KB.
    constexpr OptionFileKind kCheckpoint{"a checkpoint", "a kete-train checkpoint", 64 << 20};
    absl::StatusOr<std::string> bytes = read_option_file(o.resume, kCheckpoint);
    if (!bytes.ok()) return bytes.status();
    if (absl::Status s = trainer.resume(*bytes); !s.ok())
      return absl::InvalidArgumentError(fmt::format("--resume '{}': {}", o.resume, error_text(s)));
  }
  tools::print("samples {} (held out {}), scale k {:.6f}, {} net{}, epoch {}\n", samples->size(),
               trainer.size(true), trainer.net().k,
               o.form == nnue::Form::kResidual ? "residual" : "plain",
               o.threats ? " with threat inputs" : "", trainer.epoch());
  tools::print("epoch {:>3} training loss {:.6f} held-out loss {:.6f}\n", trainer.epoch(),
               trainer.loss(false), trainer.loss(true));
  const auto start = std::chrono::steady_clock::now();
  while (trainer.epoch() < o.epochs) {
    trainer.train_epoch();
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    tools::print("epoch {:>3} training loss {:.6f} held-out loss {:.6f} ({:.0f} s)\n",
                 trainer.epoch(), trainer.loss(false), trainer.loss(true), secs);
    std::fflush(stdout);
    if (!o.checkpoint.empty())
      if (absl::Status s = write_file(o.checkpoint, trainer.checkpoint()); !s.ok()) return s;
  }
  return write_file(o.out, nnue::format_net(quantize(trainer.net())));
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete::tuning;
  return kete::tools::tool_main("kete-train", kUsage, argc, argv, parse_options, run);
}
