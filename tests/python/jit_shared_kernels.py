"""Kernels that both the translation tests (host) and the GPU tests of garray.jit use."""

import math

import numpy

from garray import jit


@jit.rawkernel()
def elementwise_copy(x, y, size):
    tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, size, ntid):
        y[i] = x[i]


@jit.rawkernel()
def saxpy(a, x, y, out, n):
    i = jit.grid(1)
    if i < n:
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def block_sum(x, total, n):
    cache = jit.shared_memory(numpy.float32, 256)
    i = jit.grid(1)
    value = numpy.float32(0)
    if i < n:
        value = x[i]
    cache[jit.threadIdx.x] = value
    jit.syncthreads()
    step = jit.blockDim.x // 2
    while step > 0:
        if jit.threadIdx.x < step:
            cache[jit.threadIdx.x] += cache[jit.threadIdx.x + step]
        jit.syncthreads()
        step //= 2
    if jit.threadIdx.x == 0:
        jit.atomic_add(total, 0, cache[0])


@jit.rawkernel()
def transpose_2d(x, y):
    i, j = jit.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        y[j, i] = x[i, j]


@jit.kernel()
def squared_diff(x, y):
    return (x - y) * (x - y)


@jit.kernel()
def clipped_sqrt(x, low, high):
    if x < low:
        return low
    elif x > high:
        return high
    return math.sqrt(x)
