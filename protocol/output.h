// Whole lines to stdout, flushed one by one, from the command loop and the search thread.
#pragma once

#include <iostream>
#include <mutex>
#include <string_view>

namespace kete {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void line(std::string_view text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n' << std::flush;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace kete
