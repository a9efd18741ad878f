#!/usr/bin/env python3
"""Writes numpy_tables.inc: NumPy's promotion, casting and ufunc loop-resolution tables, which
test_promotion.cpp and test_loop_resolution.cpp check garray against.

Run with a NumPy that has NEP 50 (`python3 generate_numpy_tables.py > numpy_tables.inc`). The
checked-in table came from Debian's NumPy 1.24 under np._set_promotion_state("weak"), its NEP 50
mode, which gives NumPy 2's promotion. Where NumPy 2's ufuncs differ from 1.24's, the expected
value is NumPy 2's, written here from NumPy 2's rules so that every exception is in one place:
  - comparisons of signed with unsigned integers whose promotion is float64 use NumPy 2's exact
    int64/uint64 loops ('lL->?', 'Ll->?');
  - floor, ceil and trunc keep bool and integer dtypes (NumPy 2.3's integer loops).
NumPy has no bfloat16; its rows are checked by hand in the C++ tests (ml_dtypes' rules).
"""
import numpy as np

if hasattr(np, "_set_promotion_state"):
    np._set_promotion_state("weak")

# garray's type codes in ga_dtype_t order, without bfloat16 ('E').
CODES = "?bhilBHILefdFD"
# Case alphabet: the builtin dtypes, then weak Python scalars: 1 int, 2 float, 3 complex.
WEAK = {"1": int, "2": float, "3": complex}
CASE_CODES = CODES + "123"

UFUNCS = """add subtract multiply divide floor_divide remainder fmod divmod negative positive power
float_power absolute fabs sign heaviside reciprocal square sqrt cbrt gcd lcm exp exp2 expm1 log
log2 log10 log1p sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh logaddexp
logaddexp2 arctan2 hypot deg2rad rad2deg floor ceil trunc rint isfinite isinf isnan signbit
copysign nextafter ldexp frexp modf greater greater_equal less less_equal equal not_equal
logical_and logical_or logical_xor logical_not maximum minimum fmax fmin clip bitwise_and
bitwise_or bitwise_xor invert left_shift right_shift conjugate""".split()

INTEGER_CODES = "bhilBHIL"


def c_string(text):
    """A C string literal; '?' escaped so that "??-" is no trigraph."""
    return '"' + text.replace("?", "\\?") + '"'


def code(dtype):
    c = np.dtype(dtype).char
    return {"q": "l", "Q": "L"}.get(c, c)


def ufunc_of(name):
    return np.core.umath.clip if name == "clip" else getattr(np, name)


def loop_types(ufunc):
    seen = []
    for t in ufunc.types:
        if any(c in t for c in "gGOMm"):
            continue
        t = t.replace("q", "l").replace("Q", "L")
        if t not in seen:
            seen.append(t)
    return seen


def operand(c):
    return WEAK[c] if c in WEAK else np.dtype(c)


def is_integer_case(c):
    return c in INTEGER_CODES or c == "1"


def resolve(name, cases):
    ufunc = ufunc_of(name)
    try:
        dtypes = ufunc.resolve_dtypes(tuple(operand(c) for c in cases) + (None,) * ufunc.nout)
    except (TypeError, OverflowError):
        return "!"
    codes = [code(d) for d in dtypes]
    nin = ufunc.nin
    if name in ("greater", "greater_equal", "less", "less_equal", "equal", "not_equal"):
        if all(is_integer_case(c) for c in cases) and codes[0] not in INTEGER_CODES:
            left_signed = cases[0] in "bhil" or cases[0] == "1"
            codes = ["l", "L", "?"] if left_signed else ["L", "l", "?"]
    if name in ("floor", "ceil", "trunc"):
        c = "l" if cases[0] == "1" else cases[0]
        if c in "?" + INTEGER_CODES:
            codes = [c, c]
    return "".join(codes[:nin]) + "->" + "".join(codes[nin:])


def cases_for(nin):
    if nin == 1:
        return [(a,) for a in CASE_CODES]
    if nin == 2:
        return [(a, b) for a in CASE_CODES for b in CASE_CODES]
    return [(a, b, b) for a in CASE_CODES for b in CASE_CODES]


def identity_text(ufunc):
    identity = ufunc.identity
    if identity is None:
        return "None"
    if isinstance(identity, bool):
        return str(identity)
    if isinstance(identity, float):
        return "-inf" if identity == -np.inf else repr(identity)
    return str(identity)


def weak_result(strong, weak):
    return code(np.result_type(np.empty(1, strong), weak(1)))


