// The sowing primitives (rules/sowing.h). RingWord, the ring of 16 pits as one 128-bit
// number that bao's and kiswahili's moves sow in: laps worked out by hand, then every lap
// of random rings against sow<8>, which sows pit by pit in the position itself; and bao's
// and kiswahili's children, keyed once each move is made, against the key recomputed from
// scratch.
#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "rules/random.h"
#include "rules/rules_bao.h"
#include "rules/rules_kiswahili.h"
#include "rules/sowing.h"

namespace kete::test {
namespace {

// A bao board with South's ring set to `pits` (pit i = ring index i) and North's empty.
Position with_ring(const std::array<int, 16>& pits) {
  Position p = Position::empty(Variant::kBao);
  for (int i = 0; i < 16; ++i)
    p.set_seeds(Side::kSouth, i, pits[size_t(i)]);
  return p;
}

std::array<int, 16> ring_of(const Position& p, Side s) {
  std::array<int, 16> pits{};
  for (int i = 0; i < 16; ++i)
    pits[size_t(i)] = p.seeds(s, i);
  return pits;
}

std::array<int, 16> stored(const RingWord& ring) {
  Position p = Position::empty(Variant::kBao);
  ring.store(p, Side::kSouth);
  return ring_of(p, Side::kSouth);
}

TEST(Sowing, RingWordLapsWorkedOutByHand) {
  const std::array<int, 16> start{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  {
    // 3 seeds clockwise from pit 14: one each into 15, 0 and 1; the lap ends on 1.
    RingWord ring(with_ring(start), Side::kSouth);
    EXPECT_EQ(ring.sow<Dir::kClockwise>(14, 3), 1);
    EXPECT_EQ(stored(ring),
              (std::array<int, 16>{2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17}));
  }
  {
    // 3 seeds anticlockwise from pit 1: into 0, 15 and 14; the lap ends on 14.
    RingWord ring(with_ring(start), Side::kSouth);
    EXPECT_EQ(ring.sow<Dir::kAnticlockwise>(1, 3), 14);
    EXPECT_EQ(stored(ring),
              (std::array<int, 16>{2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17}));
  }
  {
    // Pit 5 (6 seeds) lifted, then 20 seeds clockwise from it: a whole round (pit 5
    // included) and 4 more into 6, 7, 8 and 9; the lap ends on 9.
    RingWord ring(with_ring(start), Side::kSouth);
    EXPECT_EQ(ring.lift(5), 6);
    EXPECT_EQ(ring.seeds(5), 0);
    EXPECT_EQ(ring.sow<Dir::kClockwise>(5, 20), 9);
    EXPECT_EQ(stored(ring),
              (std::array<int, 16>{2, 3, 4, 5, 6, 1, 9, 10, 11, 12, 12, 13, 14, 15, 16, 17}));
    EXPECT_EQ(ring.seeds(9), 12);
  }
  {
    // 32 seeds anticlockwise from pit 0: two whole rounds, and the lap ends on pit 0.
    RingWord ring(with_ring(start), Side::kSouth);
    EXPECT_EQ(ring.sow<Dir::kAnticlockwise>(0, 32), 0);
    EXPECT_EQ(stored(ring),
              (std::array<int, 16>{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}));
  }
}

// What kiswahili's turns use besides the laps: seeds put into a pit and taken from it, the
// front row's emptiness, a lap whose direction is known at run time, and the re-entry lap
// from a kichwa (rules.md section 1: the left kichwa, pit 0, sows clockwise from itself,
// the right kichwa, pit 7, anticlockwise).
TEST(Sowing, RingWordAddTakeFrontAndKichwaWorkedOutByHand) {
  const std::array<int, 16> start{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  {
    RingWord ring(with_ring(start), Side::kSouth);
    ring.add(3, 5);     // pit 3: 4 + 5
    ring.take(15, 16);  // pit 15 emptied
    ring.add(0, 90);    // pit 0: 1 + 90, no carry into pit 1
    EXPECT_EQ(stored(ring),
              (std::array<int, 16>{91, 2, 3, 9, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}));
    EXPECT_FALSE(ring.front_empty());
  }
  {
    // Only the back row (pits 8..15) holds seeds: the front row is empty until a seed
    // reaches pit 7.
    RingWord ring(with_ring({0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1}), Side::kSouth);
    EXPECT_TRUE(ring.front_empty());
    ring.add(7, 1);
    EXPECT_FALSE(ring.front_empty());
    ring.take(7, 1);
    EXPECT_TRUE(ring.front_empty());
  }
  {
    // The run-time direction: 3 seeds clockwise from pit 14 end on 1 (as the first case of
    // RingWordLapsWorkedOutByHand), anticlockwise from pit 1 on 14.
    RingWord cw(with_ring(start), Side::kSouth), acw(with_ring(start), Side::kSouth);
    EXPECT_EQ(cw.sow(14, Dir::kClockwise, 3), 1);
    EXPECT_EQ(stored(cw),
              (std::array<int, 16>{2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17}));
    EXPECT_EQ(acw.sow(1, Dir::kAnticlockwise, 3), 14);
    EXPECT_EQ(stored(acw),
              (std::array<int, 16>{2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17}));
  }
  // Re-entry laps from a kichwa: 3 seeds from the left one go into pits 0, 1 and 2; 3 from
  // the right one into 7, 6 and 5; 17 from the right one make a whole round and one more
  // into pit 7, where the lap ends.
  struct KichwaLap {
    bool right;
    int seeds, end;
    std::array<int, 16> after;
  };
  for (const KichwaLap& lap : {
           KichwaLap{false, 3, 2, {2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
           KichwaLap{true, 3, 5, {1, 2, 3, 4, 5, 7, 8, 9, 9, 10, 11, 12, 13, 14, 15, 16}},
           KichwaLap{true, 17, 7, {2, 3, 4, 5, 6, 7, 8, 10, 10, 11, 12, 13, 14, 15, 16, 17}},
       }) {
    RingWord ring(with_ring(start), Side::kSouth);
    EXPECT_EQ(ring.sow_from_kichwa(lap.right, lap.seeds), lap.end) << lap.seeds;
    EXPECT_EQ(stored(ring), lap.after) << lap.seeds;
  }
}

// Random rings, every start pit, both ways, 0 to 47 seeds: the same pits and lap end as
// sow<8>, and lift as Position's own pits.
TEST(Sowing, RingWordLapsAreThoseOfSow) {
  Random rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    std::array<int, 16> pits{};
    for (int& n : pits)
      n = int(rng.uniform_below(12));
    const Position p = with_ring(pits);
    const int from = int(rng.uniform_below(16)), n = int(rng.uniform_below(48));
    const int lifted = int(rng.uniform_below(16));
    for (Dir d : {Dir::kClockwise, Dir::kAnticlockwise}) {
      Position expected = p;
      const int expected_lift = lift(expected, Side::kSouth, lifted);
      const int expected_end = sow<8>(expected, Side::kSouth, from, d, n);
      RingWord ring(p, Side::kSouth);
      EXPECT_EQ(ring.lift(lifted), expected_lift);
      const int end = d == Dir::kClockwise ? ring.sow<Dir::kClockwise>(from, n)
                                           : ring.sow<Dir::kAnticlockwise>(from, n);
      EXPECT_EQ(end, expected_end) << "from " << from << " n " << n;
      EXPECT_EQ(stored(ring), ring_of(expected, Side::kSouth)) << "from " << from << " n " << n;
      for (int i = 0; i < 16; ++i)
        EXPECT_EQ(ring.seeds(i), expected.seeds(Side::kSouth, i));
    }
  }
}

// Bao's and kiswahili's children are keyed once each move is made (Position::rekey_ring):
// over random games, every child's key is the key recomputed from scratch, in release
// builds too (the debug builds' assert_consistent checks it in every generate).
template <class R>
int children_keyed_from_scratch(Variant v, int games, uint64_t seed) {
  Random rng(seed);
  int children = 0;
  for (int g = 0; g < games; ++g) {
    Position p = Position::start(v);
    for (int ply = 0; ply < 200; ++ply) {
      std::vector<Position> next;
      R::generate(p, [&](Move, const Position& child, int) {
        EXPECT_EQ(child.key(), child.compute_key());
        next.push_back(child);
      });
      children += int(next.size());
      if (next.empty()) break;
      p = next[size_t(rng.uniform_below(next.size()))];
    }
  }
  return children;
}

TEST(Sowing, RingWordBaoChildrenKeyedOnceTheMoveIsMade) {
  EXPECT_GT(children_keyed_from_scratch<BaoRules>(Variant::kBao, 200, 12), 100000);
}

TEST(Sowing, RingWordKiswahiliChildrenKeyedOnceTheMoveIsMade) {
  // Kiswahili's random games are short: 1000 of them.
  EXPECT_GT(children_keyed_from_scratch<KiswahiliRules>(Variant::kKiswahili, 1000, 13), 100000);
}

}  // namespace
}  // namespace kete::test
