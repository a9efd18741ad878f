// One-way messages between the blocks of a thread-block cluster (compute capability 9.0 and newer): a block stores
// values straight into another block's shared memory (st.async) and the store counts its bytes on the receiver's
// mbarrier, so the receiver waits for its mail alone. A cluster barrier and remote loads instead wait for every
// thread of the cluster and then pay a round trip per load.
//
// A mailbox is an mbarrier with one expected arrival: its owner arms a phase with the bytes it expects, senders'
// stores complete them, and the phase ends once both have happened (in either order: the byte count may go below
// zero first). Phases alternate parity; a round r waits with parity r & 1.
#pragma once

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900

namespace garray::cluster_mailbox {

__device__ __forceinline__ unsigned shared_address(const void* pointer) {
  return static_cast<unsigned>(__cvta_generic_to_shared(pointer));
}

// The address of the same shared-memory location in the cluster's block `rank`.
__device__ __forceinline__ unsigned peer_address(unsigned local, unsigned rank) {
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank));
  return remote;
}

// The N mailboxes, by one thread, before any peer may send (a cluster barrier after it publishes them). Best before
// the thread's other loads and stores: the publishing fence (a release) waits for those.
template <int N>
__device__ __forceinline__ void open(unsigned long long (&boxes)[N]) {
  for (int b = 0; b < N; ++b)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(&boxes[b])) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// The owner's arrival for the current phase: it ends once `bytes` have come. Relaxed: the owner publishes nothing
// (a release waits for the thread's outstanding stores).
__device__ __forceinline__ void expect(unsigned long long* box, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(box)),
               "r"(bytes)
               : "memory");
}

// Stores `value` at `slot` of block `rank` (slot and box: this block's addresses of the same variables).
__device__ __forceinline__ void send(const float* slot, unsigned long long* box, unsigned rank, float value) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];" ::"r"(
                   peer_address(shared_address(slot), rank)),
               "r"(__float_as_uint(value)), "r"(peer_address(shared_address(box), rank))
               : "memory");
}

// A slot and mailbox of block `rank`, mapped once for the many messages sent there.
struct Peer {
  unsigned slot;
  unsigned box;
};

__device__ __forceinline__ Peer peer(const void* slot, unsigned long long* box, unsigned rank) {
  return {peer_address(shared_address(slot), rank), peer_address(shared_address(box), rank)};
}

// The same peer's slot and mailbox `offset` and `box_offset` bytes further (another round's, say).
__device__ __forceinline__ Peer shifted(const Peer& to, unsigned offset, unsigned box_offset) {
  return {to.slot + offset, to.box + box_offset};
}

// Stores the 4 bytes `value` at byte `offset` past the peer's slot.
__device__ __forceinline__ void send(const Peer& to, unsigned offset, unsigned value) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];" ::"r"(to.slot + offset),
               "r"(value), "r"(to.box)
               : "memory");
}

// Stores the 16 bytes `value` at byte `offset` past the peer's slot (16-byte aligned).
__device__ __forceinline__ void send(const Peer& to, unsigned offset, float4 value) {
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%0], {%1, %2, %3, %4}, [%5];" ::"r"(
                   to.slot + offset),
               "r"(__float_as_uint(value.x)), "r"(__float_as_uint(value.y)), "r"(__float_as_uint(value.z)),
               "r"(__float_as_uint(value.w)), "r"(to.box)
               : "memory");
}

// Waits until the phase of parity `parity` has ended; the mail it counted is then visible to the caller.
__device__ __forceinline__ void wait(unsigned long long* box, unsigned parity) {
  unsigned done = 0;
  while (!done)
    asm volatile(
        "{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t}"
        : "=r"(done)
        : "r"(shared_address(box)), "r"(parity)
        : "memory");
}

}  // namespace garray::cluster_mailbox

#endif
