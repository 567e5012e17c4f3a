// The project's one pseudo-random generator: splitmix64, seeded explicitly, so that a
// seed names the same games, openings and keys on every machine and thread count.
#pragma once

#include <cstdint>

namespace kete {

// One step of splitmix64 (Steele, Lea and Flood 2014): advances `state`, returns the
// next output. Also fills the Zobrist keys, so its constants must never change.
constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Random {
 public:
  explicit constexpr Random(uint64_t seed) : state_(seed) {}

  constexpr uint64_t operator()() { return splitmix64(state_); }

  // Uniform in 0..n-1 for n > 0, without the bias of `next() % n` (Lemire's
  // multiply-shift with rejection).
  constexpr uint64_t uniform_below(uint64_t n) {
    unsigned __int128 m = (unsigned __int128)(*this)() * n;
    uint64_t low = uint64_t(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = (unsigned __int128)(*this)() * n;
        low = uint64_t(m);
      }
    }
    return uint64_t(m >> 64);
  }

  // Uniform in [0, 1).
  constexpr double uniform01() { return double((*this)() >> 11) * 0x1.0p-53; }

  constexpr uint64_t state() const { return state_; }

 private:
  uint64_t state_;
};

}  // namespace kete
