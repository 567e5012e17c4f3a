#include "search/threads.h"

#include <algorithm>
#include <thread>

#include "search/proven.h"

namespace kete {

SearchResult search(RuleSet rules, const Position& root, const GameContext& game,
                    const Limits& limits, const SearchSettings& settings, TranspositionTable& tt,
                    const std::atomic<bool>& stop,
                    const std::function<void(const SearchInfo&)>& on_info,
                    const std::function<void(const CurrMove&)>& on_currmove) {
  SearchShared shared{rules,
                      root,
                      game,
                      limits,
                      settings,
                      tt,
                      stop,
                      {},
                      plan_time(limits, settings.move_overhead_ms, root.side_to_move(),
                                planned_moves(settings.params, rules.variant)),
                      Clock::now(),
                      {}};
  shared.on_currmove = &on_currmove;
  if (settings.proven && !settings.proven->empty())
    if (const std::optional<ProvenMove> proven =
            proven_root_move(*settings.proven, rules, root, game);
        proven && searchmove(limits, proven->move))
      shared.proven_root = proven;
  const int threads = std::max(1, settings.threads);
  for (int i = 0; i < threads; ++i)
    shared.nodes.push_back(std::make_unique<std::atomic<uint64_t>>(0));
  tt.new_search();
  return with_rules(rules, [&]<class R>(R) {
    std::vector<std::thread> helpers;
    for (int id = 1; id < threads; ++id)
      helpers.emplace_back(
          [&shared, id] { search_thread<R>(shared, id, [](const SearchInfo&) {}); });
    SearchResult result = search_thread<R>(shared, 0, on_info);
    shared.done = true;
    for (std::thread& t : helpers)
      t.join();
    result.nodes = shared.total_nodes();
    return result;
  });
}

}  // namespace kete
