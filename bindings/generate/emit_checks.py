"""Emits the two checks that hold the generator's model of the C ABI to the compilers:

  - abi_check.c, compiled with the library: static assertions that every struct's size and field
    offsets, every enum's size, and every integer constant and enumerator are what the generator
    computed and wrote into the Rust, Julia and Fortran declarations (the Rust crate asserts the
    same layouts at compile time, LibGarray.jl when it loads);
  - struct_sizes.f90, for the Fortran test program: the size of every derived type of garray_c as
    gfortran lays it out, against the same numbers.
"""

from swig_tree import Constant, Enum, Struct


def emit_c(api, banner):
    out = ["/*", *(f" * {line}".rstrip() for line in banner), " */",
           "#include <garray/garray.h>", "", "#include <stddef.h>", ""]
    for header in api.headers:
        out.append(f"/* {header.path} */")
        for declaration in header.declarations:
            if isinstance(declaration, Struct):
                name = declaration.name
                out.append(f'_Static_assert(sizeof({name}) == {declaration.size}, "size of {name}");')
                out += [f'_Static_assert(offsetof({name}, {f.name}) == {f.offset}, "offset of {name}.{f.name}");'
                        for f in declaration.fields]
            elif isinstance(declaration, Enum):
                out.append(f'_Static_assert(sizeof({declaration.name}) == 4, "size of {declaration.name}");')
                out += [f'_Static_assert({name} == {value}, "value of {name}");'
                        for name, value in declaration.items]
            elif isinstance(declaration, Constant) and not isinstance(declaration.value, str):
                # Compared in the constant's own type: (ga_dtype_t)-1 is an unsigned enum.
                value = f"({declaration.type.name})({declaration.value})"
                out.append(f'_Static_assert({declaration.name} == {value}, "value of {declaration.name}");')
    return "\n".join(out) + "\n"


def emit_fortran_sizes(api, banner):
    structs = api.declarations(Struct)
    out = [f"! {line}".rstrip() for line in banner]
    out += [
        "",
        "!> The sizes of garray_c's derived types, for the Fortran test program.",
        "module garray_c_struct_sizes",
        "  use, intrinsic :: iso_c_binding, only: c_size_t, c_sizeof",
        "  use garray_c",
        "  implicit none",
        "  private",
        "  public :: struct_size_mismatches",
        "contains",
        "  !> The derived types whose c_sizeof differs from the C struct's size, as `name: got N,",
        "  !> expected M` lines; empty when every size agrees.",
        "  function struct_size_mismatches() result(report)",
        "    character(len=:), allocatable :: report",
        # Numbered, not named after their types: a name may not exceed 63 characters.
        *(f"    type({s.name}) :: instance_{index}" for index, s in enumerate(structs, start=1)),
        '    report = ""',
        *(line for index, s in enumerate(structs, start=1) for line in (
            f'    call compare("{s.name}", &',
            f"        c_sizeof(instance_{index}), {s.size}_c_size_t)")),
        "  contains",
        "    subroutine compare(name, got, expected)",
        "      character(len=*), intent(in) :: name",
        "      integer(c_size_t), intent(in) :: got, expected",
        "      character(len=64) :: line",
        "      if (got == expected) return",
        '      write (line, "(a, i0, a, i0)") ": got ", got, ", expected ", expected',
        "      report = report // name // trim(line) // new_line('a')",
        "    end subroutine compare",
        "  end function struct_size_mismatches",
        "end module garray_c_struct_sizes",
    ]
    return "\n".join(out) + "\n"
