#include "eval/net_file.h"

#include <bit>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace kete::nnue {

extern const std::string_view kDefaultNetBytes[kVariantCount];

static_assert(std::endian::native == std::endian::little,
              "the net file is read by copying little-endian bytes");

namespace {

// The checksum is the header's last eight bytes.
constexpr size_t checksum_offset(size_t header_bytes) {
  return header_bytes - sizeof(uint64_t);
}

size_t payload_bytes(Variant v, bool threats) {
  return sizeof(int16_t) * (size_t(input_count(v, threats)) * kHidden + 2 * kHidden) +
         sizeof(int32_t);
}

uint64_t fnv1a(std::string_view bytes, uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

uint64_t checksum(std::string_view file, size_t header_bytes) {
  const size_t at = checksum_offset(header_bytes);
  return fnv1a(file.substr(at + sizeof(uint64_t)), fnv1a(file.substr(0, at)));
}

// Reads values in order from a byte string whose length was checked beforehand.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  T next() {
    T v;
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  template <class T>
  void next_into(T* out, size_t n) {
    std::memcpy(out, bytes_.data() + at_, n * sizeof(T));
    at_ += n * sizeof(T);
  }

 private:
  std::string_view bytes_;
  size_t at_ = 0;
};

}  // namespace

bool looks_like_net(std::string_view bytes) {
  return bytes.starts_with(kNetMagic);
}

size_t net_file_bytes(Variant v, bool threats) {
  return kNetHeaderBytes + payload_bytes(v, threats);
}

