"""Python AST → CUDA C++: one kernel's source for one signature of argument types.

Each expression becomes a typed Value; local variables take the type of their first assignment and
are declared at the top of the kernel (Python scopes are per function, C++'s per block). User names
are prefixed `v_` so that none collides with a C++ keyword or a CUDA name. A `#line` directive
before each statement makes NVRTC's messages name the Python file and line.
"""

import ast
import builtins
import inspect
import linecache
import textwrap
import types

import numpy

from garray.jit import _builtins, _math, _typing
from garray.jit._preamble import PREAMBLE
from garray.jit._typing import BOOL, FLOAT64, INT64, PYOBJECT, ArrayType, Value, c_name, convert


class Source:
    """A Python function's parsed source and where it lives, for messages."""

    def __init__(self, function):
        self.filename = inspect.getsourcefile(function) or "<unknown>"
        first_line, text = _source_block(function, self.filename)
        self.text = text
        self.line_offset = first_line - 1
        self.definition = ast.parse(self.text).body[0]
        if not isinstance(self.definition, ast.FunctionDef):
            raise TypeError(f"{function.__qualname__} is not defined by a def statement")
        self.function = function

    def where(self, node):
        return f"{self.filename}:{getattr(node, 'lineno', 1) + self.line_offset}"

    def segment(self, node):
        return ast.get_source_segment(self.text, node) or type(node).__name__


def _source_block(function, filename):
    """(first line, dedented text) of the def statement (decorators included) of `function`.

    The block is the lines indented deeper than its first line, which is much faster than
    inspect.getsourcelines (whose tokenizer costs milliseconds at a process's first call); a block
    that does not parse that way (a string literal dedented inside it) falls back to inspect."""
    lines = linecache.getlines(filename, function.__globals__)
    first = function.__code__.co_firstlineno
    if lines and first <= len(lines):
        head = lines[first - 1]
        indent = len(head) - len(head.lstrip())
        end, seen_def = first, head.lstrip().startswith("def ")
        while end < len(lines):
            stripped = lines[end].strip()
            if not stripped or stripped.startswith("#") or len(lines[end]) - len(lines[end].lstrip()) > indent:
                end += 1  # a blank or comment line, or one of the block
            elif not seen_def and stripped.startswith(("@", "def ")):
                seen_def = stripped.startswith("def ")  # a further decorator, or the def line
                end += 1
            else:
                break
        # Dedented by the def's indentation; blank lines and shallower comments become empty lines.
        text = "".join(line[indent:] if len(line) - len(line.lstrip()) >= indent else "\n"
                       for line in lines[first - 1:end])
        try:
            ast.parse(text)
            return first, text
        except SyntaxError:
            pass
    try:
        block, first = inspect.getsourcelines(function)
    except (OSError, TypeError) as error:
        raise TypeError(f"the source of {function.__qualname__} is not available to translate") from error
    return first, textwrap.dedent("".join(block))


def parameter_names(source):
    arguments = source.definition.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.defaults or arguments.posonlyargs:
        raise NotImplementedError(f"{source.where(source.definition)}: jit kernels take plain positional "
                                  "parameters only (no defaults, *args, **kwargs or keyword-only ones)")
    return [argument.arg for argument in arguments.args]


_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
           ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}
_COMPARE = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_CASTS = {builtins.int: INT64, builtins.float: FLOAT64, builtins.bool: BOOL}


