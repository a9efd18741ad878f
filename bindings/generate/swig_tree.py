"""Reads the XML parse tree that `swig -xml` writes for bindings/garray.i into a model of garray's
C API: constants, enumerations, opaque handles, structs and functions, header by header, in the
order the headers declare them.

Only declarations of the headers under include/garray/ are read; everything SWIG itself adds
(stdint.i, its runtime) is skipped. Whatever the model cannot represent stops the generator with a
message instead of being left out, so no binding silently lacks part of the header.
"""

import ast
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field, replace
from pathlib import Path

# The C types the headers may use by name, with (size, alignment) in bytes on the LP64 Linux
# targets garray supports (x86-64 and AArch64 agree on all of them).
PRIMITIVES = {
    "void": (0, 1),
    "char": (1, 1), "signed char": (1, 1), "unsigned char": (1, 1),
    "short": (2, 2), "unsigned short": (2, 2),
    "int": (4, 4), "unsigned int": (4, 4),
    "long": (8, 8), "unsigned long": (8, 8),
    "long long": (8, 8), "unsigned long long": (8, 8),
    "float": (4, 4), "double": (8, 8),
    "size_t": (8, 8),
    "int8_t": (1, 1), "int16_t": (2, 2), "int32_t": (4, 4), "int64_t": (8, 8),
    "uint8_t": (1, 1), "uint16_t": (2, 2), "uint32_t": (4, 4), "uint64_t": (8, 8),
}
POINTER_SIZE = 8
# An enumeration is an int-sized type here: every value fits in an int (checked while reading).
ENUM_SIZE = 4


class TreeError(Exception):
    """The parse tree holds something the generator cannot represent faithfully."""


@dataclass(frozen=True)
class CType:
    """A C type. kind is one of: primitive, enum, struct, handle, pointer, array, function."""
    kind: str
    name: str = ""            # the primitive's spelling, or the typedef name of an enum/struct/handle
    target: "CType" = None    # what a pointer points to, an array's element, a function's result
    const: bool = False       # the object itself is const-qualified
    length: int = None        # an array's length; None for `[]`
    parameters: tuple = ()    # a function type's parameter types

    def is_char(self):
        return self.kind == "primitive" and self.name == "char"

    def is_void(self):
        return self.kind == "primitive" and self.name == "void"

    def is_function_pointer(self):
        return self.kind == "pointer" and self.target.kind == "function"


@dataclass
class Constant:
    name: str
    type: CType
    value: object  # int, or str for a string constant


@dataclass
class Enum:
    name: str      # the typedef name, e.g. ga_status_t
    items: list    # [(name, int value)] in declaration order


@dataclass
class Handle:
    name: str      # the typedef name, e.g. ga_array_t
    tag: str       # the incomplete struct it points to, e.g. ga_array_s


@dataclass
class Field:
    name: str
    type: CType
    offset: int = 0


@dataclass
class Struct:
    name: str      # the typedef name, e.g. ga_scalar_t
    tag: str       # the struct tag, e.g. ga_scalar
    fields: list = field(default_factory=list)
    size: int = 0
    alignment: int = 1


@dataclass
class Parameter:
    name: str
    type: CType


@dataclass
class Function:
    name: str
    result: CType
    parameters: list


@dataclass
class Header:
    path: str          # as SWIG names it, e.g. include/garray/base.h
    declarations: list  # Constant, Enum, Handle, Struct and Function objects in header order


@dataclass
class Api:
    headers: list

    def declarations(self, kind):
        return [d for header in self.headers for d in header.declarations if isinstance(d, kind)]


def attributes(node):
    attribute_list = node.find("attributelist")
    if attribute_list is None:
        return {}
    return {a.get("name"): a.get("value") for a in attribute_list.findall("attribute")}