namespace {

// The bounds of nnue.h that keep every sum of the evaluation inside its type.
absl::Status check_bounds(const Net& net) {
  const auto out_of = [](std::string_view what, int64_t value, int64_t bound) {
    return absl::InvalidArgumentError(
        fmt::format("net {} {} out of range -{}..{}", what, value, bound, bound));
  };
  for (int16_t w : net.input_weights)
    if (std::abs(w) > kMaxQuantizedWeight) return out_of("input weight", w, kMaxQuantizedWeight);
  const int max_bias = max_input_bias(net.threats);
  for (int16_t b : net.input_bias)
    if (std::abs(b) > max_bias) return out_of("input bias", b, max_bias);
  if (net.output_bias < -kMaxOutputBias || net.output_bias > kMaxOutputBias)
    return out_of("output bias", net.output_bias, kMaxOutputBias);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Net> parse_net(std::string_view bytes, std::optional<Variant> expected) {
  using absl::InvalidArgumentError;
  if (!looks_like_net(bytes))
    return InvalidArgumentError("not a kete net (the file does not start with KETENNUE)");
  if (bytes.size() < kNetV1HeaderBytes)
    return InvalidArgumentError(
        fmt::format("truncated net: {} bytes, shorter than the header", bytes.size()));
  Reader r(bytes.substr(kNetMagic.size()));
  const uint32_t version = r.next<uint32_t>();
  if (version != kNetV1 && version != kNetVersion)
    return InvalidArgumentError(fmt::format(
        "net format version {}, this kete reads versions {} and {}", version, kNetV1, kNetVersion));
  const size_t header_bytes = version == kNetV1 ? kNetV1HeaderBytes : kNetHeaderBytes;
  if (bytes.size() < header_bytes)
    return InvalidArgumentError(
        fmt::format("truncated net: {} bytes, shorter than the header", bytes.size()));
  const uint32_t variant_index = r.next<uint32_t>();
  if (variant_index >= uint32_t(kVariantCount))
    return InvalidArgumentError(fmt::format("net for unknown variant {}", variant_index));
  Net net;
  net.variant = Variant(variant_index);
  if (expected && *expected != net.variant)
    return InvalidArgumentError(
        fmt::format("net is for {}, not {}", to_string(net.variant), to_string(*expected)));
  if (version != kNetV1) {
    const uint32_t form = r.next<uint32_t>();
    if (form >= uint32_t(kFormCount))
      return InvalidArgumentError(fmt::format("net of unknown form {}", form));
    net.form = Form(form);
  }
  const uint32_t inputs = r.next<uint32_t>(), hidden = r.next<uint32_t>(),
                 outputs = r.next<uint32_t>(), buckets = r.next<uint32_t>(),
                 excess = r.next<uint32_t>();
  // The input count says whether the threat inputs follow the board's (version 2 only).
  net.threats = version != kNetV1 && inputs == uint32_t(input_count(net.variant, true));
  if (inputs != uint32_t(net.inputs()) || hidden != uint32_t(kHidden) || outputs != 1 ||
      buckets != uint32_t(kBuckets) || excess != uint32_t(kExcessCap))
    return InvalidArgumentError(fmt::format(
        "net architecture {}x{}x{} (buckets {}, excess cap {}) is not this kete's {} "
        "architecture {}x{}x1 or {}x{}x1 with threats (buckets {}, excess cap {})",
        inputs, hidden, outputs, buckets, excess, to_string(net.variant), input_count(net.variant),
        kHidden, input_count(net.variant, true), kHidden, kBuckets, kExcessCap));
  const int32_t qa = r.next<int32_t>(), qb = r.next<int32_t>();
  net.scale = r.next<int32_t>();
  if (qa != kQa || qb != kQb)
    return InvalidArgumentError(
        fmt::format("net quantization {}/{}, this kete uses {}/{}", qa, qb, kQa, kQb));
  if (net.scale <= 0 || net.scale >= kMateBound)
    return InvalidArgumentError(
        fmt::format("net scale {} out of range 1..{}", net.scale, kMateBound - 1));
  const size_t want = header_bytes + payload_bytes(net.variant, net.threats);
  if (bytes.size() != want)
    return InvalidArgumentError(fmt::format("{} net: {} bytes, expected {}",
                                            bytes.size() < want ? "truncated" : "overlong",
                                            bytes.size(), want));
  const uint64_t stored = r.next<uint64_t>();
  if (stored != checksum(bytes, header_bytes))
    return InvalidArgumentError("net checksum mismatch: the file is corrupt");
  net.input_weights.resize(size_t(inputs) * kHidden);
  r.next_into(net.input_weights.data(), net.input_weights.size());
  r.next_into(net.input_bias.data(), kHidden);
  r.next_into(net.output_weights.data(), kHidden);
  net.output_bias = r.next<int32_t>();
  if (absl::Status s = check_bounds(net); !s.ok()) return s;
  return net;
}

const absl::StatusOr<Nets>& embedded_nets() {
  static const absl::StatusOr<Nets> embedded = []() -> absl::StatusOr<Nets> {
    Nets all{};
    for (Variant v : kAllVariants) {
      const std::string_view bytes = kDefaultNetBytes[size_t(v)];
      if (bytes.empty()) continue;
      absl::StatusOr<Net> net = parse_net(bytes, v);
      if (!net.ok())
        return absl::InternalError(fmt::format("embedded {} net is broken: {}", to_string(v),
                                               std::string(net.status().message())));
      all[size_t(v)] = std::make_shared<const Net>(*std::move(net));
    }
    return all;
  }();
  return embedded;
}

std::string format_net(const Net& net) {
  std::string out(kNetMagic);
  append_bytes(out, kNetVersion);
  append_bytes(out, uint32_t(net.variant));
  append_bytes(out, uint32_t(net.form));
  for (int v : {net.inputs(), kHidden, 1, kBuckets, kExcessCap})
    append_bytes(out, uint32_t(v));
  for (int32_t v : {int32_t(kQa), int32_t(kQb), net.scale})
    append_bytes(out, v);
  append_bytes(out, uint64_t(0));
  out.append(reinterpret_cast<const char*>(net.input_weights.data()),
             net.input_weights.size() * sizeof(int16_t));
  for (int16_t v : net.input_bias)
    append_bytes(out, v);
  for (int16_t v : net.output_weights)
    append_bytes(out, v);
  append_bytes(out, net.output_bias);
  const uint64_t sum = checksum(out, kNetHeaderBytes);
  std::memcpy(out.data() + checksum_offset(kNetHeaderBytes), &sum, sizeof sum);
  return out;
}

}  // namespace kete::nnue
