// The ufunc table and loop resolution against NumPy: every ufunc's loops (numpy.<ufunc>.types),
// the loop NumPy picks for every pair of dtypes and weak Python scalars, signature= cases
// (numpy_tables.inc), and by hand the cases NumPy's table cannot show: bfloat16, weak integer
// values, casting errors and their messages.
#include "core/ops/ufunc/loop_resolution.hpp"
#include "core/ops/ufunc/type_codes.hpp"

#include "expect_error.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

#include "numpy_tables.inc"

using garray::Casting;
using garray::LoopRequest;
using garray::Operand;
using garray::dtype_from_type_code;

Operand operand_for(char code) {
  ga_scalar_t scalar{};
  switch (code) {
    case '1':
      scalar.dtype = GA_INT64;
      scalar.as_int = 1;
      return Operand::weak_scalar(scalar);
    case '2':
      scalar.dtype = GA_FLOAT64;
      return Operand::weak_scalar(scalar);
    case '3':
      scalar.dtype = GA_COMPLEX128;
      return Operand::weak_scalar(scalar);
    default: return Operand::strong(dtype_from_type_code(code));
  }
}

std::vector<Operand> operands_for(std::string_view codes) {
  std::vector<Operand> operands;
  for (char code : codes) operands.push_back(operand_for(code));
  return operands;
}

Operand weak_int(long long value) {
  ga_scalar_t scalar{};
  scalar.dtype = GA_INT64;
  scalar.as_int = value;
  return Operand::weak_scalar(scalar);
}

std::string resolve(std::string_view name, const std::vector<Operand>& operands, LoopRequest request = {}) {
  request.inputs = operands;
  return garray::resolve_loop(garray::find_ufunc(name), request).signature();
}

std::string resolve(std::string_view name, std::string_view codes) { return resolve(name, operands_for(codes)); }

std::vector<std::string> split(const std::string& text) {
  std::istringstream stream(text);
  std::vector<std::string> words;
  for (std::string word; stream >> word;) words.push_back(word);
  return words;
}

std::string identity_text(garray::Identity identity) {
  switch (identity) {
    case garray::Identity::zero: return "0";
    case garray::Identity::one: return "1";
    case garray::Identity::minus_one: return "-1";
    case garray::Identity::logical_true: return "True";
    case garray::Identity::logical_false: return "False";
    case garray::Identity::minus_infinity: return "-inf";
    default: return "None";
  }
}

// Loops garray has that numpy_tables.inc's NumPy lacks: bfloat16's, and NumPy 2's additions.
bool beyond_numpy_1_24(std::string_view name, const std::string& signature) {
  if (signature.find('E') != std::string::npos) return true;
  if (signature == "lL->?" || signature == "Ll->?") return true;  // NumPy 2's exact int64/uint64 comparisons
  const bool integer_rounding = name == "floor" || name == "ceil" || name == "trunc";
  return integer_rounding && signature.find_first_of("efdFD") == std::string::npos;  // NumPy 2.3
}

}  // namespace

TEST(UfuncTable, LoopsArityAndIdentityMatchNumPy) {
  for (const numpy_tables::UfuncInfo& info : numpy_tables::kUfuncs) {
    SCOPED_TRACE(info.name);
    const garray::Ufunc& ufunc = garray::find_ufunc(info.name);
    EXPECT_EQ(ufunc.name, info.name);
    EXPECT_EQ(ufunc.nin, info.nin);
    EXPECT_EQ(ufunc.nout, info.nout);
    EXPECT_EQ(identity_text(ufunc.identity), info.identity);
    std::vector<std::string> ours;
    for (const std::string& signature : ufunc.types()) {
      if (!beyond_numpy_1_24(info.name, signature)) ours.push_back(signature);
    }
    EXPECT_EQ(ours, split(info.types));
  }
}

TEST(UfuncTable, EveryFloat16LoopHasItsBfloat16Twin) {
  for (const garray::Ufunc& ufunc : garray::all_ufuncs()) {
    const std::vector<std::string> types = ufunc.types();
    const std::set<std::string> all(types.begin(), types.end());
    for (std::string signature : types) {
      if (signature.find('e') == std::string::npos) continue;
      for (char& code : signature) code = code == 'e' ? 'E' : code;
      EXPECT_TRUE(all.count(signature)) << ufunc.name << " lacks " << signature;
    }
  }
}

