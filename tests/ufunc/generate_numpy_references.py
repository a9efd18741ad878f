#!/usr/bin/env python3
"""Writes numpy_references.txt: for every loop of every ufunc, NumPy's outputs on fixed sample
inputs that include the edge cases (±0, ±inf, NaN, subnormals, the largest values, INT_MIN,
division by zero, shifts past the width). The GPU test compares garray's kernels with them;
ufunc_references.hpp reads the file and expands each loop's inputs by the rules below.

Why a checked-in table rather than a CPU reference written here: NumPy is the specification, and
an independent one; a CPU reference would repeat the device helpers' own reading of NumPy.

Inputs (from the per-type lists SAMPLES and CORE below, both written to the file):
  unary loops:   SAMPLES[in0]
  binary loops:  every pair of CORE[in0] x CORE[in1], in0 outermost
  ternary loops: every triple of CORE[in0][:5] x CORE[in1][:5] x CORE[in2][:5] (where's bool
                 condition: CORE['?'])
Outputs follow NumPy 1.24 (run as `python3 generate_numpy_references.py > numpy_references.txt`)
where NumPy 2 and CuPy agree with it, and NumPy 2's or CuPy's documented behaviour where they
differ: integer power with a negative exponent and integer reciprocal of 0 (CuPy), complex sign
(NumPy 2: z/|z|), integer floor/ceil/trunc (NumPy 2.3: the value), and int64/uint64 comparisons
(exact). bfloat16 ('E') loops compute in float32, as the device does, and round to nearest even;
their nextafter steps the bit pattern.
"""
import math

import numpy as np

CODES = "?bhilBHILeEfdFD"
NUMPY_CODES = {"E": "f"}  # computed as float32, stored as bfloat16


def int_samples(code):
    info = np.iinfo(np.dtype(code))
    if info.min < 0:
        return [0, 1, -1, 2, -2, 3, 7, -7, 100, info.min, info.min + 1, info.max, info.max - 1], \
            [0, 1, -1, 3, -7, info.min, info.max]
    return [0, 1, 2, 3, 7, 100, info.max - 1, info.max], [0, 1, 2, 7, info.max - 1, info.max]


def float_samples(code):
    info = np.finfo(np.float32 if code == "E" else np.dtype(code))
    big = 3.3895313892515355e38 if code == "E" else float(info.max)
    tiny = 2.0 ** -133 if code == "E" else float(info.smallest_subnormal)
    unary = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -2.5, 3.0, 0.1, 10.0, 100.0, math.inf, -math.inf,
             math.nan, tiny, big, -big]
    core = [-0.0, 0.0, 1.5, -2.5, 3.0, math.inf, math.nan]
    return unary, core


def complex_samples():
    unary = [complex(0, 0), complex(-0.0, 0), complex(1, 0), complex(0, 1), complex(-1.5, 2.5), complex(0.5, -0.5),
             complex(3, -4), complex(1e20, 1e20), complex(math.inf, 0), complex(0, math.inf), complex(-math.inf, 1),
             complex(math.nan, 0), complex(1, math.nan)]
    core = [complex(0, 0), complex(1, 0), complex(-1.5, 2.5), complex(0.5, -0.5), complex(math.inf, 0),
            complex(math.nan, 1)]
    return unary, core


def samples(code):
    if code == "?":
        return [False, True], [False, True]
    if code in "bhilBHIL":
        return int_samples(code)
    if code in "eEfd":
        return float_samples(code)
    return complex_samples()


def to_bfloat16_bits(values):
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = (bits & 0x7FFFFFFF) > 0x7F800000
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


def bfloat16_values(values):
    return (to_bfloat16_bits(values).astype(np.uint32) << 16).view(np.float32)


def array(values, code):
    if code == "E":
        return bfloat16_values(np.asarray(values, dtype=np.float64).astype(np.float32))
    return np.asarray(values, dtype=np.dtype(code))


def hex_values(values, code):
    if code == "E":
        return ",".join("%04x" % b for b in to_bfloat16_bits(values))
    data = np.ascontiguousarray(np.asarray(values).astype(np.dtype(code)))
    size = data.dtype.itemsize
    raw = data.tobytes()
    return ",".join(raw[i:i + size][::-1].hex() for i in range(0, len(raw), size))


def loop_inputs(signature):
    ins = signature.split("->")[0]
    if len(ins) == 1:
        return [array(samples(ins)[0], ins)]
    cores = [samples(c)[1] if len(ins) == 2 or c == "?" else samples(c)[1][:5] for c in ins]
    grids = np.meshgrid(*[np.arange(len(core)) for core in cores], indexing="ij")
    return [array([core[k] for k in grid.ravel()], c) for core, grid, c in zip(cores, grids, ins)]


