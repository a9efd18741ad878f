"""Emits garray_c.f90, the Fortran module garray_c: the C API as `bind(C)` interfaces, the structs
as interoperable derived types, enumerators as `enum, bind(c)`, constants as parameters, and two
helpers that convert strings between C and Fortran.

How C parameters become Fortran dummy arguments:
  - numbers, enums, structs, handles (`type(c_ptr)`), `void *` (`type(c_ptr)`) and function
    pointers (`type(c_funptr)`) are passed by value;
  - a `const` pointer, and an array parameter, is an assumed-size array `x(*)` (shapes, strides,
    axes, lists of handles or of structs), `intent(in)` when const; a `char` pointer is a
    `character(kind=c_char)` array, a NUL-terminated string (see ga_c_string);
  - any other pointer is the one object it points to, passed by reference (out-parameters);
  - every dummy passed by reference is `optional`: leaving it out passes NULL, as the C API allows
    where it says so.
"""

from swig_tree import Constant, Enum, Function, Struct

# The iso_c_binding kind of each C type; Fortran has no unsigned integers, so an unsigned type
# uses the signed kind of its size.
INTEGER_KINDS = {
    "signed char": "c_signed_char", "unsigned char": "c_signed_char", "short": "c_short",
    "unsigned short": "c_short", "int": "c_int", "unsigned int": "c_int", "long": "c_long",
    "unsigned long": "c_long", "long long": "c_long_long", "unsigned long long": "c_long_long",
    "size_t": "c_size_t", "int8_t": "c_int8_t", "int16_t": "c_int16_t", "int32_t": "c_int32_t",
    "int64_t": "c_int64_t", "uint8_t": "c_int8_t", "uint16_t": "c_int16_t",
    "uint32_t": "c_int32_t", "uint64_t": "c_int64_t",
}
REAL_KINDS = {"float": "c_float", "double": "c_double"}
LINE_LIMIT = 100  # well under free form's 132 characters


class FortranEmitter:
    def __init__(self):
        self.kinds = set()  # what `use, intrinsic :: iso_c_binding, only:` must import

    def _kind(self, kind, imports):
        self.kinds.add(kind)
        imports.add(kind)
        return kind

    def type(self, ctype, imports):
        """The declaration type of a C object type (not of a pointer parameter)."""
        if ctype.kind == "primitive" and ctype.name in INTEGER_KINDS:
            return f"integer({self._kind(INTEGER_KINDS[ctype.name], imports)})"
        if ctype.kind == "primitive" and ctype.name in REAL_KINDS:
            return f"real({self._kind(REAL_KINDS[ctype.name], imports)})"
        if ctype.is_char():
            return f"character(kind={self._kind('c_char', imports)})"
        if ctype.kind == "enum":
            return f"integer({self._kind('c_int', imports)})"
        if ctype.kind == "struct":
            imports.add(ctype.name)
            return f"type({ctype.name})"
        if ctype.is_function_pointer():
            return f"type({self._kind('c_funptr', imports)})"
        if ctype.kind in ("handle", "pointer"):
            return f"type({self._kind('c_ptr', imports)})"
        raise ValueError(f"no Fortran type for {ctype}")

    def dummy(self, parameter, imports):
        """The declaration of one dummy argument."""
        ctype, name = parameter.type, parameter.name
        if ctype.kind == "array":
            intent = ", intent(in)" if ctype.target.const else ""
            return f"{self.type(ctype.target, imports)}{intent}, optional :: {name}(*)"
        if ctype.kind != "pointer" or ctype.is_function_pointer() or ctype.target.is_void():
            return f"{self.type(ctype, imports)}, value :: {name}"
        target = ctype.target
        if target.const or target.is_char():
            intent = ", intent(in)" if target.const else ""
            return f"{self.type(target, imports)}{intent}, optional :: {name}(*)"
        return f"{self.type(target, imports)}, optional :: {name}"

    def interface(self, function):
        imports = set()
        dummies = [self.dummy(p, imports) for p in function.parameters]
        names = [p.name for p in function.parameters]
        if "return_value" in names:
            raise ValueError(f"{function.name}: a parameter is named return_value")
        if function.result.is_void():
            head, tail = "subroutine", []
        else:
            head = "function"
            tail = [f"{self.type(function.result, imports)} :: return_value"]
        suffix = f'bind(C, name="{function.name}")' + (" result(return_value)" if head == "function" else "")
        lines = wrap(f"{head} {function.name}(", names, ")", indent=4)
        if len(lines[-1]) + 1 + len(suffix) <= LINE_LIMIT:
            lines[-1] += " " + suffix
        else:
            lines[-1] += " &"
            lines.append(" " * 8 + suffix)
        if imports:
            lines += wrap("import :: ", sorted(imports, key=str.lower), "", indent=6)
        lines += [f"      {d}" for d in dummies + tail]
        lines.append(f"    end {head} {function.name}")
        return lines

    def struct(self, struct):
        imports = set()
        lines = [f"  type, bind(c) :: {struct.name}"]
        for member in struct.fields:
            if member.type.kind == "array":
                lines.append(f"    {self.type(member.type.target, imports)} :: {member.name}({member.type.length})")
            else:
                lines.append(f"    {self.type(member.type, imports)} :: {member.name}")
        lines.append(f"  end type {struct.name}")
        return lines

    def constant(self, constant):
        if isinstance(constant.value, str):
            return [f'  character(len=*), parameter :: {constant.name} = "{constant.value}"']
        declaration = self.type(constant.type, set())
        kind = declaration[declaration.index("(") + 1:-1]
        if not -2**63 <= constant.value < 2**63:
            raise ValueError(f"{constant.name} = {constant.value} does not fit in a Fortran integer")
        # A literal is unsigned in Fortran, so the most negative value of a kind (GA_AXIS_NONE) cannot
        # be written as one: it is spelled as the difference that C's limits.h uses.
        value = f"{constant.value}_{kind}" if constant.value >= 0 else f"({constant.value + 1}_{kind} - 1_{kind})"
        return [f"  {declaration}, parameter :: {constant.name} = {value}"]

    def enum(self, enum):
        self.kinds.add("c_int")
        lines = [f"  ! {enum.name}", "  enum, bind(c)"]
        lines += [f"    enumerator :: {name} = {value}" for name, value in enum.items]
        lines.append("  end enum")
        return lines


