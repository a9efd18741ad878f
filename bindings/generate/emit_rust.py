"""Emits the garray-sys crate's lib.rs: the C API as `unsafe extern "C"` declarations, `#[repr(C)]`
structs with compile-time checks of their layout, opaque handle types, and every enumerator and
constant as an integer constant."""

from swig_tree import Constant, Enum, Function, Handle, Struct

# C types by name; those spelt c_* come from core::ffi.
PRIMITIVES = {
    "void": "c_void", "char": "c_char", "signed char": "c_schar", "unsigned char": "c_uchar",
    "short": "c_short", "unsigned short": "c_ushort", "int": "c_int", "unsigned int": "c_uint",
    "long": "c_long", "unsigned long": "c_ulong", "long long": "c_longlong",
    "unsigned long long": "c_ulonglong", "float": "f32", "double": "f64", "size_t": "usize",
    "int8_t": "i8", "int16_t": "i16", "int32_t": "i32", "int64_t": "i64",
    "uint8_t": "u8", "uint16_t": "u16", "uint32_t": "u32", "uint64_t": "u64",
}
KEYWORDS = {"as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
            "extern", "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod",
            "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super",
            "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box",
            "do", "final", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield"}


def identifier(name):
    return f"r#{name}" if name in KEYWORDS else name


class RustEmitter:
    def __init__(self):
        self.ffi_names = set()  # what `use core::ffi::{...}` must import

    def type(self, ctype):
        if ctype.kind == "primitive":
            name = PRIMITIVES[ctype.name]
            if name.startswith("c_"):
                self.ffi_names.add(name)
            return name
        if ctype.kind in ("enum", "struct", "handle"):
            return ctype.name
        if ctype.is_function_pointer():
            function = ctype.target
            parameters = ", ".join(self.type(p) for p in function.parameters)
            result = "" if function.target.is_void() else f" -> {self.type(function.target)}"
            return f'Option<unsafe extern "C" fn({parameters}){result}>'
        if ctype.kind == "pointer":
            return f"{'*const' if ctype.target.const else '*mut'} {self.type(ctype.target)}"
        if ctype.kind == "array":
            return f"[{self.type(ctype.target)}; {ctype.length}]"
        raise ValueError(f"no Rust type for {ctype}")

    def parameter_type(self, ctype):
        # An array parameter is a pointer to its first element, as in C.
        if ctype.kind == "array":
            return f"{'*const' if ctype.target.const else '*mut'} {self.type(ctype.target)}"
        return self.type(ctype)

    def constant(self, constant):
        if isinstance(constant.value, str):
            self.ffi_names.add("CStr")
            return [f'pub const {constant.name}: &CStr = c"{constant.value}";']
        return [f"pub const {constant.name}: {self.type(constant.type)} = {constant.value};"]

    def enum(self, enum):
        # C enumerators are ints: the enum type is an alias of c_int and values pass unchanged.
        self.ffi_names.add("c_int")
        lines = [f"pub type {enum.name} = c_int;"]
        return lines + [f"pub const {name}: {enum.name} = {value};" for name, value in enum.items]

    def handle(self, handle):
        # The opaque-type pattern of the Rustonomicon: unconstructible, and neither Send, Sync nor
        # Unpin, since only the library knows what is behind the pointer.
        return [
            "#[repr(C)]",
            f"pub struct {handle.tag} {{",
            "    _opaque: [u8; 0],",
            "    _marker: PhantomData<(*mut u8, PhantomPinned)>,",
            "}",
            f"pub type {handle.name} = *mut {handle.tag};",
        ]

    def struct(self, struct):
        lines = ["#[repr(C)]", "#[derive(Debug, Clone, Copy)]", f"pub struct {struct.name} {{"]
        lines += [f"    pub {identifier(f.name)}: {self.type(f.type)}," for f in struct.fields]
        lines += ["}", f"const _: () = assert!(size_of::<{struct.name}>() == {struct.size});"]
        lines += [f"const _: () = assert!(offset_of!({struct.name}, {identifier(f.name)}) == {f.offset});"
                  for f in struct.fields]
        return lines

    def function(self, function):
        parameters = [f"{identifier(p.name)}: {self.parameter_type(p.type)}" for p in function.parameters]
        result = "" if function.result.is_void() else f" -> {self.type(function.result)}"
        line = f"    pub fn {function.name}({', '.join(parameters)}){result};"
        if len(line) <= 110:  # rustfmt.toml max_width: one line if it fits
            return [line]
        return [f"    pub fn {function.name}(", *(f"        {p}," for p in parameters), f"    ){result};"]


def emit(api, banner):
    emitter = RustEmitter()
    body = []
    for header in api.headers:
        body += ["", f"// {header.path}"]
        functions, previous = [], None
        for declaration in header.declarations:
            if isinstance(declaration, Function):
                functions += emitter.function(declaration)
                continue
            # Consecutive constants stay together; everything else is set apart.
            if not (isinstance(declaration, Constant) and isinstance(previous, Constant)):
                body.append("")
            previous = declaration
            if isinstance(declaration, Constant):
                body += emitter.constant(declaration)
            elif isinstance(declaration, Enum):
                body += emitter.enum(declaration)
            elif isinstance(declaration, Handle):
                body += emitter.handle(declaration)
            elif isinstance(declaration, Struct):
                body += emitter.struct(declaration)
        if functions:
            body += ["", 'unsafe extern "C" {', *functions, "}"]
    # CStr first, then the c_* names: the order rustfmt gives.
    ffi_names = sorted(emitter.ffi_names, key=lambda name: (name != "CStr", name))
    head = [f"// {line}".rstrip() for line in banner] + [
        "",
        "//! Raw declarations of garray's C API, one for one with include/garray/*.h, where each",
        "//! function, struct and constant is documented. The safe API is the `garray` crate.",
        "",
        "#![no_std]",
        "#![allow(non_camel_case_types, non_upper_case_globals)]",
        "",
        f"use core::ffi::{{{', '.join(ffi_names)}}};",
        "use core::marker::{PhantomData, PhantomPinned};",
        "use core::mem::{offset_of, size_of};",
    ]
    return "\n".join(head + body) + "\n"
