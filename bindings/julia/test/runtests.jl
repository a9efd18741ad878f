# The tests of the package Garray, for `Pkg.test("Garray")` on a machine with Julia and a CUDA
# device. The machines garray is built on have no Julia: there, bindings/julia/check_syntax.sh
# (ctest test_julia_syntax) parses this file as it parses src/. docs/bindings.md shows the regions
# below, joined by an empty line (scripts/snippets.py keeps them equal).
# [snippet:using] (docs/bindings.md)
using Garray
# [snippet-end]
using Test

@testset "Garray" begin
    if Garray.device_count() == 0
        @info "no CUDA device: Garray.device_count() is 0; the device tests are skipped"
    else
        @testset "docs/bindings.md" begin
            # [snippet:tour] (docs/bindings.md)
            a = GArray(rand(Float32, 3, 4))   # to the GPU, F order like Julia's
            size(a), eltype(a)                # ((3, 4), Float32)
            Array(a)                          # back to the host
            Array(a .* 2 .+ 1)                # computed on the GPU
            sum(a)                            # a Float32
            # [snippet-end]
            host = Array(a)
            @test (size(a), eltype(a)) == ((3, 4), Float32)
            @test Array(a .* 2 .+ 1) == host .* 2 .+ 1
            @test sum(a) isa Float32
            @test sum(a) ≈ sum(host)
        end
    end
end
