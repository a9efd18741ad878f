/* The Python typemaps of random numbers (garray/random.h): the generator is an owned handle
 * object, made by ga_rng_create() and ga_random_get_rng(). The samples' (ga_array_t out,
 * ga_stream_t stream, ga_array_t *result) triples are those of typemaps.i (one Python argument:
 * None or the destination, which is returned as passed); ga_rng_shuffle's trailing stream may be
 * left out (the current stream). */

GA_PY_HANDLE(ga_rng_s, ga_rng_retain, ga_rng_release)
GA_PY_HANDLE_OUTPUT(ga_rng_t)
