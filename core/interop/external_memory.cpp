#include "core/interop/external_memory.hpp"

#include "core/common/error.hpp"

#include <limits>
#include <memory>
#include <string>
#include <utility>

namespace garray {

ExternalSpan span_of_view(void* first_element, const Dims& shape, const Dims& strides,
                          std::size_t itemsize, const char* what) {
  const auto item = static_cast<std::int64_t>(itemsize);
  const auto first = reinterpret_cast<std::uintptr_t>(first_element);
  for (std::int64_t extent : shape) {
    if (extent == 0) return {first_element, 0, 0};
  }
  // Byte offsets, relative to the first element, of the lowest and one past the highest byte.
  std::int64_t lowest = 0;
  std::int64_t past_highest = item;
  bool fits = true;
  for (int i = 0; i < shape.size() && fits; ++i) {
    std::int64_t steps = 0;
    std::int64_t reach = 0;
    fits = !__builtin_mul_overflow(shape[i] - 1, strides[i], &steps) &&
           !__builtin_mul_overflow(steps, item, &reach);
    if (fits && reach < 0) fits = !__builtin_add_overflow(lowest, reach, &lowest);
    if (fits && reach > 0) fits = !__builtin_add_overflow(past_highest, reach, &past_highest);
  }
  std::int64_t total = 0;
  fits = fits && !__builtin_sub_overflow(past_highest, lowest, &total);
  // With the total in range, -lowest (at most the total) cannot overflow.
  const auto below = fits ? static_cast<std::uintptr_t>(-lowest) : 0;
  fits = fits && first >= below &&
         first <= std::numeric_limits<std::uintptr_t>::max() - static_cast<std::uintptr_t>(past_highest);
  if (!fits) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                std::string(what) + " reach outside the address space: the view's byte extent overflows");
  }
  return {reinterpret_cast<void*>(first - below), static_cast<std::size_t>(total), -lowest};
}

struct ExternalArray::PendingRelease {
  ExternalRelease release;
  // Written by adopt() before the array is handed out; read by the buffer's last user, which the
  // reference count's release-acquire ordering places after it.
  bool adopted = false;
};

ExternalArray::ExternalArray(Array array, PendingRelease* pending, ExternalRelease release_on_adoption,
                             bool copied) noexcept
    : array_(std::move(array)),
      pending_(pending),
      release_on_adoption_(release_on_adoption),
      copied_(copied) {}

ExternalArray ExternalArray::wrap(const ExternalMemory& memory, ExternalRelease release) {
  auto pending = std::make_unique<PendingRelease>(PendingRelease{release});
  PendingRelease* state = pending.get();
  auto buffer = std::make_shared<Buffer>(memory.span.base, memory.span.bytes, memory.device, memory.kind,
                                         false, [state] {
                                           if (state->adopted) state->release();
                                           delete state;
                                         });
  pending.release();  // the buffer deletes it from here on, adopted or not
  Array array(std::move(buffer), memory.dtype, memory.shape, memory.strides,
              memory.span.first_element_offset, memory.writeable, false);
  return ExternalArray(std::move(array), state, ExternalRelease{}, false);
}

ExternalArray ExternalArray::copy_of(Array copy, ExternalRelease release) noexcept {
  return ExternalArray(std::move(copy), nullptr, release, true);
}

void ExternalArray::adopt() noexcept {
  if (pending_ != nullptr) pending_->adopted = true;
  release_on_adoption_();
  pending_ = nullptr;
  release_on_adoption_ = ExternalRelease{};
}

}  // namespace garray
