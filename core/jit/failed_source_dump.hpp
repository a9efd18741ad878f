// GA_DUMP_FAILED_SOURCE: keeps the source of a kernel that failed to compile, with its log, so that
// a generated kernel can be read and recompiled outside the library.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace garray::jit {

// Unless GA_DUMP_FAILED_SOURCE is unset, empty or "0", writes `source` followed by the options and
// the log (as // comments, so the file still compiles with the line numbers of the log) to a file
// in the directory it names, or in the system's temporary directory for "1". Returns a phrase for
// the error message naming the file or saying why it could not be written; "" when not asked.
// Never throws: a failed dump must not hide the compile error.
std::string dump_failed_source(std::string_view source, std::span<const std::string> options,
                               std::string_view log) noexcept;

}  // namespace garray::jit