SIGNATURE_CASES = [
    ("add", "dd", "--i"), ("add", "ii", "--f"), ("add", "bB", "--d"), ("add", "d2", "--f"),
    ("sin", "d", "-f"), ("sin", "i", "-d"), ("sin", "d", "-i"), ("sqrt", "b", "-F"),
    ("nextafter", "22", "--f"), ("nextafter", "dd", "--f"), ("ldexp", "fl", "--d"),
    ("ldexp", "ei", "f--"), ("divide", "ii", "--f"), ("divide", "ll", "ff-"), ("less", "dd", "--?"),
    ("less", "ff", "dd-"), ("logical_and", "dd", "--?"), ("power", "ll", "--d"),
    ("floor_divide", "dd", "ii-"), ("maximum", "fd", "--e"), ("absolute", "D", "-d"),
    ("absolute", "F", "-D"), ("frexp", "d", "-fi"), ("modf", "f", "-dd"), ("divmod", "ll", "--dd"),
]


def signature_result(name, inputs, signature):
    ufunc = ufunc_of(name)
    sig = tuple(None if c == "-" else np.dtype(c) for c in signature)
    try:
        dtypes = ufunc.resolve_dtypes(tuple(operand(c) for c in inputs) + (None,) * ufunc.nout, signature=sig)
    except (TypeError, OverflowError):
        return "!"
    codes = [code(d) for d in dtypes]
    return "".join(codes[: ufunc.nin]) + "->" + "".join(codes[ufunc.nin:])


def main():
    out = []
    out.append("// Generated by tests/ufunc/generate_numpy_tables.py from NumPy %s (NEP 50 promotion); do not edit." % np.__version__)
    out.append("// Codes: garray's type codes (type_codes.hpp); in resolution cases 1, 2, 3 are weak Python int, float, complex.")
    out.append("namespace numpy_tables {")
    out.append("inline constexpr const char* kCodes = %s;" % c_string(CODES))
    out.append("inline constexpr const char* kCaseCodes = %s;" % c_string(CASE_CODES))
    out.append("// kPromote[i][j]: np.promote_types(kCodes[i], kCodes[j]).")
    out.append("inline constexpr const char* kPromote[] = {")
    for a in CODES:
        out.append("    %s," % c_string("".join(code(np.promote_types(a, b)) for b in CODES)))
    out.append("};")
    out.append("// kCanCast[casting][i][j]: np.can_cast(kCodes[i], kCodes[j], casting), casting in no, equiv, safe, same_kind, unsafe.")
    out.append("inline constexpr const char* kCanCast[5][14] = {")
    for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
        rows = [c_string("".join("1" if np.can_cast(a, b, casting) else "0" for b in CODES)) for a in CODES]
        out.append("    {" + ", ".join(rows) + "},")
    out.append("};")
    out.append("// kWeakResult[i]: np.result_type of a kCodes[i] array with a Python int, float and complex.")
    out.append("inline constexpr const char* kWeakResult[] = {%s};" % ", ".join(
        c_string("".join(weak_result(a, w) for w in (int, float, complex))) for a in CODES))
    out.append("struct UfuncInfo {\n  const char* name;\n  int nin;\n  int nout;\n  const char* identity;\n  const char* types;\n};")
    out.append("// numpy.<name>.types without long double, object and datetime loops, q/Q written l/L, duplicates dropped.")
    out.append("inline constexpr UfuncInfo kUfuncs[] = {")
    for name in UFUNCS:
        ufunc = ufunc_of(name)
        out.append('    {"%s", %d, %d, "%s", %s},' % (name, ufunc.nin, ufunc.nout, identity_text(ufunc),
                                                   c_string(" ".join(loop_types(ufunc)))))
    out.append("};")
    out.append("struct Resolutions {\n  const char* name;\n  const char* loops;\n};")
    out.append("// The loop (or ! for an error) for every case: unary: each case code; binary: each pair, first")
    out.append("// code outermost; clip (ternary): (a, b, b) for each pair.")
    out.append("inline constexpr Resolutions kResolutions[] = {")
    for name in UFUNCS:
        ufunc = ufunc_of(name)
        loops = " ".join(resolve(name, case) for case in cases_for(ufunc.nin))
        out.append('    {"%s", %s},' % (name, c_string(loops)))
    out.append("};")
    out.append("struct SignatureCase {\n  const char* ufunc;\n  const char* inputs;\n  const char* signature;\n  const char* loop;\n};")
    out.append("// Resolution with signature= (- for a free operand): the loop or !.")
    out.append("inline constexpr SignatureCase kSignatureCases[] = {")
    for name, inputs, signature in SIGNATURE_CASES:
        out.append('    {"%s", %s, %s, %s},' % (name, c_string(inputs), c_string(signature),
                                             c_string(signature_result(name, inputs, signature))))
    out.append("};")
    out.append("}  // namespace numpy_tables")
    print("\n".join(out))


if __name__ == "__main__":
    main()
