// The keys of the positions along a line of play: the game so far and the path of a search
// to its current node. The alpha-beta search scores a position that repeats one on it as a
// draw; the df-pn solver never follows a line that repeats a position. A count filter on
// the key's low bits (16 by default) lets both tests skip the scan when the key cannot be
// present.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kete {

class KeyPath {
 public:
  // Starts with the keys of `start`, with room for `room` more, so a search that knows
  // its depth limit never grows the vector. A filter of fewer bits stays in a faster
  // cache and lets more keys through to the scan.
  explicit KeyPath(const std::vector<uint64_t>& start = {}, size_t room = 0, int filter_bits = 16)
      : filter_mask_((uint64_t(1) << filter_bits) - 1), filter_(size_t(1) << filter_bits) {
    keys_.reserve(start.size() + room);
    for (uint64_t k : start)
      push(k);
  }

  void push(uint64_t k) {
    keys_.push_back(k);
    ++filter_[k & filter_mask_];
  }
  void pop() {
    --filter_[keys_.back() & filter_mask_];
    keys_.pop_back();
  }

  // True if `k` is on the path.
  bool contains(uint64_t k) const {
    return filter_[k & filter_mask_] && std::find(keys_.rbegin(), keys_.rend(), k) != keys_.rend();
  }
  // True if the last key occurred before on the path (the key includes the side to move).
  bool last_repeated() const {
    const uint64_t k = keys_.back();
    if (filter_[k & filter_mask_] < 2) return false;
    return std::find(keys_.rbegin() + 1, keys_.rend(), k) != keys_.rend();
  }

 private:
  uint64_t filter_mask_;
  std::vector<uint64_t> keys_;
  // Keys on the path per filter slot; 32 bits, as a solver's path has no depth limit.
  std::vector<uint32_t> filter_;
};

}  // namespace kete
