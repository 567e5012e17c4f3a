// The transposition table: buckets of four 8-byte entries, each read and written as one
// atomic word so that threads share the table without locks and never read a torn entry.
// The buckets live in zero pages (rules/zero_pages.h), so that a resize or a clear returns
// at once instead of writing gigabytes.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "rules/move.h"
#include "rules/score.h"
#include "rules/zero_pages.h"

namespace kete {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTEntry {
  Move move = Move::none();
  Value value = 0;
  int depth = 0;
  Bound bound = Bound::kNone;
};

// One word of a bucket, read and written whole.
#if defined(__cpp_lib_atomic_ref)
using TTSlot = std::atomic_ref<uint64_t>;
#else
// The libc++ 14 of emscripten (scripts/web.sh) has no atomic_ref: the same whole-word
// loads and stores with the compiler's builtins (the table uses relaxed ones only).
class TTSlot {
 public:
  explicit TTSlot(uint64_t& word) : word_(word) {}
  uint64_t load(std::memory_order) const { return __atomic_load_n(&word_, __ATOMIC_RELAXED); }
  void store(uint64_t value, std::memory_order) {
    __atomic_store_n(&word_, value, __ATOMIC_RELAXED);
  }

 private:
  uint64_t& word_;
};
#endif

class TranspositionTable {
 public:
  // Throws std::bad_alloc when the pages cannot be mapped.
  explicit TranspositionTable(size_t mib = 16) { resize(mib); }
  TranspositionTable(TranspositionTable&& o) noexcept { *this = std::move(o); }
  TranspositionTable& operator=(TranspositionTable&& o) noexcept;

  // Exactly `mib` MiB of buckets (at least one bucket), all empty; throws std::bad_alloc
  // when the pages cannot be mapped, keeping the table as it was.
  void resize(size_t mib);
  // Empties every entry; safe while a search reads and writes the table (an entry then
  // reads as either its old value or empty).
  void clear();
  size_t size_bytes() const { return pages_.bytes(); }

  // Starts a new search: entries of older searches are replaced first.
  void new_search() { generation_.store((generation() + 1) & 63, std::memory_order_relaxed); }

  bool probe(uint64_t key, TTEntry& out) const;
  // Asks the memory for the bucket of `key`, so that a probe of it soon after finds it in
  // the cache (a node's children, before they are searched).
  void prefetch(uint64_t key) const { __builtin_prefetch(&bucket(key)); }
  void store(uint64_t key, const TTEntry& e);

  // Entries of the current search per thousand, sampled (the `hashfull` of info lines).
  int hashfull() const;

 private:
  static constexpr int kWays = 4;
  struct alignas(32) Bucket {
    uint64_t entries[kWays];  // accessed only through slot()
  };
  static TTSlot slot(uint64_t& word) { return TTSlot(word); }

  // Word layout: key16 | move16 | value16 | depth8 | generation6 bound2.
  static uint64_t pack(uint16_t key16, const TTEntry& e, int generation);
  static TTEntry unpack(uint64_t word);
  static uint16_t key16(uint64_t word) { return uint16_t(word); }
  static int depth_of(uint64_t word) { return int((word >> 48) & 0xFF); }
  static int generation_of(uint64_t word) { return int(word >> 58); }

  Bucket& bucket(uint64_t key) const {
    return buckets_[size_t((unsigned __int128)(key)*buckets_count_ >> 64)];
  }

  ZeroPages pages_;
  Bucket* buckets_ = nullptr;  // buckets_count_ buckets: pages_
  size_t buckets_count_ = 0;
  // Atomic because `Clear Hash` may arrive while a search runs.
  std::atomic<int> generation_{0};
  int generation() const { return generation_.load(std::memory_order_relaxed); }
};

}  // namespace kete
