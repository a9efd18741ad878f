# Checks what the shared library exports against what the public headers declare:
#  - its SONAME is libgarray.so.<GA_ABI_VERSION of base.h>;
#  - the dynamic symbols it defines are exactly the functions declared with GA_API in
#    include/garray/*.h, and every one of them starts with ga_.
# A declared but undefined function, or an exported internal, fails with the names listed.
#
# usage: cmake -DLIBRARY=<libgarray.so> -DHEADER_DIR=<include/garray> -DNM=<nm> -DREADELF=<readelf>
#              -P check_exported_symbols.cmake
cmake_minimum_required(VERSION 3.25)

set(problems "")

file(READ "${HEADER_DIR}/base.h" base_header)
string(REGEX MATCH "#define GA_ABI_VERSION ([0-9]+)" _ "${base_header}")
set(expected_soname "libgarray.so.${CMAKE_MATCH_1}")
execute_process(COMMAND "${READELF}" --dynamic "${LIBRARY}"
                OUTPUT_VARIABLE dynamic_section COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCH "Library soname: \\[([^]]*)\\]" _ "${dynamic_section}")
if(NOT CMAKE_MATCH_1 STREQUAL expected_soname)
  string(APPEND problems "SONAME is '${CMAKE_MATCH_1}', expected '${expected_soname}'\n")
endif()

# Every declaration starts a line with GA_API and ends at its semicolon; the function's name is the
# identifier before the first parenthesis. (The `#define GA_API` lines start with '#'.)
set(declared "")
file(GLOB headers "${HEADER_DIR}/*.h")
foreach(header IN LISTS headers)
  file(READ "${header}" text)
  string(REGEX MATCHALL "\nGA_API[ \t][^;]*" declarations "\n${text}")
  foreach(declaration IN LISTS declarations)
    string(REGEX MATCH "([A-Za-z_][A-Za-z0-9_]*)[ \t\n]*\\(" _ "${declaration}")
    list(APPEND declared "${CMAKE_MATCH_1}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES declared)

execute_process(COMMAND "${NM}" --dynamic --defined-only "${LIBRARY}"
                OUTPUT_VARIABLE nm_output COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "[^ \n]+\n" exported "${nm_output}")
list(TRANSFORM exported STRIP)

set(declared_not_exported ${declared})
list(REMOVE_ITEM declared_not_exported ${exported})
set(exported_not_declared ${exported})
list(REMOVE_ITEM exported_not_declared ${declared})
set(exported_without_prefix ${exported})
list(FILTER exported_without_prefix EXCLUDE REGEX "^ga_")

foreach(kind IN ITEMS declared_not_exported exported_not_declared exported_without_prefix)
  if(${kind})
    list(SORT ${kind})
    list(JOIN ${kind} "\n  " names)
    string(APPEND problems "${kind}:\n  ${names}\n")
  endif()
endforeach()

list(LENGTH declared declared_count)
list(LENGTH exported exported_count)
if(declared_count EQUAL 0)
  string(APPEND problems "no GA_API declaration found in ${HEADER_DIR}\n")
endif()
if(problems)
  message("${LIBRARY}:\n${problems}")
  message(FATAL_ERROR "the shared library does not match its public headers")
endif()
message(STATUS "${expected_soname} exports the ${exported_count} functions the headers declare")
