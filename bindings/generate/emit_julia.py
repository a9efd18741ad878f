"""Emits LibGarray.jl: the C API as `@ccall` wrappers, isbits structs with the C layout (checked
when the module loads), handle types, and every enumerator and constant."""

from swig_tree import Constant, Enum, Function, Handle, Struct

PRIMITIVES = {
    "void": "Cvoid", "char": "Cchar", "signed char": "Int8", "unsigned char": "Cuchar",
    "short": "Cshort", "unsigned short": "Cushort", "int": "Cint", "unsigned int": "Cuint",
    "long": "Clong", "unsigned long": "Culong", "long long": "Clonglong",
    "unsigned long long": "Culonglong", "float": "Cfloat", "double": "Cdouble", "size_t": "Csize_t",
    "int8_t": "Int8", "int16_t": "Int16", "int32_t": "Int32", "int64_t": "Int64",
    "uint8_t": "UInt8", "uint16_t": "UInt16", "uint32_t": "UInt32", "uint64_t": "UInt64",
}
KEYWORDS = {"baremodule", "begin", "break", "catch", "const", "continue", "do", "else", "elseif",
            "end", "export", "false", "finally", "for", "function", "global", "if", "import",
            "let", "local", "macro", "module", "quote", "return", "struct", "true", "try", "using",
            "while", "abstract", "mutable", "primitive", "type", "where", "in", "isa", "outer"}


def identifier(name):
    return f"{name}_" if name in KEYWORDS else name


def julia_type(ctype, in_call=False):
    """in_call: a parameter or result of @ccall, where `const char *` is a Cstring (converted from
    and to Julia strings, and checked for embedded NULs); a `char *` is a buffer the C side writes."""
    if ctype.kind == "primitive":
        return PRIMITIVES[ctype.name]
    if ctype.kind in ("enum", "struct", "handle"):
        return ctype.name
    if ctype.is_function_pointer():
        return "Ptr{Cvoid}"
    if ctype.kind == "pointer" and in_call and ctype.target.is_char() and ctype.target.const:
        return "Cstring"
    if ctype.kind == "pointer" or (ctype.kind == "array" and in_call):
        return f"Ptr{{{julia_type(ctype.target)}}}"
    if ctype.kind == "array":
        return f"NTuple{{{ctype.length}, {julia_type(ctype.target)}}}"
    raise ValueError(f"no Julia type for {ctype}")


def constant_lines(constant):
    if isinstance(constant.value, str):
        return [f'const {constant.name} = "{constant.value}"']
    return [f"const {constant.name} = {julia_type(constant.type)}({constant.value})"]


def enum_lines(enum):
    lines = [f"const {enum.name} = Cint"]
    return lines + [f"const {name} = {enum.name}({value})" for name, value in enum.items]


def handle_lines(handle):
    return [f"mutable struct {handle.tag} end", f"const {handle.name} = Ptr{{{handle.tag}}}"]


def struct_lines(struct):
    lines = [f"struct {struct.name}"]
    lines += [f"    {identifier(f.name)}::{julia_type(f.type)}" for f in struct.fields]
    lines.append("end")
    return lines


def layout_checks(struct):
    checks = [f"sizeof({struct.name}) == {struct.size}"]
    checks += [f"fieldoffset({struct.name}, {index}) == {f.offset}"
               for index, f in enumerate(struct.fields, start=1)]
    return [f"@assert {check}" for check in checks]


def function_lines(function):
    names = [identifier(p.name) for p in function.parameters]
    arguments = ", ".join(f"{name}::{julia_type(p.type, in_call=True)}"
                          for name, p in zip(names, function.parameters))
    result = julia_type(function.result, in_call=True)
    return [f"{function.name}({', '.join(names)}) =",
            f"    @ccall libgarray.{function.name}({arguments})::{result}"]


def emit(api, banner):
    out = [f"# {line}".rstrip() for line in banner]
    out += [
        "",
        '"""',
        "Raw declarations of garray's C API, one for one with include/garray/*.h, where each function,",
        "struct and constant is documented. Every function returns a `ga_status_t`; the Garray module",
        "builds the Julia API on them.",
        "",
        "The library is the `libgarray` preference of the Garray package (`Garray.set_library!`), else",
        "`\\$GARRAY_LIBRARY` as it was when the package was precompiled, else `libgarray` on the",
        "system's library path.",
        '"""',
        "module LibGarray",
        "",
        "using Preferences: @load_preference",
        "",
        'const libgarray = @load_preference("libgarray", get(ENV, "GARRAY_LIBRARY", "libgarray"))',
    ]
    checks = []
    for header in api.headers:
        out += ["", f"# {header.path}"]
        previous = None
        for declaration in header.declarations:
            # Consecutive constants stay together; everything else is set apart.
            if not (isinstance(declaration, Constant) and isinstance(previous, Constant)):
                out.append("")
            previous = declaration
            if isinstance(declaration, Constant):
                out += constant_lines(declaration)
            elif isinstance(declaration, Enum):
                out += enum_lines(declaration)
            elif isinstance(declaration, Handle):
                out += handle_lines(declaration)
            elif isinstance(declaration, Struct):
                out += struct_lines(declaration)
                checks += layout_checks(declaration)
            elif isinstance(declaration, Function):
                out += function_lines(declaration)
    out += ["", "# The struct layouts the C compiler gives (bindings/generate/abi_check.c checks the same).",
            *checks, "", "end # module LibGarray"]
    return "\n".join(out) + "\n"