def wrap(head, items, tail, indent):
    """`head item, item, ...tail` on lines of at most LINE_LIMIT characters, continued with `&`."""
    lines, line = [], " " * indent + head
    for index, item in enumerate(items):
        piece = item + (", " if index < len(items) - 1 else "")
        if len(line) + len(piece) + len(tail) + 2 > LINE_LIMIT and line.strip() != head.strip():
            lines.append(line.rstrip() + " &")
            line = " " * (indent + 4)
        line += piece
    lines.append(line + tail)
    return lines


HELPERS = '''
  !> The Fortran string of a NUL-terminated C string, such as ga_last_error(), ga_version(),
  !> ga_status_string() and ga_dtype_name() return; the empty string for a null pointer.
  function ga_fortran_string(c_string) result(string)
    type(c_ptr), intent(in) :: c_string
    character(len=:), allocatable :: string
    character(kind=c_char), pointer :: characters(:)
    integer(c_size_t) :: length, index
    interface
      function strlen(text) bind(C, name="strlen") result(length)
        import :: c_ptr, c_size_t
        type(c_ptr), value :: text
        integer(c_size_t) :: length
      end function strlen
    end interface
    if (.not. c_associated(c_string)) then
      string = ""
      return
    end if
    length = strlen(c_string)
    call c_f_pointer(c_string, characters, [length])
    allocate(character(len=length) :: string)
    do index = 1, length
      string(index:index) = characters(index)
    end do
  end function ga_fortran_string

  !> A NUL-terminated copy of a Fortran string, for the `const char *` arguments.
  pure function ga_c_string(string) result(c_string)
    character(len=*), intent(in) :: string
    character(kind=c_char, len=:), allocatable :: c_string
    c_string = string // c_null_char
  end function ga_c_string
'''
HELPER_KINDS = {"c_ptr", "c_char", "c_size_t", "c_associated", "c_f_pointer", "c_null_char"}


def check_names(module_names):
    """Fortran names are case-insensitive, and at most 63 characters long."""
    seen = {}
    for name in module_names:
        if len(name) > 63:
            raise ValueError(f"{name} is longer than a Fortran name may be (63 characters)")
        if name.lower() in seen and seen[name.lower()] != name:
            raise ValueError(f"{name} and {seen[name.lower()]} are the same name in Fortran")
        seen[name.lower()] = name


def emit(api, banner):
    emitter = FortranEmitter()
    declarations, interfaces, names = [], [], ["ga_fortran_string", "ga_c_string"]
    for header in api.headers:
        declarations += ["", f"  ! {header.path}"]
        interfaces += ["", f"    ! {header.path}"]
        for declaration in header.declarations:
            names.append(declaration.name)
            if isinstance(declaration, Function):
                interfaces += emitter.interface(declaration)
            elif isinstance(declaration, Constant):
                declarations += emitter.constant(declaration)
            elif isinstance(declaration, Enum):
                declarations += emitter.enum(declaration)
                names += [name for name, _ in declaration.items]
            elif isinstance(declaration, Struct):
                declarations += emitter.struct(declaration)
            # A handle needs no declaration: it is a type(c_ptr).
    check_names(names)
    kinds = sorted(emitter.kinds | HELPER_KINDS)
    out = [f"! {line}".rstrip() for line in banner]
    out += [
        "",
        "!> Raw declarations of garray's C API, one for one with include/garray/*.h, where each",
        "!> function, struct and constant is documented. Handles are type(c_ptr); every function",
        "!> returns a status (GA_OK on success). The module garray builds the Fortran API on them.",
        "module garray_c",
        *wrap("use, intrinsic :: iso_c_binding, only: ", kinds, "", indent=2),
        "  implicit none",
        "  public",
        *declarations,
        "",
        "  interface",
        *interfaces[1:],
        "  end interface",
        "",
        "contains",
        HELPERS.rstrip("\n").lstrip("\n"),
        "end module garray_c",
    ]
    return "\n".join(out) + "\n"
