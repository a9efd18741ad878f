// The DLPack spelling of every garray dtype, written out from the DLPack specification's description
// of each type code: what export must produce and import must accept.
#pragma once

#include <garray/dlpack.h>

#include <cstdint>

struct ExpectedDLPackDType {
  ga_dtype_t dtype;
  uint8_t code;
  uint8_t bits;
};

inline constexpr ExpectedDLPackDType kExpectedDLPackDTypes[] = {
    {GA_BOOL, GA_DLPACK_BOOL, 8},          {GA_INT8, GA_DLPACK_INT, 8},
    {GA_INT16, GA_DLPACK_INT, 16},         {GA_INT32, GA_DLPACK_INT, 32},
    {GA_INT64, GA_DLPACK_INT, 64},         {GA_UINT8, GA_DLPACK_UINT, 8},
    {GA_UINT16, GA_DLPACK_UINT, 16},       {GA_UINT32, GA_DLPACK_UINT, 32},
    {GA_UINT64, GA_DLPACK_UINT, 64},       {GA_FLOAT16, GA_DLPACK_FLOAT, 16},
    {GA_BFLOAT16, GA_DLPACK_BFLOAT, 16},   {GA_FLOAT32, GA_DLPACK_FLOAT, 32},
    {GA_FLOAT64, GA_DLPACK_FLOAT, 64},     {GA_COMPLEX64, GA_DLPACK_COMPLEX, 64},
    {GA_COMPLEX128, GA_DLPACK_COMPLEX, 128},
};
static_assert(sizeof(kExpectedDLPackDTypes) / sizeof(kExpectedDLPackDTypes[0]) == GA_DTYPE_COUNT);
