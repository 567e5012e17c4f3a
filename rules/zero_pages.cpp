#include "rules/zero_pages.h"

#include <sys/mman.h>

#include <cstdint>
#include <new>

namespace kete {

ZeroPages::ZeroPages(size_t bytes) {
  void* pages = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) throw std::bad_alloc();
  data_ = pages;
  bytes_ = bytes;
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
