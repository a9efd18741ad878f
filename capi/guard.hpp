// Every C entry point runs its body through guarded(): the one place where C++ exceptions become a
// ga_status_t and a thread-local message, so nothing ever throws across the ABI.
//
//   GA_API ga_status_t ga_noun_verb(ga_noun_t noun, int argument, ga_thing_t* out) {
//     return garray::capi::guarded(__func__, [&] {
//       garray::Noun& n = garray::capi::deref(noun, "noun");   // GA_ERROR_INVALID_HANDLE
//       garray::capi::require_out(out, "out");                 // GA_ERROR_INVALID_ARGUMENT
//       garray::Thing thing = n.verb(argument);                 // one core call; throws Error
//       *out = garray::capi::make_handle<ga_thing_s>(std::move(thing));  // written last
//     });
//   }
//
// Out-parameters are written only after every step that can fail, so a failed call leaves the
// caller's variables untouched.
#pragma once

#include <garray/base.h>

#include "capi/last_error.hpp"
#include "core/common/error.hpp"

#include <exception>
#include <new>
#include <string>

namespace garray::capi {

template <class Body>
ga_status_t guarded(const char* function, Body&& body) noexcept {
  try {
    body();
    clear_last_error();
    return GA_OK;
  } catch (const Error& error) {
    set_last_error(function, error.what());
    return error.status();
  } catch (const std::bad_alloc&) {
    set_last_error(function, "host memory exhausted");
    return GA_ERROR_HOST_OUT_OF_MEMORY;
  } catch (const std::exception& error) {
    set_last_error(function, std::string("internal error: ") + error.what());
    return GA_ERROR_INTERNAL;
  } catch (...) {
    set_last_error(function, "internal error: unknown exception");
    return GA_ERROR_INTERNAL;
  }
}

template <class T>
void require_out(T* out, const char* name) {
  if (out == nullptr) throw Error(GA_ERROR_INVALID_ARGUMENT, std::string("argument '") + name + "' is NULL");
}

}  // namespace garray::capi
