"""garray.jit: CUDA kernels written in Python, as cupyx.jit.

    from garray import jit

    @jit.rawkernel()
    def elementwise_copy(x, y, size):
        tid = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
        ntid = jit.gridDim.x * jit.blockDim.x
        for i in range(tid, size, ntid):
            y[i] = x[i]

    elementwise_copy[(128,), (1024,)](x, y, size)

The function's body is translated to CUDA C++ for the types of each call's arguments and compiled
once per signature; docs/jit.md lists what the body may contain.
"""

from garray.jit._builtins import (atomic_add, atomic_and, atomic_cas, atomic_dec, atomic_exch, atomic_inc,
                                  atomic_max, atomic_min, atomic_or, atomic_sub, atomic_xor, blockDim, blockIdx,
                                  grid, gridDim, gridsize, laneid, shared_memory, shfl_down_sync, shfl_sync,
                                  shfl_up_sync, shfl_xor_sync, syncthreads, syncwarp, threadIdx, warpsize)
from garray.jit._elementwise import ElementwiseJitKernel, kernel
from garray.jit._kernel import JitRawKernel, rawkernel
from garray.jit._typing import ArrayType
from builtins import range  # cupyx.jit.range: inside a kernel, the same as range
