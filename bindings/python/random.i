/* The Python typemaps of random numbers (garray/random.h): the generator is an owned handle
 * object, made by ga_rng_create() and ga_random_get_rng(). The samples' (ga_array_t *out,
 * ga_stream_t stream) pairs are those of operations.i. */

GA_PY_HANDLE(ga_rng_s, ga_rng_retain, ga_rng_release)
GA_PY_HANDLE_OUTPUT(ga_rng_t)
