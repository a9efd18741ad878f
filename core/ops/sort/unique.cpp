#include "core/ops/sort/unique.hpp"

#include "core/array/layout.hpp"
#include "core/array/transfer.hpp"
#include "core/memory/device_allocation.hpp"
#include "core/ops/scan/cub_sum.hpp"
#include "core/ops/sort/sort_engine.hpp"
#include "core/ops/sort/sort_primitives.hpp"

namespace garray {

namespace {

std::int64_t* int64_data(const Array& array) { return reinterpret_cast<std::int64_t*>(array.data()); }

Array empty_int64(std::int64_t count, const StreamRef& stream) {
  return Array::empty(Dims{count}, GA_INT64, GA_ORDER_C, stream);
}

// The number of runs: the last entry of the inclusive sum of the run-start flags.
std::int64_t last_entry(const Array& run_numbers, const StreamRef& stream) {
  const Array last = run_numbers.view(Dims{1}, Dims{1}, run_numbers.byte_offset() + (run_numbers.size() - 1) * 8);
  std::int64_t value = 0;
  download(last, &value, sizeof value, stream, false);
  return value;
}

}  // namespace

UniqueResult unique(const Array& array, bool want_first_indices, bool want_inverse, bool want_counts,
                    const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  const Array data = sorting::rows_along(array, std::nullopt, stream).data;
  const std::int64_t count = data.size();
  const cudaStream_t native = stream->native();
  const int itemsize = static_cast<int>(data.itemsize());
  // The values alone need no positions: a sort of the values (a radix sort of the keys alone for a
  // real dtype) instead of a stable permutation and a gather through it. int32 2^24 on an H100:
  // 1.74 ms with the permutation (bench/NOTES.md).
  const bool values_only = !want_first_indices && !want_inverse && !want_counts;
  std::optional<Array> permutation;
  const Array sorted = values_only ? sorting::sorted_rows(sorting::Rows{data, 1, count}, stream)
                                   : Array::empty(Dims{count}, data.dtype(), GA_ORDER_C, stream);
  if (!values_only) {
    permutation = sorting::stable_permutation(std::span<const Array>(&data, 1), 0, stream);
    sort_primitives::gather_elements(itemsize, data.data(), int64_data(*permutation), sorted.data(), count, native);
  }

  const Array run_numbers = empty_int64(count, stream);
  if (count > 0) {
    const Array flags = empty_int64(count, stream);
    if (data.dtype() == GA_COMPLEX64 || data.dtype() == GA_COMPLEX128) {
      sort_primitives::run_start_flags_complex(data.dtype(), sorted.data(), int64_data(flags), count, native);
    } else {
      const sorting::SearchKeys keys = sorting::search_keys(sorted, nullptr, false, count, stream);
      sort_primitives::run_start_flags_from_keys(keys.components.front().data(), keys.key_bytes, int64_data(flags),
                                                 count, native);
    }
    const std::size_t temp_bytes = cub_sum::temp_bytes(GA_INT64, count);
    DeviceAllocation temp = allocate_device(temp_bytes, stream);
    cub_sum::inclusive_sum(GA_INT64, flags.data(), run_numbers.data(), count, temp.data(), temp_bytes, native);
  }
  const std::int64_t runs = count > 0 ? last_entry(run_numbers, stream) : 0;

  const Array starts = empty_int64(runs, stream);
  sort_primitives::run_starts(int64_data(run_numbers), count, int64_data(starts), native);
  if (values_only) {
    UniqueResult result{Array::empty(Dims{runs}, data.dtype(), GA_ORDER_C, stream), std::nullopt, std::nullopt,
                        std::nullopt};
    sort_primitives::gather_elements(itemsize, sorted.data(), int64_data(starts), result.values.data(), runs, native);
    return result;
  }
  UniqueResult result{Array::empty(Dims{runs}, data.dtype(), GA_ORDER_C, stream), empty_int64(runs, stream),
                      std::nullopt, std::nullopt};
  if (want_counts) result.counts = empty_int64(runs, stream);
  sort_primitives::run_firsts_and_counts(int64_data(starts), runs, count, int64_data(*permutation),
                                         int64_data(*result.first_indices),
                                         result.counts ? int64_data(*result.counts) : nullptr, native);
  sort_primitives::gather_elements(itemsize, data.data(), int64_data(*result.first_indices), result.values.data(), runs,
                                   native);
  if (want_inverse) {
    result.inverse = Array::empty(array.shape(), GA_INT64, GA_ORDER_C, stream);
    sort_primitives::scatter_inverse(int64_data(run_numbers), int64_data(*permutation), int64_data(*result.inverse),
                                     count, native);
  }
  if (!want_first_indices) result.first_indices.reset();
  return result;
}

}  // namespace garray
