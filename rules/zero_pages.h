// Memory that reads as zero until written, for the big tables (the search's and the
// solver's): anonymous private pages, which the kernel fills with zeros on first touch, so
// that making or clearing a table of gigabytes returns at once and costs only the pages a
// search touches (issue #20: `Hash 4096` blocked `isready` for 7-16 s; issue 29: the
// solver wrote its whole table twice for every `go mate` depth).
#pragma once

#include <cstddef>
#include <utility>

namespace kete {

class ZeroPages {
 public:
  ZeroPages() = default;
  // Huge pages (2 MiB) for a table that a search fills at random and soon whole: fewer
  // TLB misses and one fault per 2 MiB, but a single write makes 2 MiB resident, so a table
  // that should cost only what it uses (the solver's) keeps small pages.
  enum class Pages { kSmall, kHuge };
  // `bytes` of zeros, page-aligned (2 MiB-aligned for kHuge when `bytes` is at least that);
  // throws std::bad_alloc when they cannot be mapped.
  explicit ZeroPages(size_t bytes, Pages pages = Pages::kSmall);
  ZeroPages(ZeroPages&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  ZeroPages& operator=(ZeroPages&& o) noexcept;
  ~ZeroPages() { unmap(); }

  void* data() const { return data_; }
  size_t bytes() const { return bytes_; }
  // Every byte zero again: the pages are handed back (a fresh zero page on the next touch),
  // or, where the system cannot, written. A reader meanwhile sees each word either as it
  // was or as zero.
  void clear();

 private:
  void unmap();

  void* data_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace kete
