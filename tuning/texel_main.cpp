// kete-texel: fits the evaluation weights of one variant to self-play data (docs/tuning.md).
//
//   kete-texel --variant kiswahili --data data.txt --out tuned.txt
//
// Fits the logistic scale k with the starting weights first, then the weights by Adam with
// k fixed, and reports the loss on the training games and on the held-out games (every
// N-th game, by game number) before and after. Writes the weights file format that
// EvalFile reads.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/notation.h"
#include "engine/weights.h"
#include "search/eval_file.h"
#include "tuning/dataset.h"
#include "tuning/flags.h"
#include "tuning/texel.h"

namespace kete::tuning {
namespace {

constexpr std::string_view kUsage =
    "usage: kete-texel --data FILE [--data FILE ...] --out FILE [--variant V] [--init FILE]\n"
    "                  [--epochs N] [--lr X] [--holdout-every N] [--lambda L] [--freeze a,b]\n";

struct Options {
  Variant variant = Variant::kKiswahili;
  std::vector<std::string> data;
  std::string out, init;
  FitOptions fit;
  uint64_t holdout_every = 10;
  double lambda = 0;  // weight of the search score in the target (0: the result alone)
};

absl::Status parse_freeze(std::string_view list, FitOptions& fit) {
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    bool found = false;
    for (int j = 0; j < kWeightCount; ++j)
      if (kWeightNames[j] == name) fit.frozen[j] = found = true;
    if (!found)
      return absl::InvalidArgumentError(fmt::format("--freeze: unknown weight '{}'", name));
    list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
  }
  return absl::OkStatus();
}

absl::StatusOr<Options> parse_options(const Args& args) {
  Options o;
  for (const auto& [key, value] : args.pairs) {
    absl::Status s = absl::OkStatus();
    if (key == "--variant")
      s = parse_into(key, value, o.variant);
    else if (key == "--data")
      o.data.push_back(value);
    else if (key == "--out")
      o.out = value;
    else if (key == "--init")
      o.init = value;
    else if (key == "--epochs")
      s = parse_int_into(key, value, 0, 10'000'000, o.fit.epochs);
    else if (key == "--lr")
      s = parse_double_into(key, value, 1e-6, 1e6, o.fit.learning_rate);
    else if (key == "--holdout-every")
      s = parse_int_into<uint64_t>(key, value, 2, 1'000'000, o.holdout_every);
    else if (key == "--lambda")
      s = parse_double_into(key, value, 0, 1, o.lambda);
    else if (key == "--freeze")
      s = parse_freeze(value, o.fit);
    else
      return absl::InvalidArgumentError(fmt::format("unknown flag '{}'", key));
    if (!s.ok()) return s;
  }
  if (o.data.empty()) return absl::InvalidArgumentError("--data FILE is required");
  if (o.out.empty()) return absl::InvalidArgumentError("--out FILE is required");
  return o;
}

std::vector<TexelSample> traces(const std::vector<Sample>& samples, const Options& o) {
  std::vector<TexelSample> t;
  t.reserve(samples.size());
  for (const Sample& s : samples)
    t.push_back({features(s.position), result_for_side_to_move(s), s.game % o.holdout_every == 0});
  return t;
}

int run(const Options& o) {
  Weights start = default_weights(o.variant);
  if (!o.init.empty()) {
    absl::StatusOr<WeightsFile> init = read_weights_file(o.init);
    if (!init.ok() || init->variant != o.variant) {
      fmt::print(stderr, "kete-texel: --init: {}\n",
                 init.ok() ? "the file is for another variant" : error_text(init.status()));
      return 1;
    }
    start = init->weights;
  }
  absl::StatusOr<std::vector<Sample>> samples = read_dataset(o.data, o.variant);
  if (!samples.ok()) {
    fmt::print(stderr, "kete-texel: {}\n", error_text(samples.status()));
    return 1;
  }
  std::vector<TexelSample> data = traces(*samples, o);
  size_t held = 0;
  for (const TexelSample& s : data)
    held += s.held_out;
  if (held == 0 || held == data.size()) {
    fmt::print(stderr, "kete-texel: need games both to fit and to hold out ({} samples)\n",
               data.size());
    return 1;
  }
  const RealWeights w0 = to_real(start);
  const double k = fit_scale(data, w0);
  // With lambda > 0 the target blends in the search's own prediction of the result.
  for (size_t i = 0; i < data.size(); ++i)
    data[i].target = (1 - o.lambda) * data[i].target + o.lambda * predict((*samples)[i].score, k);
  fmt::print("samples {} (held out {}), scale k {:.6f}\n", data.size(), held, k);
  const double train0 = mean_loss(data, w0, k, false), held0 = mean_loss(data, w0, k, true);
  const RealWeights w = fit_weights(data, w0, k, o.fit, [&](int epoch, double loss) {
    if (epoch % 500 == 0) fmt::print(stderr, "epoch {} training loss {:.6f}\n", epoch, loss);
  });
  const Weights tuned = to_integer(w);
  const double train1 = mean_loss(data, to_real(tuned), k, false);
  const double held1 = mean_loss(data, to_real(tuned), k, true);
  const std::string report = fmt::format(
      "loss before: training {:.6f}, held out {:.6f}\nloss after:  training {:.6f}, held out "
      "{:.6f}",
      train0, held0, train1, held1);
  fmt::print("{}\n", report);
  for (int j = 0; j < kWeightCount; ++j)
    if (j < kFeatureCount || o.variant == Variant::kKiswahili)
      fmt::print("  {:<18} {:>6} -> {:>6}\n", kWeightNames[j], start[j], tuned[j]);
  std::ofstream out(o.out);
  out << format_weights({o.variant, tuned},
                        fmt::format("kete evaluation weights for {}, fitted by kete-texel on {} "
                                    "positions (k {:.6f}).\n{}",
                                    to_string(o.variant), data.size(), k, report));
  if (!out) {
    fmt::print(stderr, "kete-texel: cannot write '{}'\n", o.out);
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace kete::tuning

int main(int argc, char** argv) {
  using namespace kete::tuning;
  const std::optional<Options> options =
      parse_or_usage<Options>("kete-texel", kUsage, argc, argv, parse_options);
  if (!options) return 2;
  return run(*options);
}
