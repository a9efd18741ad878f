#include "core/linalg/einsum.hpp"

#include "core/array/axes.hpp"
#include "core/array/layout.hpp"
#include "core/array/promotion.hpp"
#include "core/common/error.hpp"
#include "core/linalg/einsum_parse.hpp"
#include "core/linalg/matmul.hpp"
#include "core/linalg/product_output.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/destination.hpp"
#include "core/ops/device_check.hpp"
#include "core/ops/reductions/reductions.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace garray {

namespace {

// An operand or intermediate with one distinct label per dimension.
struct Labelled {
  Array array;
  std::vector<int> labels;
  bool fresh = false;  // a temporary of the einsum's own, not a view of an operand
};

std::string label_name(int label) {
  if (label < kEllipsisLabel) return "'" + std::string(1, static_cast<char>(label)) + "'";
  return "broadcast dimension -" + std::to_string(label - kEllipsisLabel + 1);
}

bool contains(const std::vector<int>& labels, int label) {
  return std::find(labels.begin(), labels.end(), label) != labels.end();
}

int position(const std::vector<int>& labels, int label) {
  return static_cast<int>(std::find(labels.begin(), labels.end(), label) - labels.begin());
}

// The operand with each repeated label's dimensions merged into their diagonal (strides add).
Labelled take_diagonals(const Array& operand, const std::vector<int>& labels, std::size_t index) {
  Labelled result{operand, {}, false};
  Dims shape;
  Dims strides;
  for (int d = 0; d < operand.ndim(); ++d) {
    const int label = labels[d];
    if (!contains(result.labels, label)) {
      result.labels.push_back(label);
      shape.push_back(operand.shape()[d]);
      strides.push_back(operand.strides()[d]);
      continue;
    }
    const int u = position(result.labels, label);
    GA_REQUIRE(shape[u] == operand.shape()[d], GA_ERROR_SHAPE_MISMATCH,
               "einsum: dimensions in operand " + std::to_string(index) + " for collapsing index " +
                   label_name(label) + " don't match (" + std::to_string(shape[u]) +
                   " != " + std::to_string(operand.shape()[d]) + ")");
    strides[u] += operand.strides()[d];
  }
  result.array = operand.view(shape, strides, operand.byte_offset());
  return result;
}

// Each label's extent across the operands: equal, or 1 where it broadcasts.
std::map<int, std::int64_t> label_extents(const std::vector<Labelled>& operands) {
  std::map<int, std::int64_t> extents;
  for (const Labelled& operand : operands) {
    for (int d = 0; d < operand.array.ndim(); ++d) {
      const std::int64_t extent = operand.array.shape()[d];
      auto [entry, added] = extents.emplace(operand.labels[d], extent);
      if (added || extent == 1 || entry->second == extent) continue;
      GA_REQUIRE(entry->second == 1, GA_ERROR_SHAPE_MISMATCH,
                 "einsum: operands could not be broadcast together: " + label_name(operand.labels[d]) +
                     " has extents " + std::to_string(entry->second) + " and " + std::to_string(extent));
      entry->second = extent;
    }
  }
  return extents;
}

// The operand with every dimension of extent 1 stretched (stride 0) to its label's extent.
Array broadcast_labels(const Labelled& operand, const std::map<int, std::int64_t>& extents) {
  Dims shape = operand.array.shape();
  Dims strides = operand.array.strides();
  for (int d = 0; d < shape.size(); ++d) {
    const std::int64_t extent = extents.at(operand.labels[d]);
    if (shape[d] == extent) continue;
    shape[d] = extent;
    strides[d] = 0;
  }
  return operand.array.view(shape, strides, operand.array.byte_offset());
}

// The operand summed over the labels nothing else names (`elsewhere` counts their other uses).
Labelled sum_lone_labels(Labelled operand, const std::vector<int>& elsewhere, ga_dtype_t dtype,
                         const StreamRef& stream) {
  ReduceRequest request;
  request.axes.emplace();
  request.dtype = dtype;
  std::vector<int> kept;
  for (int d = 0; d < operand.array.ndim(); ++d) {
    if (contains(elsewhere, operand.labels[d])) {
      kept.push_back(operand.labels[d]);
    } else {
      request.axes->push_back(d);
    }
  }
  if (request.axes->empty()) return operand;
  return {reduce(Reduction::sum, operand.array, request, std::nullopt, stream), kept, true};
}

// left · right summed over the labels they share that `later` does not name, as one batched
// matmul: left as (batch..., M, K), right as (batch..., K, N); the result's labels are the batch
// ones, then left's free ones, then right's.
Labelled contract_pair(const Labelled& left, const Labelled& right, const std::vector<int>& later, ga_dtype_t dtype,
                       const StreamRef& stream) {
  std::vector<int> batch;
  std::vector<int> contracted;
  std::vector<int> left_free;
  std::vector<int> right_free;
  for (int label : left.labels) {
    if (!contains(right.labels, label)) {
      left_free.push_back(label);
    } else if (contains(later, label)) {
      batch.push_back(label);
    } else {
      contracted.push_back(label);
    }
  }
  for (int label : right.labels) {
    if (!contains(left.labels, label)) right_free.push_back(label);
  }
  const auto extent_of = [&](const Labelled& operand, int label) {
    return operand.array.shape()[position(operand.labels, label)];
  };
  const auto product_of = [&](const Labelled& operand, const std::vector<int>& labels) {
    std::int64_t product = 1;
    for (int label : labels) product *= extent_of(operand, label);
    return product;
  };
  const auto arranged = [&](const Labelled& operand, const std::vector<int>& first, const std::vector<int>& second,
                            std::int64_t rows, std::int64_t cols) {
    std::vector<int> order;
    Dims shape;
    for (int label : batch) {
      order.push_back(position(operand.labels, label));
      shape.push_back(extent_of(operand, label));
    }
    for (int label : first) order.push_back(position(operand.labels, label));
    for (int label : second) order.push_back(position(operand.labels, label));
    shape.push_back(rows);
    shape.push_back(cols);
    return reshaped(transpose(operand.array, order), shape, stream);
  };
  const std::int64_t m = product_of(left, left_free);
  const std::int64_t k = product_of(left, contracted);
  const std::int64_t n = product_of(right, right_free);
  const Array left_matrix = arranged(left, left_free, contracted, m, k);
  const Array right_matrix = arranged(right, contracted, right_free, k, n);
  Labelled result{Array(left_matrix), batch, true};
  Dims shape;
  for (int label : batch) shape.push_back(extent_of(left, label));
  for (int label : left_free) {
    result.labels.push_back(label);
    shape.push_back(extent_of(left, label));
  }
  for (int label : right_free) {
    result.labels.push_back(label);
    shape.push_back(extent_of(right, label));
  }
  result.array = Array::empty(shape, dtype, GA_ORDER_C, stream);
  const MatmulShape matrices = matmul_shape(left_matrix.shape(), right_matrix.shape(), "einsum");
  matmul_into(left_matrix, right_matrix, matrices, false, compact_view(result.array, matrices.result), stream);
  return result;
}

}  // namespace

