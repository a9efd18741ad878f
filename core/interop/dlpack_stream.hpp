// The stream hand-off of a DLPack export: the consumer names the CUDA stream it will read the data
// on, and the producer makes that stream wait for the work it has queued on the data.
#pragma once

#include <cstdint>

namespace garray {

// DLPack's (and the array API's) numbering of CUDA streams in `__dlpack__(stream=...)`.
inline constexpr std::int64_t kDLPackNoSynchronization = -1;
inline constexpr std::int64_t kDLPackLegacyDefaultStream = 1;
inline constexpr std::int64_t kDLPackPerThreadDefaultStream = 2;

// Makes work that the consumer queues on `consumer_stream` wait for the work queued so far on the
// producer's stream (the calling thread's current stream of `device`), without blocking the host:
// an event recorded on the producer stream that the consumer stream waits for. Makes no CUDA call
// for kDLPackNoSynchronization or when the consumer stream is the producer's. Throws
// GA_ERROR_INVALID_ARGUMENT for 0 (DLPack reserves it: it would be ambiguous between the two
// default streams) and for values below -1, and GA_ERROR_CUDA when CUDA refuses the hand-off.
void hand_off_to_consumer_stream(int device, std::int64_t consumer_stream);

}  // namespace garray