TEST(UfuncTable, NamesAliasesAndOperations) {
  EXPECT_EQ(garray::find_ufunc("true_divide").name, "divide");
  EXPECT_EQ(garray::find_ufunc("mod").name, "remainder");
  EXPECT_EQ(garray::find_ufunc("abs").name, "absolute");
  EXPECT_EQ(garray::find_ufunc("conj").name, "conjugate");
  EXPECT_EQ(garray::find_ufunc("bitwise_not").name, "invert");
  EXPECT_EQ(garray::find_ufunc("degrees").name, "rad2deg");
  EXPECT_EQ(garray::find_ufunc("atan2").name, "arctan2");
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "no ufunc named 'nope'", [] { garray::find_ufunc("nope"); });
  std::set<std::string_view> names;
  for (const garray::Ufunc& ufunc : garray::all_ufuncs()) {
    EXPECT_TRUE(names.insert(ufunc.name).second) << "duplicate " << ufunc.name;
    EXPECT_FALSE(ufunc.loops.empty()) << ufunc.name;
    for (const garray::UfuncLoop& loop : ufunc.loops) {
      EXPECT_NE(loop.operation.find("out0"), std::string::npos) << ufunc.name << " " << ufunc.signature(loop);
    }
  }
  for (const char* name : {"real", "imag", "angle", "where", "clip"}) EXPECT_TRUE(names.count(name)) << name;
}

TEST(UfuncTable, IdentityValues) {
  using garray::Identity;
  EXPECT_EQ(garray::identity_value(Identity::zero, GA_INT32).as_int, 0);
  EXPECT_EQ(garray::identity_value(Identity::one, GA_FLOAT32).as_real, 1.0);
  EXPECT_EQ(garray::identity_value(Identity::minus_one, GA_UINT8).as_uint, 255u);
  EXPECT_EQ(garray::identity_value(Identity::minus_one, GA_BOOL).as_int, 1);
  EXPECT_EQ(garray::identity_value(Identity::logical_true, GA_BOOL).as_int, 1);
  EXPECT_EQ(garray::identity_value(Identity::minus_infinity, GA_FLOAT64).as_real, -std::numeric_limits<double>::infinity());
  expect_error(GA_ERROR_DTYPE, [] { garray::identity_value(Identity::minus_infinity, GA_INT8); });
  expect_error(GA_ERROR_INVALID_ARGUMENT, [] { garray::identity_value(Identity::reorderable_none, GA_INT8); });
}

TEST(LoopResolution, MatchesNumPyForEveryPairOfDtypesAndWeakScalars) {
  const std::string codes = numpy_tables::kCaseCodes;
  for (const numpy_tables::Resolutions& entry : numpy_tables::kResolutions) {
    const garray::Ufunc& ufunc = garray::find_ufunc(entry.name);
    std::vector<std::string> cases;
    for (char a : codes) {
      if (ufunc.nin == 1) {
        cases.emplace_back(1, a);
        continue;
      }
      for (char b : codes) cases.push_back(ufunc.nin == 2 ? std::string{a, b} : std::string{a, b, b});
    }
    const std::vector<std::string> expected = split(entry.loops);
    ASSERT_EQ(expected.size(), cases.size()) << entry.name;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      SCOPED_TRACE(std::string(entry.name) + " on " + cases[k]);
      if (expected[k] == "!") {
        expect_error(GA_ERROR_DTYPE, [&] { resolve(entry.name, cases[k]); });
      } else {
        EXPECT_EQ(resolve(entry.name, cases[k]), expected[k]);
      }
    }
  }
}

TEST(LoopResolution, SignaturesMatchNumPy) {
  for (const numpy_tables::SignatureCase& entry : numpy_tables::kSignatureCases) {
    SCOPED_TRACE(std::string(entry.ufunc) + " " + entry.inputs + " signature " + entry.signature);
    std::vector<std::optional<ga_dtype_t>> signature;
    for (const char* code = entry.signature; *code != '\0'; ++code) {
      signature.push_back(*code == '-' ? std::nullopt : std::optional(dtype_from_type_code(*code)));
    }
    LoopRequest request;
    request.signature = signature;
    const std::vector<Operand> operands = operands_for(entry.inputs);
    if (std::string(entry.loop) == "!") {
      expect_error(GA_ERROR_DTYPE, [&] { resolve(entry.ufunc, operands, request); });
    } else {
      EXPECT_EQ(resolve(entry.ufunc, operands, request), entry.loop);
    }
  }
}

