#include "rules/zero_pages.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>

namespace kete {

namespace {
// The size of a transparent huge page on x86-64 and arm64 (with 4 KiB pages).
constexpr size_t kHugePage = size_t{2} << 20;
}  // namespace

// A huge-page table is mapped on a 2 MiB boundary and marked for huge pages. Filling a
// table of small pages faults once per 4 KiB, and with threads at a price: a probe maps
// the shared zero page, the store after it replaces it, and the kernel flushes the old
// mapping from every core running the process (half the CPU time of `Threads 2`,
// docs/performance.md). Where huge pages are off, madvise fails and the pages are small.
ZeroPages::ZeroPages(size_t bytes, Pages kind) {
#ifdef __EMSCRIPTEN__
  const bool huge = false;  // no pages there: its mmap is malloc
  (void)kind;
#else
  const bool huge = kind == Pages::kHuge && bytes >= kHugePage;
#endif
  const size_t mapped = huge ? bytes + kHugePage : bytes;
  void* pages = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) throw std::bad_alloc();
  data_ = pages;
  bytes_ = bytes;
  if (!huge) return;
  // Unmap the slack before and after the aligned range, whole small pages of it.
  const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto start = reinterpret_cast<uintptr_t>(pages);
  const uintptr_t aligned = (start + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (aligned + bytes + page - 1) & ~(page - 1);
  if (aligned > start) munmap(pages, aligned - start);
  if (start + mapped > end) munmap(reinterpret_cast<void*>(end), start + mapped - end);
  data_ = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(data_, bytes_, MADV_HUGEPAGE);  // advice: the table works without it
#endif
}

ZeroPages& ZeroPages::operator=(ZeroPages&& o) noexcept {
  if (this == &o) return *this;
  unmap();
  data_ = std::exchange(o.data_, nullptr);
  bytes_ = std::exchange(o.bytes_, 0);
  return *this;
}

void ZeroPages::unmap() {
  if (data_) munmap(data_, bytes_);
  data_ = nullptr;
  bytes_ = 0;
}

void ZeroPages::clear() {
#ifdef __EMSCRIPTEN__
  constexpr bool kPagesReturn = false;  // its madvise succeeds doing nothing
#else
  constexpr bool kPagesReturn = true;
#endif
  if (!data_ || (kPagesReturn && madvise(data_, bytes_, MADV_DONTNEED) == 0)) return;
  // Word by word, atomically, for a table that threads read meanwhile (mmap's pages hold
  // whole words; the builtin, as emscripten's libc++ has no atomic_ref).
  auto* words = static_cast<uint64_t*>(data_);
  for (size_t i = 0; i < bytes_ / sizeof(uint64_t); ++i)
    __atomic_store_n(&words[i], uint64_t(0), __ATOMIC_RELAXED);
}

}  // namespace kete
