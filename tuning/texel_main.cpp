// kete-texel: fits the evaluation weights of one variant to self-play data (docs/tuning.md).
//
//   kete-texel --variant kiswahili --data data.txt --out tuned.txt
//
// Fits the logistic scale k with the starting weights first, then the weights by Adam with
// k fixed, and reports the loss on the training games and on the held-out games (every
// N-th game, by game number) before and after. Writes the weights file format that
// EvalFile reads.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "eval/eval_file.h"
#include "eval/weights.h"
#include "rules/notation.h"
#include "tools/arg_cursor.h"
#include "tools/output_file.h"
#include "tools/standard_streams.h"
#include "tuning/dataset.h"
#include "tuning/dataset_flags.h"
#include "tuning/texel.h"

namespace kete::tuning {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-texel --data FILE [--data FILE ...] --out FILE [--variant V] [--init FILE]\n"
    "                  [--epochs N] [--lr X] [--holdout-every N] [--lambda L] [--freeze a,b]\n";

struct Options : DatasetFlags {
  std::string init;
  FitOptions fit;
  uint64_t holdout_every = 10;
  double lambda = 0;  // weight of the search score in the target (0: the result alone)
};

absl::Status parse_freeze(tools::ArgCursor& args, FitOptions& fit) {
  absl::StatusOr<std::string> list = args.value("--freeze");
  if (!list.ok()) return list.status();
  for (std::string_view rest = *list; !rest.empty();) {
    const size_t comma = rest.find(',');
    const std::string_view name = rest.substr(0, comma);
    rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
    bool found = false;
    for (int j = 0; j < kWeightCount; ++j)
      if (kWeightNames[j] == name) fit.frozen[j] = found = true;
    if (!found) return tools::bad_argument(fmt::format("--freeze: unknown weight '{}'", name));
  }
  return absl::OkStatus();
}

absl::Status parse_flag(const std::string& flag, tools::ArgCursor& args, Options& o) {
  if (flag == "--init") return args.text(flag, o.init);
  if (flag == "--epochs") return args.number(flag, o.fit.epochs, 0, 10'000'000);
  if (flag == "--lr") return args.number(flag, o.fit.learning_rate, 1e-6, 1e6);
  if (flag == "--holdout-every") return args.number(flag, o.holdout_every, 2, 1'000'000);
  if (flag == "--lambda") return args.number(flag, o.lambda, 0.0, 1.0);
  if (flag == "--freeze") return parse_freeze(args, o.fit);
  return o.take(flag, args);
}

absl::StatusOr<Options> parse_options(const std::vector<std::string>& argv) {
  return tools::read_options<Options>(argv, parse_flag,
                                      [](const Options& o) { return o.check("FILE"); });
}

std::vector<TexelSample> traces(const std::vector<Sample>& samples, const Options& o) {
  std::vector<TexelSample> t;
  t.reserve(samples.size());
  for (const Sample& s : samples)
    t.push_back({features(s.position), result_for_side_to_move(s), s.game % o.holdout_every == 0});
  return t;
}

absl::Status run(const Options& o) {
  Weights start = default_weights(o.variant);
  if (!o.init.empty()) {
    absl::StatusOr<WeightsFile> init = read_weights_file(o.init);
    if (!init.ok() || init->variant != o.variant)
      return absl::InvalidArgumentError(fmt::format(
          "--init: {}", init.ok() ? "the file is for another variant" : error_text(init.status())));
    start = init->weights;
  }
  absl::StatusOr<std::vector<Sample>> samples = read_dataset(o.data, o.variant);
  if (!samples.ok()) return samples.status();
  std::vector<TexelSample> data = traces(*samples, o);
  size_t held = 0;
  for (const TexelSample& s : data)
    held += s.held_out;
  if (held == 0 || held == data.size())
    return absl::FailedPreconditionError(
        fmt::format("need games both to fit and to hold out ({} samples)", data.size()));
  const RealWeights w0 = to_real(start);
  const double k = fit_scale(data, w0);
  // With lambda > 0 the target blends in the search's own prediction of the result.
  for (size_t i = 0; i < data.size(); ++i)
    data[i].target = (1 - o.lambda) * data[i].target + o.lambda * predict((*samples)[i].score, k);
  tools::print("samples {} (held out {}), scale k {:.6f}\n", data.size(), held, k);
  const double train0 = mean_loss(data, w0, k, false), held0 = mean_loss(data, w0, k, true);
  const RealWeights w = fit_weights(data, w0, k, o.fit, [&](int epoch, double loss) {
    if (epoch % 500 == 0) tools::note("epoch {} training loss {:.6f}\n", epoch, loss);
  });
  const Weights tuned = to_integer(w);
  const double train1 = mean_loss(data, to_real(tuned), k, false);
  const double held1 = mean_loss(data, to_real(tuned), k, true);
  const std::string report = fmt::format(
      "loss before: training {:.6f}, held out {:.6f}\nloss after:  training {:.6f}, held out "
      "{:.6f}",
      train0, held0, train1, held1);
  tools::print("{}\n", report);
  for (int j = 0; j < kWeightCount; ++j)
    if (j < kFeatureCount || o.variant == Variant::kKiswahili)
      tools::print("  {:<18} {:>6} -> {:>6}\n", kWeightNames[j], start[j], tuned[j]);
  const std::string weights = format_weights(
      {o.variant, tuned}, fmt::format("kete evaluation weights for {}, fitted by kete-texel on {} "
                                      "positions (k {:.6f}).\n{}",
                                      to_string(o.variant), data.size(), k, report));
  absl::StatusOr<tools::OutputFile> out = tools::OutputFile::create(o.out);
  absl::Status written = out.ok() ? out->write(weights) : out.status();
  if (written.ok()) written = out->close();
  if (written.ok()) written = tools::flush_stdout();
  return written;
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  kete::tools::open_standard_streams();
  using namespace kete::tuning;
  return kete::tools::tool_main("kete-texel", kUsage, argc, argv, parse_options, run);
}