TEST(LoopResolution, Bfloat16UsesItsOwnLoops) {
  EXPECT_EQ(resolve("add", "EE"), "EE->E");
  EXPECT_EQ(resolve("add", "E2"), "EE->E");   // a Python float keeps bfloat16
  EXPECT_EQ(resolve("add", "Ee"), "ff->f");   // float16 with bfloat16 promotes to float32
  EXPECT_EQ(resolve("add", "Eb"), "EE->E");
  EXPECT_EQ(resolve("add", "Eh"), "ff->f");
  EXPECT_EQ(resolve("add", "E3"), "FF->F");
  EXPECT_EQ(resolve("sin", "E"), "E->E");
  EXPECT_EQ(resolve("less", "EE"), "EE->?");
  EXPECT_EQ(resolve("logical_and", "Ef"), "\?\?->?");
  EXPECT_EQ(resolve("ldexp", "Ei"), "Ei->E");
  EXPECT_EQ(resolve("ldexp", "El"), "El->E");
  EXPECT_EQ(resolve("frexp", "E"), "E->Ei");
  EXPECT_EQ(resolve("nextafter", "EE"), "EE->E");
  EXPECT_EQ(resolve("floor", "E"), "E->E");
  EXPECT_EQ(resolve("where", "?EE"), "?EE->E");
  expect_error(GA_ERROR_DTYPE, [] { resolve("bitwise_and", "EE"); });
}

TEST(LoopResolution, WhereConditionIsAnyDtypeAndValuesPromote) {
  EXPECT_EQ(resolve("where", "dbh"), "?hh->h");
  EXPECT_EQ(resolve("where", "?b2"), "?dd->d");
  EXPECT_EQ(resolve("where", "?12"), "?dd->d");
  EXPECT_EQ(resolve("where", "?f1"), "?ff->f");
}

TEST(LoopResolution, WeakIntegersMustFitTheirLoopExceptInComparisons) {
  expect_error_containing(GA_ERROR_DTYPE, "Python integer 300 out of bounds for uint8",
                          [] { resolve("add", {Operand::strong(GA_UINT8), weak_int(300)}); });
  expect_error_containing(GA_ERROR_DTYPE, "Python integer 300 out of bounds for int8",
                          [] { resolve("left_shift", {Operand::strong(GA_INT8), weak_int(300)}); });
  expect_error(GA_ERROR_DTYPE, [] { resolve("maximum", {weak_int(-1), Operand::strong(GA_UINT16)}); });
  EXPECT_EQ(resolve("add", {Operand::strong(GA_INT16), weak_int(300)}), "hh->h");
  EXPECT_EQ(resolve("add", {Operand::strong(GA_FLOAT16), weak_int(100000)}), "ee->e");
  // NumPy 2 compares Python integers exactly whatever their range.
  EXPECT_EQ(resolve("equal", {Operand::strong(GA_UINT8), weak_int(2)}), "BB->?");
  EXPECT_EQ(resolve("less", {Operand::strong(GA_UINT8), weak_int(300)}), "ll->?");
  EXPECT_EQ(resolve("less", {Operand::strong(GA_UINT64), weak_int(-1)}), "Ll->?");
  EXPECT_EQ(resolve("greater", {weak_int(-1), Operand::strong(GA_UINT64)}), "lL->?");
  ga_scalar_t big{};
  big.dtype = GA_UINT64;
  big.as_uint = 1ull << 63;
  EXPECT_EQ(resolve("less", {Operand::strong(GA_INT64), Operand::weak_scalar(big)}), "lL->?");
  EXPECT_EQ(resolve("less", {Operand::strong(GA_INT8), Operand::weak_scalar(big)}), "lL->?");
}