class Translator:
    """Translates one kernel for the argument types `signature`; `source()` gives the C++."""

    def __init__(self, source, name, signature):
        self.src = source
        self.name = name
        self.globals = dict(source.function.__globals__)
        if source.function.__closure__:
            self.globals.update(zip(source.function.__code__.co_freevars,
                                    (cell.cell_contents for cell in source.function.__closure__)))
        self.variables = {}  # Python name -> type
        self.arrays = {}  # Python name of an array parameter -> ArrayType
        self.declarations = []
        self.lines = []
        self.indent = 1
        self.temporaries = 0
        self.has_dynamic_shared = False
        names = parameter_names(source)
        if len(names) != len(signature):
            raise TypeError(f"{source.where(source.definition)}: {source.function.__qualname__} takes "
                            f"{len(names)} arguments, not {len(signature)}")
        self.parameters = []
        for name_, type_ in zip(names, signature):
            if isinstance(type_, ArrayType):
                self.arrays[name_] = type_
                self.parameters.append(f"{c_name(type_.dtype)}* v_{name_}")
                self.parameters.append(f"long long v_{name_}_size")
                self.parameters += [f"long long v_{name_}_shape{k}" for k in range(type_.ndim)]
                self.parameters += [f"long long v_{name_}_stride{k}" for k in range(type_.ndim)]
            else:
                self.parameters.append(f"{c_name(type_)} v_{name_}")
            self.variables[name_] = type_

    # ----- Messages ------------------------------------------------------------------------------

    def fail(self, node, error_type, message):
        raise error_type(f"{self.src.where(node)}: {message}: `{self.src.segment(node)}`")

    def arity(self, node, args, least, most, name):
        if not least <= len(args) <= most:
            expected = least if least == most else f"{least} to {most}"
            self.fail(node, TypeError, f"{name} takes {expected} arguments, not {len(args)}")

    def unsupported(self, node, what):
        self.fail(node, NotImplementedError, f"{what} is not supported in jit kernels")

    # ----- The kernel ----------------------------------------------------------------------------

    def source(self):
        self.statements(self.src.definition.body)
        body = "\n".join(self.lines)
        declarations = "".join(f"  {line}\n" for line in self.declarations)
        shared = ("  extern __shared__ __align__(16) unsigned char garray_jit_dynamic_shared[];\n"
                  if self.has_dynamic_shared else "")
        return (f"{PREAMBLE}\nextern \"C\" __global__ void {self.name}({', '.join(self.parameters)}) {{\n"
                f"{shared}{declarations}{body}\n}}\n")

    def emit(self, text):
        self.lines.append("  " * self.indent + text)

    def line_directive(self, node):
        filename = self.src.filename.replace("\\", "\\\\").replace('"', '\\"')
        self.lines.append(f'#line {node.lineno + self.src.line_offset} "{filename}"')

    def temporary(self, dtype):
        self.temporaries += 1
        name = f"t_{self.temporaries}"
        self.declarations.append(f"{c_name(dtype)} {name};")
        return name

    def declare_shared(self, node, dtype, size):
        self.temporaries += 1
        name = f"s_{self.temporaries}"
        if size is None:
            self.has_dynamic_shared = True
            self.declarations.append(f"{c_name(dtype)}* {name} = reinterpret_cast<{c_name(dtype)}*>"
                                     "(garray_jit_dynamic_shared);")
        else:
            self.declarations.append(f"__shared__ {c_name(dtype)} {name}[{size}];")
        return Value(name, ArrayType(dtype, 1, True, "shared"))

    # ----- Statements ----------------------------------------------------------------------------

    def statements(self, nodes):
        for node in nodes:
            self.line_directive(node)
            method = getattr(self, f"statement_{type(node).__name__}", None)
            if method is None:
                self.unsupported(node, f"the statement {type(node).__name__}")
            method(node)

    def block(self, nodes):
        self.indent += 1
        self.statements(nodes)
        self.indent -= 1

    def statement_Pass(self, node):
        pass

    def statement_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring
        value = self.expression(node.value)
        if value.type is PYOBJECT:
            self.fail(node, TypeError, "this expression has no value on the device")
        self.emit(f"{value.code};")

    def statement_Return(self, node):
        if node.value is not None:
            self.fail(node, TypeError, "a jit.rawkernel returns nothing (write results into an array)")
        self.emit("return;")

    def statement_Break(self, node):
        self.emit("break;")

    def statement_Continue(self, node):
        self.emit("continue;")

    def statement_Assign(self, node):
        if len(node.targets) != 1:
            self.unsupported(node, "chained assignment (a = b = c)")
        target, value = node.targets[0], self.expression(node.value)
        if isinstance(value, list):  # jit.grid(n) and jit.gridsize(n) for n > 1
            if not isinstance(target, ast.Tuple) or len(target.elts) != len(value):
                self.fail(node, TypeError, f"this call gives {len(value)} values, to unpack into as many names")
            for element, part in zip(target.elts, value):
                self.assign(node, element, part)
            return
        self.assign(node, target, value)

    def statement_AugAssign(self, node):
        operator = _BINARY.get(type(node.op))
        if operator is None:
            self.unsupported(node, f"the operator {type(node.op).__name__}")
        if isinstance(node.target, ast.Name) and node.target.id in self.arrays:
            self.fail(node, TypeError, "an array parameter cannot be assigned to")
        current = self.expression(node.target)
        result = self.binary(node, operator, current, self.expression(node.value))
        self.store(node, node.target, current, result)

    def assign(self, node, target, value):
        if value.type is PYOBJECT or value.type is None:
            self.fail(node, TypeError, "this value cannot be stored in a device variable")
        if isinstance(target, ast.Name):
            name = target.id
            if name in self.arrays:
                self.fail(node, TypeError, f"the array parameter {name} cannot be assigned to")
            if name not in self.variables:
                if isinstance(value.type, ArrayType) and value.type.space != "shared":
                    self.fail(node, TypeError, "array parameters cannot be bound to other names")
                declared = value.type
                spelled = f"{c_name(declared.dtype)}*" if isinstance(declared, ArrayType) else c_name(declared)
                self.declarations.append(f"{spelled} v_{name};")
                self.variables[name] = declared
            self.store(node, target, Value(f"v_{name}", self.variables[name]), value)
        elif isinstance(target, ast.Subscript):
            self.store(node, target, self.expression(target), value)
        elif isinstance(target, ast.Tuple):
            self.unsupported(node, "tuple unpacking")
        else:
            self.unsupported(node, f"assignment to {type(target).__name__}")

    def store(self, node, target, place, value):
        """place = value, refusing what NumPy would not cast 'same_kind' (a float into an int)."""
        if isinstance(place.type, ArrayType):
            if value.type != place.type:
                self.fail(node, TypeError, f"the variable holds {place.type!r}, not {value.type!r}")
            self.emit(f"{place.code} = {value.code};")
            return
        if isinstance(value.type, ArrayType):
            self.fail(node, TypeError, "an array cannot be stored in a scalar")
        if value.weak and isinstance(value.constant, float) and not _typing.is_float(place.type):
            self.fail(node, TypeError, f"the float {value.constant!r} cannot be stored in a {place.type.name} "
                      "place (cast it explicitly)")
        if not value.weak and not numpy.can_cast(value.type, place.type, "same_kind"):
            where = "the variable" if isinstance(target, ast.Name) else "the element"
            self.fail(node, TypeError, f"{where} is {place.type.name}; a {value.type.name} value cannot be "
                      "stored in it (cast it explicitly, or give the variable that type first)")
        self.emit(f"{place.code} = {convert(value, place.type)};")

    def statement_If(self, node):
        self.emit(f"if ({self.condition(node.test)}) {{")
        self.block(node.body)
        if node.orelse:
            self.emit("} else {")
            self.block(node.orelse)
        self.emit("}")

    def statement_While(self, node):
        if node.orelse:
            self.unsupported(node, "while ... else")
        self.emit(f"while ({self.condition(node.test)}) {{")
        self.block(node.body)
        self.emit("}")

    def statement_For(self, node):
        if node.orelse:
            self.unsupported(node, "for ... else")
        if not isinstance(node.target, ast.Name):
            self.unsupported(node, "a for loop target other than one name")
        call = node.iter
        if not (isinstance(call, ast.Call) and self.resolve(call.func) is builtins.range and not call.keywords):
            self.unsupported(node.iter, "iterating over anything but range(...)")
        bounds = [self.expression(argument) for argument in call.args]
        self.arity(call, bounds, 1, 3, "range")
        zero, one = Value("0", INT64, True, 0), Value("1", INT64, True, 1)
        start, stop, step = ([zero] + bounds + [one]) if len(bounds) == 1 else (bounds + [one])[:3]
        dtype = start.type if not start.weak else stop.type
        for value in (start, stop, step):
            if isinstance(value.type, ArrayType) or value.type is PYOBJECT or not _typing.is_integer(value.type):
                self.fail(call, TypeError, "range takes integers")
            dtype = _typing.promote((dtype, False), (value.type, value.weak))
        if not _typing.is_integer(dtype):
            self.fail(call, TypeError, f"range's arguments promote to {dtype.name}, not an integer type")
        if step.constant == 0:
            self.fail(call, ValueError, "range's step must not be zero")
        name = node.target.id
        if name in self.variables:
            if self.variables[name] != dtype:
                self.fail(node, TypeError, f"the loop variable {name} was {self.variables[name]!r} before")
        else:
            self.declarations.append(f"{c_name(dtype)} v_{name};")
            self.variables[name] = dtype
        stop_name, step_name = self.temporary(dtype), self.temporary(dtype)
        variable = f"v_{name}"
        self.emit(f"{stop_name} = {convert(stop, dtype)};")
        self.emit(f"{step_name} = {convert(step, dtype)};")
        if step.positive or step.type.kind == "u":
            test = f"{variable} < {stop_name}"
        elif step.constant is not None:
            test = f"{variable} {'<' if step.constant > 0 else '>'} {stop_name}"
        else:
            test = f"({step_name} > 0 ? {variable} < {stop_name} : {variable} > {stop_name})"
        self.emit(f"for ({variable} = {convert(start, dtype)}; {test}; {variable} += {step_name}) {{")
        self.block(node.body)
        self.emit("}")

    def condition(self, node):
        value = self.expression(node)
        if value.type is PYOBJECT or isinstance(value.type, ArrayType) or value.type is None:
            self.fail(node, TypeError, "a condition must be a number or a bool")
        return convert(value, BOOL)

    # ----- Expressions ---------------------------------------------------------------------------

    def expression(self, node):
        method = getattr(self, f"expression_{type(node).__name__}", None)
        if method is None:
            self.unsupported(node, f"the expression {type(node).__name__}")
        return method(node)

    def python_object(self, node, obj):
        if isinstance(obj, (bool, int, float)) and not isinstance(obj, numpy.generic):
            return self.literal(node, obj)
        if isinstance(obj, numpy.generic):
            dtype = _typing.scalar_dtype(obj.dtype)
            return Value(_typing.literal_code(obj.item(), dtype), dtype, constant=obj.item())
        if isinstance(obj, _builtins._WarpSize):
            return obj.value
        return Value(None, PYOBJECT, constant=obj)

    def literal(self, node, value):
        try:
            dtype = _typing.literal_dtype(value)
        except (TypeError, OverflowError) as error:
            self.fail(node, type(error), str(error))
        return Value(_typing.literal_code(value, dtype), dtype, weak=True, constant=value)

    def expression_Constant(self, node):
        if node.value is None:
            return Value(None, PYOBJECT, constant=None)
        return self.literal(node, node.value)

    def resolve(self, node):
        """The Python object a global name or attribute chain names (None when it is a device value)."""
        if isinstance(node, ast.Name):
            if node.id in self.variables:
                return None
            if node.id in self.globals:
                return self.globals[node.id]
            if hasattr(builtins, node.id):
                return getattr(builtins, node.id)
            self.fail(node, NameError, f"the name {node.id!r} is not defined")
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            if isinstance(base, types.ModuleType) or inspect.isclass(base):
                if not hasattr(base, node.attr):
                    self.fail(node, AttributeError, f"{base.__name__} has no attribute {node.attr!r}")
                return getattr(base, node.attr)
        return None

    def expression_Name(self, node):
        if node.id in self.variables:
            return Value(f"v_{node.id}", self.variables[node.id])
        return self.python_object(node, self.resolve(node))

    def expression_Attribute(self, node):
        base = self.expression(node.value)
        if base.type is PYOBJECT:
            obj = base.constant
            if isinstance(obj, _builtins.Dim3):
                return obj.attribute(self, node, node.attr)
            if isinstance(obj, types.ModuleType) or inspect.isclass(obj):
                if not hasattr(obj, node.attr):
                    self.fail(node, AttributeError, f"{getattr(obj, '__name__', obj)} has no attribute {node.attr!r}")
                return self.python_object(node, getattr(obj, node.attr))
            self.fail(node, AttributeError, f"{obj!r} has no attribute {node.attr!r} usable on the device")
        if isinstance(base.type, ArrayType):
            return self.array_attribute(node, base)
        self.fail(node, AttributeError, f"a {base.type.name} value has no attributes on the device")

    def array_attribute(self, node, array):
        if node.attr == "ndim":
            return self.literal(node, array.type.ndim)
        if node.attr in ("size", "shape", "strides"):
            if array.type.space == "shared":
                self.fail(node, AttributeError, f"a shared-memory array has no {node.attr} on the device")
            if node.attr == "size":
                return Value(f"{array.code}_size", INT64)
            return Value(array.code, PYOBJECT, constant=(node.attr, array))
        self.fail(node, AttributeError, f"an array has no attribute {node.attr!r} on the device "
                  "(size, shape, strides and ndim are supported)")

    def expression_Subscript(self, node):
        base = self.expression(node.value)
        if base.type is PYOBJECT and isinstance(base.constant, tuple) and len(base.constant) == 2:
            attribute, array = base.constant
            axis = self.expression(node.slice)
            if not isinstance(axis.constant, int) or not -array.type.ndim <= axis.constant < array.type.ndim:
                self.fail(node, IndexError, f"{attribute} takes a constant axis below ndim={array.type.ndim}")
            suffix = "shape" if attribute == "shape" else "stride"
            return Value(f"{array.code}_{suffix}{axis.constant % array.type.ndim}", INT64)
        if not isinstance(base.type, ArrayType):
            self.fail(node, TypeError, "only arrays can be indexed")
        index = node.slice
        indices = index.elts if isinstance(index, ast.Tuple) else [index]
        if any(isinstance(i, ast.Slice) for i in indices):
            self.unsupported(node, "slicing")
        return Value(f"(*{self.element_address(node, base, [self.expression(i) for i in indices])})",
                     base.type.dtype)

    def element_address(self, node, array, index):
        """The C++ address of array[index]; `index` is a Value, a list of them or a tuple Value."""
        indices = index if isinstance(index, list) else [index]
        for value in indices:
            if value.type is PYOBJECT or isinstance(value.type, ArrayType) or not _typing.is_integer(value.type):
                self.fail(node, IndexError, "array indices must be integers")
        type_ = array.type
        if len(indices) == 1 and (type_.c_contiguous or type_.ndim == 1):
            # The flat index of a C-contiguous array, or the index of a 1-D one.
            if type_.c_contiguous:
                return f"({array.code} + {convert(indices[0], INT64)})"
            return self.strided_address(array, [convert(indices[0], INT64)])
        if len(indices) == 1:
            shape = ", ".join(f"{array.code}_shape{k}" for k in range(type_.ndim))
            strides = ", ".join(f"{array.code}_stride{k}" for k in range(type_.ndim))
            return (f"garray_jit::flat_element<{type_.ndim}>({array.code}, {convert(indices[0], INT64)}, "
                    f"{{{shape}}}, {{{strides}}})")
        if len(indices) != type_.ndim:
            self.fail(node, IndexError, f"an array of ndim {type_.ndim} takes 1 or {type_.ndim} indices, "
                      f"not {len(indices)}")
        return self.strided_address(array, [convert(i, INT64) for i in indices])

    def strided_address(self, array, indices):
        offset = " + ".join(f"({index}) * {array.code}_stride{k}" for k, index in enumerate(indices))
        dtype = c_name(array.type.dtype)
        return f"reinterpret_cast<{dtype}*>(reinterpret_cast<char*>({array.code}) + {offset})"

    def expression_Tuple(self, node):
        self.unsupported(node, "a tuple value")

    def expression_UnaryOp(self, node):
        value = self.arithmetic_operand(node, self.expression(node.operand))
        if isinstance(node.op, ast.Not):
            return Value(f"(!{convert(value, BOOL)})", BOOL)
        if isinstance(node.op, ast.USub):
            if value.weak:
                return self.literal(node, -value.constant)
            if value.type.itemsize < 4:  # C++ would negate a narrow integer as int
                return Value(f"static_cast<{c_name(value.type)}>(-{value.code})", value.type)
            return Value(f"(-{value.code})", value.type)
        if isinstance(node.op, ast.UAdd):
            return value
        if not _typing.is_integer(value.type):
            self.fail(node, TypeError, f"~ takes an integer or a bool, not {value.type.name}")
        if value.type == BOOL:
            return Value(f"(!{value.code})", BOOL)
        return Value(f"static_cast<{c_name(value.type)}>(~{value.code})", value.type)

    def arithmetic_operand(self, node, value):
        if value.type is PYOBJECT or value.type is None or isinstance(value.type, ArrayType):
            self.fail(node, TypeError, "operators take numbers, not arrays or Python objects")
        return value

    def expression_BinOp(self, node):
        operator = _BINARY.get(type(node.op))
        if operator is None:
            self.unsupported(node, f"the operator {type(node.op).__name__}")
        return self.binary(node, operator, self.expression(node.left), self.expression(node.right))

    def binary(self, node, operator, left, right):
        left, right = self.arithmetic_operand(node, left), self.arithmetic_operand(node, right)
        dtype = _typing.promote((left.type, left.weak), (right.type, right.weak))
        if operator == "/":
            if _typing.is_integer(dtype):
                dtype = FLOAT64
            return Value(f"({convert(left, dtype)} / {convert(right, dtype)})", dtype)
        if operator in ("<<", ">>", "&", "|", "^") and not _typing.is_integer(dtype):
            self.fail(node, TypeError, f"{operator} takes integers, not {dtype.name}")
        if operator in ("//", "%", "**"):
            helper = {"//": "floor_divide", "%": "remainder", "**": "power"}[operator]
            if dtype == BOOL:
                dtype = numpy.dtype(numpy.int8)
            return Value(f"garray_jit::{helper}({convert(left, dtype)}, {convert(right, dtype)})", dtype)
        if dtype == BOOL and operator in ("+", "-", "*"):
            operator = {"+": "|", "*": "&", "-": "^"}[operator]  # NumPy's bool arithmetic
        code = f"({convert(left, dtype)} {operator} {convert(right, dtype)})"
        if dtype.itemsize < 4 and dtype != BOOL:
            code = f"static_cast<{c_name(dtype)}>{code}"  # C++ computes narrow integers as int
        return Value(code, dtype)

    def expression_Compare(self, node):
        parts = []
        left = self.expression(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            operator = _COMPARE.get(type(op))
            if operator is None:
                self.unsupported(node, f"the comparison {type(op).__name__}")
            right = self.expression(comparator)
            a, b = self.arithmetic_operand(node, left), self.arithmetic_operand(node, right)
            dtype = _typing.promote((a.type, a.weak), (b.type, b.weak))
            parts.append(f"({convert(a, dtype)} {operator} {convert(b, dtype)})")
            left = right
        return Value(parts[0] if len(parts) == 1 else f"({' && '.join(parts)})", BOOL)

    def expression_BoolOp(self, node):
        operator = " && " if isinstance(node.op, ast.And) else " || "
        return Value(f"({operator.join(self.condition(value) for value in node.values)})", BOOL)

    def expression_IfExp(self, node):
        test = self.condition(node.test)
        body = self.arithmetic_operand(node, self.expression(node.body))
        orelse = self.arithmetic_operand(node, self.expression(node.orelse))
        dtype = _typing.promote((body.type, body.weak), (orelse.type, orelse.weak))
        return Value(f"({test} ? {convert(body, dtype)} : {convert(orelse, dtype)})", dtype)

    def expression_Call(self, node):
        if node.keywords:
            self.unsupported(node, "keyword arguments")
        function = self.expression(node.func)
        if function.type is not PYOBJECT:
            self.fail(node, TypeError, "only jit, math and NumPy functions can be called")
        obj = function.constant
        args = [self.expression(argument) for argument in node.args]
        if isinstance(obj, _builtins._Function):
            return obj.translate(self, node, args)
        if obj in _CASTS or (inspect.isclass(obj) and issubclass(obj, numpy.generic)):
            self.arity(node, args, 1, 1, getattr(obj, "__name__", "a cast"))
            try:
                dtype = _CASTS.get(obj) or _typing.scalar_dtype(obj)
            except TypeError as error:
                self.fail(node, TypeError, str(error))
            value = self.arithmetic_operand(node, args[0])
            return Value(convert(value, dtype) if not value.weak else _typing.literal_code(value.constant, dtype),
                         dtype)
        if obj is builtins.len:
            self.arity(node, args, 1, 1, "len")
            if not isinstance(args[0].type, ArrayType) or args[0].type.space == "shared":
                self.fail(node, TypeError, "len takes an array parameter")
            return Value(f"{args[0].code}_shape0", INT64)
        if obj is builtins.range:
            self.unsupported(node, "range outside a for loop")
        translate = _math.lookup(obj)
        if translate is None:
            self.fail(node, NotImplementedError, f"{getattr(obj, '__name__', obj)!r} cannot be called in a jit kernel")
        return translate(self, node, [self.arithmetic_operand(node, a) for a in args])


def translate(source, name, signature):
    """The CUDA C++ source of kernel `name` from the function's Source for the argument types `signature`."""
    return Translator(source, name, signature).source()