def split_top_level(text, separator):
    """Splits at separators outside parentheses."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
        elif character == separator and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


class Reader:
    """Builds the model of one parse tree; keeps the names declared so far to resolve types."""

    def __init__(self):
        self.enums = {}          # typedef name and `enum tag` -> Enum
        self.structs = {}        # typedef name and `struct tag` -> Struct
        self.handles = {}        # typedef name -> Handle
        self.values = {}         # enumerator and constant names -> int, for expressions

    # --- types -------------------------------------------------------------------------------

    def parse_type(self, text):
        """A SWIG type string (`p.q(const).char`, `a(256).char`, `p.f(p.void).void`) as a CType."""
        return self._resolve(split_top_level(text, "."))

    def _resolve(self, parts):
        head, rest = parts[0], parts[1:]
        if not rest:
            return self._named(head.strip())
        if head == "p":
            return CType("pointer", target=self._resolve(rest))
        if head.startswith("q("):
            return replace(self._resolve(rest), const="const" in head[2:-1].split())
        if head.startswith("a("):
            length = head[2:-1].strip()
            return CType("array", target=self._resolve(rest),
                         length=self.evaluate(length) if length else None)
        if head.startswith("f("):
            parameters = [p for p in split_top_level(head[2:-1], ",") if p.strip() != "void"]
            return CType("function", target=self._resolve(rest),
                         parameters=tuple(self.parse_type(p) for p in parameters))
        raise TreeError(f"unsupported type element '{head}' in '{'.'.join(parts)}'")

    def _named(self, name):
        if name in PRIMITIVES:
            return CType("primitive", name)
        if name in self.enums:
            return CType("enum", self.enums[name].name)
        if name in self.structs:
            return CType("struct", self.structs[name].name)
        if name in self.handles:
            return CType("handle", name)
        raise TreeError(f"unknown type '{name}': declare it in a header before its first use, "
                        "or teach bindings/generate/swig_tree.py about it")

    def is_type_name(self, text):
        text = " ".join(text.split())
        return text in PRIMITIVES or text in self.enums or text in self.structs

    # --- values ------------------------------------------------------------------------------

    def evaluate(self, expression):
        """The value of a C integer constant expression as SWIG keeps it: literals with suffixes,
        casts to integer types, earlier enumerators and constants, + - * << >> | &."""
        def drop_cast(match):
            return " " if self.is_type_name(match.group(1)) else match.group(0)
        text = re.sub(r"\(\s*([A-Za-z_][A-Za-z0-9_ ]*?)\s*\)", drop_cast, expression)
        text = re.sub(r"\b(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]+\b", r"\1", text)
        try:
            tree = ast.parse(text.strip(), mode="eval")
            return self._evaluate_node(tree.body)
        except (SyntaxError, TreeError) as error:
            raise TreeError(f"cannot evaluate the C expression '{expression}': {error}") from None

    _operators = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
                  ast.Mult: lambda a, b: a * b, ast.LShift: lambda a, b: a << b,
                  ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b,
                  ast.BitAnd: lambda a, b: a & b}

    def _evaluate_node(self, node):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id in self.values:
            return self.values[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = self._evaluate_node(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and type(node.op) in self._operators:
            return self._operators[type(node.op)](self._evaluate_node(node.left),
                                                  self._evaluate_node(node.right))
        raise TreeError(f"unsupported element '{ast.dump(node)}'")

    # --- layout ------------------------------------------------------------------------------

    def size_and_alignment(self, ctype):
        if ctype.kind == "primitive":
            return PRIMITIVES[ctype.name]
        if ctype.kind == "enum":
            return ENUM_SIZE, ENUM_SIZE
        if ctype.kind in ("pointer", "handle"):
            return POINTER_SIZE, POINTER_SIZE
        if ctype.kind == "struct":
            struct = self.structs[ctype.name]
            return struct.size, struct.alignment
        if ctype.kind == "array" and ctype.length is not None:
            size, alignment = self.size_and_alignment(ctype.target)
            return size * ctype.length, alignment
        raise TreeError(f"a struct field cannot have the type {ctype}")

    def lay_out(self, struct):
        offset, alignment = 0, 1
        for member in struct.fields:
            size, member_alignment = self.size_and_alignment(member.type)
            offset = -(-offset // member_alignment) * member_alignment
            member.offset = offset
            offset += size
            alignment = max(alignment, member_alignment)
        struct.size = -(-offset // alignment) * alignment
        struct.alignment = alignment

    # --- declarations ------------------------------------------------------------------------

    def read_header(self, include):
        path = attributes(include)["name"]
        declarations = []
        for node in include:
            if node.tag == "attributelist":
                continue
            declaration = self.read_declaration(node, path)
            if declaration is not None:
                declarations.append(declaration)
        return Header(path, declarations)

    def read_declaration(self, node, path):
        info = attributes(node)
        where = f"{path}: {node.tag} '{info.get('sym_name') or info.get('name')}'"
        if node.tag == "constant":
            return self.read_constant(info, where)
        if node.tag == "enum":
            return self.read_enum(node, info, where)
        if node.tag == "class" and info.get("kind") == "struct":
            return self.read_struct(node, info, where)
        if node.tag == "cdecl" and info.get("kind") == "function":
            return self.read_function(node, info)
        if node.tag == "cdecl" and info.get("kind") == "typedef":
            return self.read_typedef(info, where)
        raise TreeError(f"{where}: a declaration the generator does not handle")

    def read_constant(self, info, where):
        name = info.get("sym_name") or info["name"]
        ctype = self.parse_type(info["type"])
        if ctype.kind == "pointer" and ctype.target.is_char():
            return Constant(name, ctype, info["value"])
        if ctype.kind not in ("primitive", "enum") or ctype.name in ("float", "double", "void"):
            raise TreeError(f"{where}: constants of type {info['type']} are not supported")
        value = self.evaluate(info["value"])
        self.values[name] = value
        return Constant(name, ctype, value)

    def read_enum(self, node, info, where):
        enum = Enum(info["sym_name"], [])
        for item in node.iter("enumitem"):
            item_info = attributes(item)
            if "enumvalue" not in item_info:
                raise TreeError(f"{where}: enumerator {item_info['name']} has no explicit value; "
                                "every enumerator in the headers must have one")
            value = self.evaluate(item_info["enumvalue"])
            if not -2**31 <= value < 2**31:
                raise TreeError(f"{where}: {item_info['name']} = {value} does not fit in an int")
            self.values[item_info["name"]] = value
            enum.items.append((item_info["name"], value))
        self.enums[enum.name] = enum
        self.enums[f"enum {info['name']}"] = enum
        return enum

    def read_struct(self, node, info, where):
        struct = Struct(info["sym_name"], info["name"])
        # Registered before its fields are read: a field may point to the struct itself.
        self.structs[struct.name] = struct
        self.structs[f"struct {struct.tag}"] = struct
        for member in node.findall("cdecl"):
            member_info = attributes(member)
            if member_info.get("kind") != "variable":
                raise TreeError(f"{where}: member {member_info.get('name')} is not a plain field")
            ctype = self.parse_type(member_info.get("decl", "") + member_info["type"])
            struct.fields.append(Field(member_info["name"], ctype))
        self.lay_out(struct)
        return struct

    def read_typedef(self, info, where):
        # `typedef enum e {...} e_t;` and `typedef struct s {...} s_t;` come as the enum or class
        # node followed by this typedef, which adds nothing.
        target = info["type"]
        if info.get("decl", "") == "" and (target in self.enums or target in self.structs):
            return None
        if info.get("decl") == "p." and target.startswith("struct "):
            tag = target[len("struct "):]
            if f"struct {tag}" in self.structs:
                raise TreeError(f"{where}: a pointer typedef to a complete struct is not a handle")
            handle = Handle(info["name"], tag)
            self.handles[handle.name] = handle
            return handle
        raise TreeError(f"{where}: only typedefs of enums, structs and opaque handles are handled")

    def read_function(self, node, info):
        parameters = []
        parameter_list = node.find("attributelist/parmlist")
        for index, parameter in enumerate(parameter_list.findall("parm") if parameter_list is not None else []):
            parameter_info = attributes(parameter)
            if parameter_info["type"] == "void":
                continue
            parameters.append(Parameter(parameter_info.get("name") or f"argument{index}",
                                        self.parse_type(parameter_info["type"])))
        # The decl is `f(<parameter types>).<rest>`: the result type is <rest> applied to the type.
        rest = split_top_level(info["decl"], ".")[1:]
        return Function(info["sym_name"], self.parse_type(".".join(rest) + info["type"]), parameters)


def check_every_macro_is_a_constant(api, source_root):
    """SWIG makes a constant of a `#define` only when it can parse the value, and drops the rest
    without a word. A GA_ macro of a header that is not in the tree stops the generator."""
    constants = {c.name for c in api.declarations(Constant)}
    missing = []
    for header in api.headers:
        text = (source_root / header.path).read_text()
        for name in re.findall(r"^[ \t]*#[ \t]*define[ \t]+(GA_[A-Za-z0-9_]+)(?![A-Za-z0-9_(])", text, re.M):
            if name != "GA_API" and name not in constants:
                missing.append(f"{header.path}: {name}")
    if missing:
        raise TreeError("macros SWIG made no constant of (an unparsable value: a cast, a macro "
                        "SWIG does not know; see the SWIGXML block of bindings/garray.i):\n  "
                        + "\n  ".join(missing))


def read_api(xml_path, source_root):
    """The model of the public headers in the parse tree at xml_path. source_root is where SWIG
    ran, against which the tree's header paths are relative."""
    root = ElementTree.parse(xml_path).getroot()
    source_root = Path(source_root)
    reader = Reader()
    headers = []
    includes = list(root.iter("include"))
    for include in includes:
        if re.search(r"(^|/)include/garray/[^/]+\.h$", attributes(include).get("name", "")):
            headers.append(reader.read_header(include))
    # The %constant declarations the SWIGXML block of garray.i adds after the headers belong with
    # the header that defines their macro.
    for include in includes:
        path = attributes(include).get("name", "")
        if not path.endswith("garray.i"):
            continue
        for node in include.findall("constant"):
            constant = reader.read_declaration(node, path)
            header = next((h for h in headers if re.search(
                rf"#[ \t]*define[ \t]+{constant.name}\b", (source_root / h.path).read_text())), None)
            if header is None:
                raise TreeError(f"{path}: no header defines the macro of constant {constant.name}")
            header.declarations.append(constant)
    if not headers:
        raise TreeError(f"{xml_path}: no header of include/garray/ in the tree")
    api = Api(headers)
    check_every_macro_is_a_constant(api, source_root)
    return api
