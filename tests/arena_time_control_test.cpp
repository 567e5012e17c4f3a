// Time controls and the runner's clocks (arena/time_control.h).
#include <gtest/gtest.h>

#include "arena/time_control.h"
#include "rules/notation.h"

namespace kete::arena {
namespace {

TEST(ArenaTimeControl, ParsesEveryKindAndPrintsItBack) {
  for (const char* text : {"10+0.1", "60+0", "0.5+0.05", "movetime=100", "nodes=2000", "depth=6"}) {
    absl::StatusOr<TimeControl> tc = parse_time_control(text);
    ASSERT_TRUE(tc.ok()) << text << ": " << tc.status();
    EXPECT_EQ(tc->text(), text);
  }
  const TimeControl tc = *parse_clock("10+0.1");
  EXPECT_EQ(tc.kind, TimeControl::Kind::kClock);
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  EXPECT_EQ(parse_clock("5")->base_ms, 5000);
  EXPECT_EQ(parse_clock("5")->text(), "5+0");
}

TEST(ArenaTimeControl, RejectsNonsense) {
  for (const char* text : {"", "+", "abc", "10+", "-1+0", "0+0", "10+0.1x", "nodes=0", "nodes=-5",
                           "depth=65", "movetime=", "speed=3", "nodes=12abc"})
    EXPECT_FALSE(parse_time_control(text).ok()) << text;
}

TEST(ArenaTimeControl, ClockChargesTheMoverAndAddsTheIncrement) {
  TimeControl tc = *parse_clock("1+0.1");
  tc.margin_ms = 50;
  GameClock clock(tc);
  EXPECT_EQ(clock.go_arguments(), "p1time 1000 p2time 1000 p1inc 100 p2inc 100");
  EXPECT_EQ(clock.allowed_ms(Side::kSouth), 1050);
  ASSERT_TRUE(clock.charge(Side::kSouth, 300));  // 1000 - 300 + 100
  EXPECT_EQ(clock.remaining_ms(Side::kSouth), 800);
  EXPECT_EQ(clock.remaining_ms(Side::kNorth), 1000);
  EXPECT_EQ(clock.go_arguments(), "p1time 800 p2time 1000 p1inc 100 p2inc 100");
  // Late by less than the margin: the clock reads zero, then gets the increment.
  ASSERT_TRUE(clock.charge(Side::kNorth, 1040));
  EXPECT_EQ(clock.remaining_ms(Side::kNorth), 100);
  // Later than time plus margin: a loss on time, the clock unchanged.
  EXPECT_FALSE(clock.charge(Side::kSouth, 851));
  EXPECT_EQ(clock.remaining_ms(Side::kSouth), 800);
}

TEST(ArenaTimeControl, FixedLimitsHaveTheirOwnAllowance) {
  TimeControl movetime = *parse_time_control("movetime=200");
  movetime.margin_ms = 30;
  EXPECT_EQ(GameClock(movetime).allowed_ms(Side::kNorth), 230);
  EXPECT_EQ(GameClock(movetime).go_arguments(), "movetime 200");
  TimeControl nodes = *parse_time_control("nodes=500");
  nodes.move_timeout_ms = 7000;
  EXPECT_EQ(GameClock(nodes).allowed_ms(Side::kSouth), 7000);
  EXPECT_EQ(GameClock(nodes).go_arguments(), "nodes 500");
  EXPECT_EQ(GameClock(*parse_time_control("depth=4")).go_arguments(), "depth 4");
}

}  // namespace
}  // namespace kete::arena
