// The caller's list of advanced index items (garray/indexing.h) as core IndexItems.
#pragma once

#include <garray/indexing.h>

#include "capi/caller_list.hpp"
#include "capi/converters.hpp"
#include "capi/handles.hpp"
#include "core/ops/indexing/advanced_index.hpp"

#include <span>
#include <vector>

namespace garray::capi {

// Throws GA_ERROR_INVALID_ARGUMENT for a negative count or NULL items with a positive count, and
// GA_ERROR_INVALID_HANDLE naming `items[i].array` for a released array.
inline std::vector<IndexItem> caller_index_items(const ga_advanced_index_t* items, int count) {
  const std::span<const ga_advanced_index_t> listed = caller_list(items, count, "items");
  std::vector<IndexItem> converted(listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    converted[i].basic = listed[i].basic;
    if (listed[i].array != nullptr) converted[i].array = &deref_entry(listed[i].array, "items", i, ".array");
  }
  return converted;
}

}  // namespace garray::capi
