#include "search/tt.h"

#include <algorithm>
#include <new>

#include "search/params.h"

namespace kete {

TranspositionTable& TranspositionTable::operator=(TranspositionTable&& o) noexcept {
  if (this == &o) return *this;
  pages_ = std::move(o.pages_);
  buckets_ = std::exchange(o.buckets_, nullptr);
  buckets_count_ = std::exchange(o.buckets_count_, 0);
  generation_.store(o.generation());
  return *this;
}

// Zero pages are page-aligned, so buckets never straddle a cache line; huge pages, as a
// search soon writes all over its table (rules/zero_pages.h).
void TranspositionTable::resize(size_t mib) {
  const size_t count = std::max<size_t>(1, (mib << 20) / sizeof(Bucket));
  ZeroPages pages(count * sizeof(Bucket),
                  ZeroPages::Pages::kHuge);  // throws, keeping the table as it was
  pages_ = std::move(pages);
  buckets_ = static_cast<Bucket*>(pages_.data());
  buckets_count_ = count;
  generation_.store(0, std::memory_order_relaxed);
}

// A search running meanwhile sees each word either as it was or as zero, like the loop.
void TranspositionTable::clear() {
  pages_.clear();
  generation_.store(0, std::memory_order_relaxed);
}

uint64_t TranspositionTable::pack(uint16_t key16, const TTEntry& e, int generation) {
  return uint64_t(key16) | uint64_t(e.move.raw()) << 16 |
         uint64_t(uint16_t(int16_t(e.value))) << 32 | uint64_t(std::clamp(e.depth, 0, 255)) << 48 |
         uint64_t(generation) << 58 | uint64_t(e.bound) << 56;
}

TTEntry TranspositionTable::unpack(uint64_t w) {
  TTEntry e;
  e.move = Move::from_bits(uint16_t(w >> 16));
  e.value = int16_t(uint16_t(w >> 32));
  e.depth = depth_of(w);
  e.bound = Bound((w >> 56) & 3);
  return e;
}

// The key's high bits choose the bucket, its low 16 bits are kept to verify the entry.
bool TranspositionTable::probe(uint64_t key, TTEntry& out) const {
  const uint16_t k = uint16_t(key);
  for (uint64_t& word : bucket(key).entries) {
    const uint64_t w = slot(word).load(std::memory_order_relaxed);
    if (w && key16(w) == k && Bound((w >> 56) & 3) != Bound::kNone) {
      out = unpack(w);
      return true;
    }
  }
  return false;
}

// Replaces the same position's entry (keeping a deeper one's move when the new one has
// none), else the entry with the least depth, entries of older searches first.
void TranspositionTable::store(uint64_t key, const TTEntry& e) {
  const uint16_t k = uint16_t(key);
  Bucket& b = bucket(key);
  uint64_t* victim = &b.entries[0];
  int victim_worth = 1 << 30;
  for (uint64_t& word : b.entries) {
    const uint64_t w = slot(word).load(std::memory_order_relaxed);
    if (!w || key16(w) == k) {
      TTEntry next = e;
      if (w && next.move.is_none()) next.move = unpack(w).move;
      if (w && e.bound != Bound::kExact && depth_of(w) > e.depth + kTtKeepDeeperBy &&
          generation_of(w) == generation())
        return;  // keep the deeper result of this search
      slot(word).store(pack(k, next, generation()), std::memory_order_relaxed);
      return;
    }
    const int age = (generation() - generation_of(w)) & 63;
    const int worth = depth_of(w) - kTtAgeWeight * age;
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &word;
    }
  }
  slot(*victim).store(pack(k, e, generation()), std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const size_t sample = std::min<size_t>(buckets_count_, kTtHashfullBuckets);
  int used = 0;
  for (size_t i = 0; i < sample; ++i)
    for (uint64_t& word : buckets_[i].entries) {
      const uint64_t w = slot(word).load(std::memory_order_relaxed);
      used += w && generation_of(w) == generation();
    }
  return int(used * 1000 / (sample * kWays));
}

}  // namespace kete
