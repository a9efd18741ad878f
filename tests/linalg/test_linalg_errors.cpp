// The linalg error policy: the check mode (process default, per-thread override), deferred reports through
// ga_linalg_check_errors(), immediate GA_ERROR_LINALG in the raise mode, and every argument status of the entry points.
// The check-mode cases need no GPU.
#include "gpu_test.hpp"
#include "linalg/linalg_test_support.hpp"

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

// Restores the calling thread's override and the process default after each test.
class CheckModeScope {
 public:
  CheckModeScope() {
    ga_linalg_get_check_mode(1, &thread_);
    ga_linalg_get_check_mode(0, &effective_);
  }
  ~CheckModeScope() { ga_linalg_set_check_mode(thread_, 1); }

 private:
  ga_linalg_check_t thread_ = GA_LINALG_CHECK_INHERIT;
  ga_linalg_check_t effective_ = GA_LINALG_CHECK_DEFERRED;
};

TEST(LinalgCheckMode, DefaultIsDeferredAndThreadsOverride) {
  CheckModeScope scope;
  ga_linalg_check_t mode;
  GA_ASSERT_OK(ga_linalg_get_check_mode(0, &mode));
  EXPECT_EQ(mode, GA_LINALG_CHECK_DEFERRED);
  GA_ASSERT_OK(ga_linalg_get_check_mode(1, &mode));
  EXPECT_EQ(mode, GA_LINALG_CHECK_INHERIT);
  GA_ASSERT_OK(ga_linalg_set_check_mode(GA_LINALG_CHECK_RAISE, 1));
  GA_ASSERT_OK(ga_linalg_get_check_mode(0, &mode));
  EXPECT_EQ(mode, GA_LINALG_CHECK_RAISE);
  // Another thread still sees the process default.
  ga_linalg_check_t other = GA_LINALG_CHECK_INHERIT;
  std::thread([&] { ga_linalg_get_check_mode(0, &other); }).join();
  EXPECT_EQ(other, GA_LINALG_CHECK_DEFERRED);
  GA_ASSERT_OK(ga_linalg_set_check_mode(GA_LINALG_CHECK_INHERIT, 1));
  GA_ASSERT_OK(ga_linalg_get_check_mode(0, &mode));
  EXPECT_EQ(mode, GA_LINALG_CHECK_DEFERRED);
}

TEST(LinalgCheckMode, ProcessDefaultReachesOtherThreads) {
  GA_ASSERT_OK(ga_linalg_set_check_mode(GA_LINALG_CHECK_RAISE, 0));
  ga_linalg_check_t other = GA_LINALG_CHECK_INHERIT;
  std::thread([&] { ga_linalg_get_check_mode(0, &other); }).join();
  EXPECT_EQ(other, GA_LINALG_CHECK_RAISE);
  GA_ASSERT_OK(ga_linalg_set_check_mode(GA_LINALG_CHECK_DEFERRED, 0));
}

