// The net file: a quantized network of eval/nnue.h as bytes, the format kete-train
// writes, EvalFile loads and the build embeds (docs/evaluation.md, "The net file").
// Little-endian throughout (version 2):
//
//   offset  0  char[8]  magic "KETENNUE"
//           8  u32      format version (kNetVersion)
//          12  u32      variant (rules/types.h order: bao 0, kigogo 1, kiswahili 2,
//                       kujifunza 3)
//          16  u32      form (nnue::Form: plain 0, residual 1)
//          20  u32 x 5  inputs (the board's, or with the threat inputs: eval/nnue.h),
//                       hidden, outputs (1), buckets, excess cap
//          40  i32 x 3  kQa, kQb, scale (centi-seeds per unit of output)
//          52  u64      FNV-1a 64 of every byte of the file but these eight
//          60  i16      input weights, inputs x hidden, input-major
//              i16      input bias, hidden
//              i16      output weights, hidden
//              i32      output bias (kQa * kQb units)
//
// Version 1 (the first nets) had no form field: every field from offset 16 on sits four
// bytes earlier. It is still read, as a plain net.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/status/statusor.h"
#include "eval/nnue.h"

namespace kete::nnue {

// Appends the bytes of a plain value as the net files and the trainer's checkpoints store
// them (the machine's byte order: both are read back on the machine that wrote them).
template <class T>
void append_bytes(std::string& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

inline constexpr std::string_view kNetMagic = "KETENNUE";
inline constexpr uint32_t kNetVersion = 2;
inline constexpr size_t kNetHeaderBytes = 60;
inline constexpr uint32_t kNetV1 = 1;  // the first nets: no form field, read as plain
inline constexpr size_t kNetV1HeaderBytes = 56;

// Whether `bytes` starts like a net file (the EvalFile reader's choice of format).
bool looks_like_net(std::string_view bytes);

// The size in bytes of a net file for variant v (the current version), with or without
// the threat inputs.
size_t net_file_bytes(Variant v, bool threats = false);

// Parses a net file of version 1 or 2 (threat inputs in version 2 only). Errors name the problem:
// the magic, the version, an unknown variant or (with `expected`) another variant, an unknown form,
// sizes or scales this kete does not read, a truncated or overlong file, a checksum mismatch.
absl::StatusOr<Net> parse_net(std::string_view bytes, std::optional<Variant> expected = {});

// The built-in nets (tuning/nets/<variant>.nnue, embedded at build time), parsed once;
// null for a variant without one. An error names the broken file: a build defect, which
// the tests catch and the engine reports at start.
using Nets = std::array<std::shared_ptr<const Net>, kVariantCount>;
const absl::StatusOr<Nets>& embedded_nets();

// The file bytes for `net`, which parse_net reads back unchanged.
std::string format_net(const Net& net);

}  // namespace kete::nnue