def bfloat16_bits_value(bits):
    return float(np.array([int(bits) << 16], dtype=np.uint32).view(np.float32)[0])


def nextafter_bfloat16(x, y):
    out = []
    for a, b in zip(to_bfloat16_bits(x), to_bfloat16_bits(y)):
        fa, fb = bfloat16_bits_value(a), bfloat16_bits_value(b)
        if math.isnan(fa) or math.isnan(fb):
            out.append(math.nan)
        elif fa == fb:
            out.append(fb)
        elif fa == 0:
            out.append(bfloat16_bits_value((int(b) & 0x8000) | 1))
        else:
            step = 1 if (fa < fb) == (fa > 0) else -1
            out.append(bfloat16_bits_value(int(a) + step))
    return [np.asarray(out, dtype=np.float32)]


def numpy_ufunc(name):
    if name == "clip":
        return np.core.umath.clip
    return {"real": np.real, "imag": np.imag, "angle": np.angle, "where": np.where}.get(name) or getattr(np, name)


def compute(name, signature, inputs):
    ins, outs = signature.split("->")
    if name == "nextafter" and ins == "EE":
        return nextafter_bfloat16(*inputs)
    if signature in ("lL->?", "Ll->?"):
        op = {"greater": "__gt__", "greater_equal": "__ge__", "less": "__lt__", "less_equal": "__le__",
              "equal": "__eq__", "not_equal": "__ne__"}[name]
        return [np.array([getattr(int(a), op)(int(b)) for a, b in zip(*inputs)])]
    if name in ("floor", "ceil", "trunc") and ins in "?bhilBHIL":
        return [inputs[0]]
    if name == "power" and ins[0] in "bhil":
        base, exponent = inputs
        result = np.power(base, np.maximum(exponent, 0))
        cupy = np.where(base == 1, 1, np.where(base == -1, np.where(exponent % 2 == 0, 1, -1), 0))
        return [np.where(exponent < 0, cupy, result).astype(base.dtype)]
    if name == "reciprocal" and ins in "bhilBHIL":
        safe = np.where(inputs[0] == 0, 1, inputs[0])
        return [np.where(inputs[0] == 0, 0, np.reciprocal(safe)).astype(inputs[0].dtype)]
    if name == "sign" and ins in "FD":
        return [np.array([complex_sign(z) for z in inputs[0]], dtype=inputs[0].dtype)]
    if name in ("real", "imag") and ins in "?bhilBHILeEfd":
        value = inputs[0] if name == "real" else np.zeros_like(inputs[0])
        return [value]
    result = numpy_ufunc(name)(*inputs)
    return list(result) if isinstance(result, tuple) else [result]


def complex_sign(z):
    magnitude = abs(z)
    if math.isnan(magnitude):
        return complex(math.nan, math.nan)
    if math.isinf(magnitude):
        if math.isinf(z.real) and math.isinf(z.imag):
            return complex(math.nan, math.nan)
        if math.isinf(z.real):
            return complex(1.0 if z.real > 0 else -1.0, 0.0)
        return complex(0.0, 1.0 if z.imag > 0 else -1.0)
    if magnitude == 0:
        return complex(0, 0)
    return z / magnitude


def main(loops):
    print("# Generated by tests/ufunc/generate_numpy_references.py from NumPy %s; do not edit." % np.__version__)
    print("# samples/core <code> <values>: little-endian element bits in hex (bfloat16 as its 16 bits).")
    print("# case <ufunc> <loop> <out0 values> [<out1 values>]")
    for code in CODES:
        unary, core = samples(code)
        print("samples %s %s" % (code, hex_values(array(unary, code), code)))
        print("core %s %s" % (code, hex_values(array(core, code), code)))
    with np.errstate(all="ignore"):
        for name, signature in loops:
            outs = signature.split("->")[1]
            results = compute(name, signature, loop_inputs(signature))
            encoded = [hex_values(np.asarray(r), c) for r, c in zip(results, outs)]
            print("case %s %s %s" % (name, signature, " ".join(encoded)))


if __name__ == "__main__":
    import sys
    # One "ufunc loop" per line on stdin: garray's table, which
    # `GARRAY_PRINT_UFUNC_LOOPS=1 test_ufunc_host --gtest_filter=UfuncReferences.*` prints.
    main([line.split() for line in sys.stdin if line.strip()])