Array einsum(std::string_view subscripts, std::span<const Array> operands, const std::optional<Array>& out,
             const StreamRef& stream) {
  GA_REQUIRE_ARGUMENT(!operands.empty(), "einsum: at least one operand is required");
  std::vector<int> ndims;
  ga_dtype_t dtype = operands[0].dtype();
  for (std::size_t i = 0; i < operands.size(); ++i) {
    require_on_stream_device(operands[i], stream, ("operands[" + std::to_string(i) + "]").c_str());
    ndims.push_back(operands[i].ndim());
    dtype = promote_types(dtype, operands[i].dtype());
  }
  const EinsumLabels labels = parse_einsum(subscripts, ndims);
  std::vector<Labelled> terms;
  for (std::size_t i = 0; i < operands.size(); ++i) terms.push_back(take_diagonals(operands[i], labels.inputs[i], i));
  const std::map<int, std::int64_t> extents = label_extents(terms);
  Dims shape;
  for (int label : labels.output) shape.push_back(extents.at(label));
  require_destination(out, {shape, dtype}, stream);  // before any work
  for (Labelled& term : terms) term.array = broadcast_labels(term, extents);
  for (std::size_t i = 0; i < terms.size(); ++i) {
    std::vector<int> elsewhere = labels.output;
    for (std::size_t j = 0; j < terms.size(); ++j) {
      if (j != i) elsewhere.insert(elsewhere.end(), terms[j].labels.begin(), terms[j].labels.end());
    }
    terms[i] = sum_lone_labels(terms[i], elsewhere, dtype, stream);
  }
  Labelled current = terms[0];
  for (std::size_t i = 1; i < terms.size(); ++i) {
    std::vector<int> later = labels.output;
    for (std::size_t j = i + 1; j < terms.size(); ++j) {
      later.insert(later.end(), terms[j].labels.begin(), terms[j].labels.end());
    }
    current = contract_pair(current, terms[i], later, dtype, stream);
  }
  std::vector<int> order;
  for (int label : labels.output) order.push_back(position(current.labels, label));
  const Array result = transpose(current.array, order);
  const bool ready = current.fresh && result.dtype() == dtype && result.is_c_contiguous();
  if (!out && ready) return result;
  return write_product(
      shape, dtype, out, operands, [&](const Array& product) { copy_into(result, product, stream); }, stream);
}

}  // namespace garray
