/* The C snippet of docs/dlpack.md: a DLPack tensor of another library, from its own dlpack.h (here
 * the stand-in include/dlpack/dlpack.h), imported by a cast to garray's struct. */
// [snippet:includes]
#include <dlpack/dlpack.h>
#include <garray/garray.h>
// [snippet-end]

#include "doc_snippets.h"

ga_status_t doc_dlpack_import(DLManagedTensorVersioned *theirs, ga_array_t *result) {
  // [snippet:import]
  /* theirs: a DLManagedTensorVersioned * from another library */
  ga_array_t array;
  ga_status_t status =
      ga_array_from_dlpack_versioned((ga_dlpack_managed_tensor_versioned_t *)theirs, NULL, NULL, &array);
  // [snippet-end]
  if (status == GA_OK) *result = array;
  return status;
}