TEST(LinalgCheckMode, RefusesUnknownModes) {
  GA_EXPECT_STATUS(ga_linalg_set_check_mode(static_cast<ga_linalg_check_t>(7), 1), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_linalg_set_check_mode(GA_LINALG_CHECK_INHERIT, 0), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_linalg_get_check_mode(0, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

class LinalgErrors : public GpuTest {
 protected:
  CheckModeScope scope_;
};

// A stack of three 2x2 matrices of which entry (1,) is singular.
ga_array_t stack_with_singular_entry() { return upload({2, 0, 0, 2, 1, 2, 2, 4, 3, 1, 1, 3}, {3, 2, 2}); }

TEST_F(LinalgErrors, DeferredModeReportsAtTheCheck) {
  GA_ASSERT_OK(ga_linalg_check_errors(nullptr));  // nothing pending
  OwnedArray matrices(stack_with_singular_entry());
  OwnedArray inverse;
  GA_ASSERT_OK(ga_linalg_inv(matrices.handle, nullptr, nullptr, inverse.out()));
  EXPECT_NE(inverse.handle, nullptr);
  GA_EXPECT_STATUS(ga_linalg_check_errors(nullptr), GA_ERROR_LINALG);
  const std::string message = ga_last_error();
  EXPECT_NE(message.find("inv"), std::string::npos) << message;
  EXPECT_NE(message.find("(1,)"), std::string::npos) << message;
  EXPECT_NE(message.find("singular"), std::string::npos) << message;
  GA_EXPECT_STATUS(ga_linalg_check_errors(nullptr), GA_OK);  // cleared
}

TEST_F(LinalgErrors, DeferredReportsStayPerStream) {
  ga_stream_t other = nullptr;
  GA_ASSERT_OK(ga_stream_create(0, 0, &other));
  OwnedArray matrices(stack_with_singular_entry());
  OwnedArray inverse;
  GA_ASSERT_OK(ga_linalg_inv(matrices.handle, nullptr, other, inverse.out()));
  GA_EXPECT_STATUS(ga_linalg_check_errors(nullptr), GA_OK);
  GA_EXPECT_STATUS(ga_linalg_check_errors(other), GA_ERROR_LINALG);
  GA_ASSERT_OK(ga_stream_release(other));
}

TEST_F(LinalgErrors, RaiseModeFailsAtOnceAndWritesNothing) {
  GA_ASSERT_OK(ga_linalg_set_check_mode(GA_LINALG_CHECK_RAISE, 1));
  const std::vector<double> singular_values{2, 0, 0, 2, 1, 2, 2, 4, 3, 1, 1, 3};
  OwnedArray matrices(upload(singular_values, {3, 2, 2}));
  OwnedArray inverse;
  GA_EXPECT_STATUS(ga_linalg_inv(matrices.handle, nullptr, nullptr, inverse.out()), GA_ERROR_LINALG);
  EXPECT_EQ(inverse.handle, nullptr);
  EXPECT_NE(std::string(ga_last_error()).find("(1,)"), std::string::npos) << ga_last_error();
  OwnedArray right(upload({1, 1}, {2}));
  OwnedArray x;
  GA_EXPECT_STATUS(ga_linalg_solve(matrices.handle, right.handle, nullptr, nullptr, x.out()), GA_ERROR_LINALG);
  EXPECT_EQ(x.handle, nullptr);
  expect_near_all(download(matrices.handle), singular_values, 0.0);  // intact

  // Not positive definite: the second leading minor of [[1, 2], [2, 1]] is negative.
  OwnedArray indefinite(upload({1, 2, 2, 1}, {2, 2}));
  OwnedArray factor;
  GA_EXPECT_STATUS(ga_linalg_cholesky(indefinite.handle, 0, nullptr, nullptr, factor.out()), GA_ERROR_LINALG);
  EXPECT_EQ(factor.handle, nullptr);
  EXPECT_NE(std::string(ga_last_error()).find("positive definite"), std::string::npos) << ga_last_error();
  // The raise mode leaves nothing for the deferred check.
  GA_EXPECT_STATUS(ga_linalg_check_errors(nullptr), GA_OK);
  // det is never an error.
  OwnedArray det;
  GA_ASSERT_OK(ga_linalg_det(matrices.handle, nullptr, nullptr, det.out()));
}

TEST_F(LinalgErrors, ArgumentStatuses) {
  OwnedArray square(upload(well_conditioned(3, 1), {3, 3}));
  OwnedArray wide(upload(random_values(6, 2), {2, 3}));
  OwnedArray vector(upload(random_values(3, 3), {3}));
  OwnedArray result;
  GA_EXPECT_STATUS(ga_linalg_inv(nullptr, nullptr, nullptr, result.out()), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_linalg_inv(square.handle, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_linalg_inv(wide.handle, nullptr, nullptr, result.out()), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_linalg_det(vector.handle, nullptr, nullptr, result.out()), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_linalg_solve(square.handle, wide.handle, nullptr, nullptr, result.out()), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_linalg_cholesky(wide.handle, 0, nullptr, nullptr, result.out()), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_linalg_eigvalsh(square.handle, static_cast<ga_linalg_uplo_t>(5), nullptr, nullptr, result.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result.handle, nullptr);

  OwnedArray q;
  OwnedArray r;
  GA_EXPECT_STATUS(ga_linalg_qr(square.handle, static_cast<ga_linalg_qr_mode_t>(9), nullptr, q.out(), r.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_linalg_qr(square.handle, GA_LINALG_QR_REDUCED, nullptr, nullptr, r.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(q.handle, nullptr);
  EXPECT_EQ(r.handle, nullptr);
  // A result pointer that already holds an array is not read: it is overwritten with the new result, and the array it
  // held stays the caller's, untouched.
  ga_array_t occupied = square.handle;
  GA_ASSERT_OK(ga_linalg_qr(square.handle, GA_LINALG_QR_REDUCED, nullptr, &occupied, r.out()));
  EXPECT_NE(occupied, square.handle);
  OwnedArray new_q(occupied);
  EXPECT_EQ(shape_of(new_q.handle), (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(shape_of(square.handle), (std::vector<int64_t>{3, 3}));
}

// A value no handle has, for output-only pointers: never read, overwritten on success, left as it was on failure.
ga_array_t garbage() { return reinterpret_cast<ga_array_t>(uintptr_t{0x1234}); }

// The single-result functions' destination (NumPy's out=), one table for all: garbage in `result` is never read; a
// float64 destination of the result's shape is written and comes back as the same handle with one more reference; a
// wrong shape, a dtype the float64 result does not cast to (same_kind) and a read-only view are refused with a message
// naming `out`, the destination unchanged and `*result` as it was.
TEST_F(LinalgErrors, SingleResultDestinations) {
  const int64_t n = 3;
  std::vector<double> stacked = positive_definite(n, 11);
  const std::vector<double> second = positive_definite(n, 12);
  stacked.insert(stacked.end(), second.begin(), second.end());
  OwnedArray a(upload(stacked, {2, n, n}));  // two symmetric positive definite (so invertible) matrices
  OwnedArray b(upload(random_values(2 * n * 2, 13), {2, n, 2}));
  const int last_two[] = {-2, -1};
  using Call = std::function<ga_status_t(ga_array_t out, ga_array_t* result)>;
  const std::pair<const char*, Call> functions[] = {
      {"solve", [&](ga_array_t out, ga_array_t* r) { return ga_linalg_solve(a.handle, b.handle, out, nullptr, r); }},
      {"inv", [&](ga_array_t out, ga_array_t* r) { return ga_linalg_inv(a.handle, out, nullptr, r); }},
      {"det", [&](ga_array_t out, ga_array_t* r) { return ga_linalg_det(a.handle, out, nullptr, r); }},
      {"cholesky", [&](ga_array_t out, ga_array_t* r) { return ga_linalg_cholesky(a.handle, 0, out, nullptr, r); }},
      {"eigvalsh",
       [&](ga_array_t out, ga_array_t* r) { return ga_linalg_eigvalsh(a.handle, GA_LINALG_LOWER, out, nullptr, r); }},
      {"pinv", [&](ga_array_t out, ga_array_t* r) { return ga_linalg_pinv(a.handle, 1e-15, out, nullptr, r); }},
      {"matrix_power",
       [&](ga_array_t out, ga_array_t* r) { return ga_linalg_matrix_power(a.handle, 2, out, nullptr, r); }},
      {"cond",
       [&](ga_array_t out, ga_array_t* r) { return ga_linalg_cond(a.handle, GA_LINALG_NORM_FRO, 0, out, nullptr, r); }},
      {"norm",
       [&](ga_array_t out, ga_array_t* r) {
         return ga_linalg_norm(a.handle, GA_LINALG_NORM_FRO, 0, last_two, 2, 0, out, nullptr, r);
       }},
  };
  for (const auto& [name, call] : functions) {
    SCOPED_TRACE(name);
    ga_array_t result = garbage();
    GA_ASSERT_OK(call(nullptr, &result));
    ASSERT_NE(result, garbage());
    OwnedArray allocated(result);
    const std::vector<int64_t> shape = shape_of(allocated.handle);
    const std::vector<double> expected = download(allocated.handle);
    const size_t size = expected.size();

    OwnedArray into(upload(std::vector<double>(size, 7.0), shape));
    result = garbage();
    GA_ASSERT_OK(call(into.handle, &result));
    EXPECT_EQ(result, into.handle);
    GA_ASSERT_OK(ga_array_release(result));  // the extra reference; the destination stays alive
    expect_near_all(download(into.handle), expected, 1e-9);

    OwnedArray wrong_shape(upload(std::vector<double>(size + 1, 7.0), {static_cast<int64_t>(size + 1)}));
    OwnedArray integers(upload(std::vector<double>(size, 7.0), shape, GA_INT32));
    OwnedArray seven(upload({7.0}, {1}));
    OwnedArray read_only;
    GA_ASSERT_OK(ga_array_broadcast_to(seven.handle, static_cast<int>(shape.size()), shape.data(), read_only.out()));
    const struct {
      ga_array_t out;
      ga_status_t status;
      const char* message;
    } refusals[] = {
        {wrong_shape.handle, GA_ERROR_SHAPE_MISMATCH, "out has shape"},
        {integers.handle, GA_ERROR_DTYPE, "to out's int32"},
        {read_only.handle, GA_ERROR_INVALID_ARGUMENT, "'out' is read-only"},
    };
    for (const auto& refusal : refusals) {
      result = garbage();
      GA_EXPECT_STATUS(call(refusal.out, &result), refusal.status);
      EXPECT_NE(std::string(ga_last_error()).find(refusal.message), std::string::npos) << ga_last_error();
      EXPECT_EQ(result, garbage());
      const std::vector<double> kept = download(refusal.out);
      EXPECT_EQ(kept, std::vector<double>(kept.size(), 7.0));
    }
  }
}

// The functions of several results take no destination; none of their out-parameters is read (garbage in each), a
// failure leaves every one as it was, a success writes every one, and a result the mode does not compute is NULL.
TEST_F(LinalgErrors, MultiResultPointersAreNeverRead) {
  OwnedArray square(upload(positive_definite(3, 14), {3, 3}));
  OwnedArray wide(upload(random_values(6, 15), {2, 3}));
  OwnedArray right(upload(random_values(3, 16), {3}));
  OwnedArray vector(upload(random_values(3, 17), {3}));
  struct Case {
    const char* name;
    int results;
    std::function<ga_status_t(ga_array_t* p)> call;
    std::vector<bool> computed;  // per pointer: written with an array (true) or NULL (false) on success
  };
  const Case cases[] = {
      {"slogdet", 2, [&](ga_array_t* p) { return ga_linalg_slogdet(square.handle, nullptr, &p[0], &p[1]); },
       {true, true}},
      {"qr", 2, [&](ga_array_t* p) { return ga_linalg_qr(square.handle, GA_LINALG_QR_REDUCED, nullptr, &p[0], &p[1]); },
       {true, true}},
      {"qr r", 2, [&](ga_array_t* p) { return ga_linalg_qr(square.handle, GA_LINALG_QR_R, nullptr, &p[0], &p[1]); },
       {false, true}},
      {"svd", 3, [&](ga_array_t* p) { return ga_linalg_svd(square.handle, 0, 1, nullptr, &p[0], &p[1], &p[2]); },
       {true, true, true}},
      {"svd values", 3, [&](ga_array_t* p) { return ga_linalg_svd(square.handle, 1, 0, nullptr, &p[0], &p[1], &p[2]); },
       {false, true, false}},
      {"eigh", 2, [&](ga_array_t* p) { return ga_linalg_eigh(square.handle, GA_LINALG_LOWER, nullptr, &p[0], &p[1]); },
       {true, true}},
      {"eig", 2, [&](ga_array_t* p) { return ga_linalg_eig(square.handle, nullptr, &p[0], &p[1]); }, {true, true}},
      {"lstsq", 4,
       [&](ga_array_t* p) {
         return ga_linalg_lstsq(square.handle, right.handle, std::nan(""), nullptr, &p[0], &p[1], &p[2], &p[3]);
       },
       {true, true, true, true}},
  };
  // The same functions on an input they refuse: a vector (not a matrix) for all.
  const Case failures[] = {
      {"slogdet", 2, [&](ga_array_t* p) { return ga_linalg_slogdet(vector.handle, nullptr, &p[0], &p[1]); }, {}},
      {"qr", 2, [&](ga_array_t* p) { return ga_linalg_qr(vector.handle, GA_LINALG_QR_REDUCED, nullptr, &p[0], &p[1]); },
       {}},
      {"svd", 3, [&](ga_array_t* p) { return ga_linalg_svd(vector.handle, 0, 1, nullptr, &p[0], &p[1], &p[2]); }, {}},
      {"eigh", 2, [&](ga_array_t* p) { return ga_linalg_eigh(wide.handle, GA_LINALG_LOWER, nullptr, &p[0], &p[1]); },
       {}},
      {"eig", 2, [&](ga_array_t* p) { return ga_linalg_eig(wide.handle, nullptr, &p[0], &p[1]); }, {}},
      {"lstsq", 4,
       [&](ga_array_t* p) {
         return ga_linalg_lstsq(vector.handle, right.handle, std::nan(""), nullptr, &p[0], &p[1], &p[2], &p[3]);
       },
       {}},
  };
  for (const Case& failure : failures) {
    SCOPED_TRACE(failure.name);
    std::vector<ga_array_t> pointers(static_cast<size_t>(failure.results), garbage());
    GA_EXPECT_STATUS(failure.call(pointers.data()), GA_ERROR_SHAPE_MISMATCH);
    EXPECT_EQ(pointers, std::vector<ga_array_t>(pointers.size(), garbage()));
  }
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<ga_array_t> pointers(static_cast<size_t>(c.results), garbage());
    GA_ASSERT_OK(c.call(pointers.data()));
    for (size_t i = 0; i < pointers.size(); ++i) {
      if (!c.computed[i]) {
        EXPECT_EQ(pointers[i], nullptr) << "result " << i << " is not computed";
        continue;
      }
      EXPECT_NE(pointers[i], nullptr) << i;
      EXPECT_NE(pointers[i], garbage()) << i;
      if (pointers[i] == nullptr || pointers[i] == garbage()) continue;
      int ndim = -1;
      GA_EXPECT_STATUS(ga_array_ndim(pointers[i], &ndim), GA_OK);  // a live array of the caller's
      GA_EXPECT_STATUS(ga_array_release(pointers[i]), GA_OK);
    }
  }
}

}  // namespace