TEST(LoopResolution, ErrorsCarryNumPysMessages) {
  expect_error_containing(GA_ERROR_DTYPE,
                          "ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely "
                          "coerced to any supported types according to the casting rule ''safe''",
                          [] { resolve("bitwise_and", "dd"); });
  expect_error_containing(GA_ERROR_DTYPE, "ufunc 'gcd' did not contain a loop with signature matching types (float64, float64)",
                          [] { resolve("gcd", "d1"); });
  expect_error_containing(GA_ERROR_DTYPE, "numpy boolean subtract", [] { resolve("subtract", "??"); });
  expect_error_containing(GA_ERROR_DTYPE, "The numpy boolean negative", [] { resolve("negative", "?"); });
  expect_error_containing(GA_ERROR_DTYPE, "ufunc 'sign' did not contain a loop", [] { resolve("sign", "?"); });

  const std::vector<Operand> doubles = operands_for("dd");
  LoopRequest int_dtype;
  int_dtype.dtype = GA_INT32;
  expect_error_containing(GA_ERROR_DTYPE,
                          "Cannot cast ufunc 'add' input 0 from dtype('float64') to dtype('int32') with casting rule "
                          "'same_kind'",
                          [&] { resolve("add", doubles, int_dtype); });
  int_dtype.casting = Casting::unsafe;
  EXPECT_EQ(resolve("add", doubles, int_dtype), "ii->i");

  const std::optional<ga_dtype_t> int8_out[] = {GA_INT8};
  LoopRequest into_int8;
  into_int8.outputs = int8_out;
  expect_error_containing(GA_ERROR_DTYPE,
                          "Cannot cast ufunc 'sqrt' output from dtype('float16') to dtype('int8') with casting rule "
                          "'same_kind'",
                          [] {
                            const std::optional<ga_dtype_t> out[] = {GA_INT8};
                            LoopRequest request;
                            request.outputs = out;
                            resolve("sqrt", operands_for("b"), request);
                          });
  into_int8.casting = Casting::unsafe;
  EXPECT_EQ(resolve("sqrt", operands_for("b"), into_int8), "e->e");
  const std::optional<ga_dtype_t> float_out[] = {GA_FLOAT64};
  LoopRequest into_float;
  into_float.outputs = float_out;
  EXPECT_EQ(resolve("add", operands_for("bb"), into_float), "bb->b");  // outputs do not choose the loop

  LoopRequest strict;
  strict.casting = Casting::no;
  expect_error_containing(GA_ERROR_DTYPE, "input 0 from dtype('int8') to dtype('int16') with casting rule 'no'",
                          [&] { resolve("add", operands_for("bh"), strict); });
  EXPECT_EQ(resolve("add", operands_for("hh"), strict), "hh->h");
  expect_error_containing(GA_ERROR_DTYPE, "casting rule ''no''", [&] { resolve("sin", operands_for("b"), strict); });
}

TEST(LoopResolution, RejectsMalformedRequests) {
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "takes 2 inputs, got 1", [] { resolve("add", "b"); });
  const std::optional<ga_dtype_t> short_signature[] = {GA_FLOAT32};
  LoopRequest request;
  request.signature = short_signature;
  expect_error(GA_ERROR_INVALID_ARGUMENT, [&] { resolve("add", operands_for("ff"), request); });
  const std::optional<ga_dtype_t> signature[] = {std::nullopt, std::nullopt, GA_FLOAT32};
  request.signature = signature;
  request.dtype = GA_FLOAT32;
  expect_error_containing(GA_ERROR_INVALID_ARGUMENT, "cannot specify both", [&] { resolve("add", operands_for("ff"), request); });
  const std::optional<ga_dtype_t> two_outputs[] = {GA_FLOAT32, GA_FLOAT32};
  LoopRequest outputs;
  outputs.outputs = two_outputs;
  expect_error(GA_ERROR_INVALID_ARGUMENT, [&] { resolve("add", operands_for("ff"), outputs); });
}

TEST(LoopResolution, ResolvedLoopCarriesOperationAndOnlyTheHelpersItNeeds) {
  std::vector<Operand> ints = operands_for("ii");
  LoopRequest request;
  request.inputs = ints;
  const garray::ResolvedLoop floor_divide = garray::resolve_loop(garray::find_ufunc("floor_divide"), request);
  EXPECT_EQ(floor_divide.signature(), "ii->i");
  ASSERT_EQ(floor_divide.inputs().size(), 2u);
  EXPECT_EQ(floor_divide.outputs()[0], GA_INT32);
  EXPECT_EQ(floor_divide.operation(), "out0 = ga_floor_divide(in0, in1);");
  const std::string helpers = floor_divide.device_source();
  EXPECT_NE(helpers.find("ga_floor_divide"), std::string::npos);
  EXPECT_EQ(helpers.find("ga_python_divmod"), std::string::npos) << "the float helper is not needed";
  EXPECT_EQ(helpers.find("#include"), std::string::npos);
  EXPECT_TRUE(garray::resolve_loop(garray::find_ufunc("add"), request).device_source().empty());

  std::vector<Operand> complex_operand = operands_for("D");
  request.inputs = complex_operand;
  const std::string arcsin = garray::resolve_loop(garray::find_ufunc("arcsin"), request).device_source();
  // Its dependencies come along, before it.
  EXPECT_LT(arcsin.find("struct ga_real_constants"), arcsin.find("ga_sqrt("));
  EXPECT_LT(arcsin.find("ga_sqrt("), arcsin.find("ga_arcsin("));
  EXPECT_EQ(arcsin.find("ga_sinh("), std::string::npos);
}
