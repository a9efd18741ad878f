// The linalg error policy: the check mode (process default, per-thread override), deferred reports through
// ga_linalg_check_errors(), immediate GA_ERROR_LINALG in the raise mode, and every argument status of the entry points.
// The check-mode cases need no GPU.
#include "gpu_test.hpp"
#include "linalg/linalg_test_support.hpp"

#include <string>
#include <thread>

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
  // A result pointer that already holds an array: in-place outputs are not supported.
  ga_array_t occupied = square.handle;
  GA_EXPECT_STATUS(ga_linalg_qr(square.handle, GA_LINALG_QR_REDUCED, nullptr, &occupied, r.out()),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(occupied, square.handle);
  EXPECT_EQ(r.handle, nullptr);

  // out: the right shape and a castable dtype are written into; others are refused untouched.
  OwnedArray into(upload(std::vector<double>(9, 0.0), {3, 3}));
  ga_array_t given = into.handle;
  GA_ASSERT_OK(ga_linalg_inv(square.handle, nullptr, nullptr, &given));
  EXPECT_EQ(given, into.handle);
  OwnedArray wrong_shape(upload(std::vector<double>(6, 0.0), {2, 3}));
  given = wrong_shape.handle;
  GA_EXPECT_STATUS(ga_linalg_inv(square.handle, nullptr, nullptr, &given), GA_ERROR_SHAPE_MISMATCH);
  OwnedArray integers(upload(std::vector<double>(9, 0.0), {3, 3}, GA_INT32));
  given = integers.handle;
  GA_EXPECT_STATUS(ga_linalg_inv(square.handle, nullptr, nullptr, &given), GA_ERROR_DTYPE);
  expect_near_all(download(integers.handle), std::vector<double>(9, 0.0), 0.0);
}

}  // namespace
