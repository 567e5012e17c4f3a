// The transposition table: buckets of four 8-byte entries, each stored as one atomic word
// so that threads share the table without locks and never read a torn entry.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/move.h"
#include "engine/score.h"

namespace kete {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  Move move = Move::none();
  Value value = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t mib = 16) { resize(mib); }
  TranspositionTable(TranspositionTable&& o) noexcept { *this = std::move(o); }
  TranspositionTable& operator=(TranspositionTable&& o) noexcept {
    buckets_ = std::move(o.buckets_);
    buckets_count_ = o.buckets_count_;
    generation_.store(o.generation());
    return *this;
  }

  // Exactly `mib` MiB of buckets (at least one bucket); clears the table.
  void resize(size_t mib);
  void clear();
  size_t size_bytes() const { return buckets_count_ * sizeof(Bucket); }

  // Starts a new search: entries of older searches are replaced first.
  void new_search() { generation_.store((generation() + 1) & 63, std::memory_order_relaxed); }

  bool probe(uint64_t key, TTEntry& out) const;
  void store(uint64_t key, const TTEntry& e);

  // Entries of the current search per thousand, sampled (the `hashfull` of info lines).
  int hashfull() const;

 private:
  static constexpr int kWays = 4;
  struct alignas(32) Bucket {
    std::atomic<uint64_t> entries[kWays];
  };

  // Word layout: key16 | move16 | value16 | depth8 | generation6 bound2.
  static uint64_t pack(uint16_t key16, const TTEntry& e, int generation);
  static TTEntry unpack(uint64_t word);
  static uint16_t key16(uint64_t word) { return uint16_t(word); }
  static int depth_of(uint64_t word) { return int((word >> 48) & 0xFF); }
  static int generation_of(uint64_t word) { return int(word >> 58); }

  Bucket& bucket(uint64_t key) const {
    return buckets_[size_t((unsigned __int128)(key)*buckets_count_ >> 64)];
  }

  std::unique_ptr<Bucket[]> buckets_;
  size_t buckets_count_ = 0;
  // Atomic because `Clear Hash` may arrive while a search runs.
  std::atomic<int> generation_{0};
  int generation() const { return generation_.load(std::memory_order_relaxed); }
};

}  // namespace kete
