#include "ufunc_references.hpp"

#include "core/array/dtype.hpp"
#include "core/ops/ufunc/type_codes.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ufunc_test {

namespace {

// Sample counts per operand taken into ternary loops (generate_numpy_references.py).
constexpr std::size_t kTernaryCore = 5;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, separator);) parts.push_back(part);
  return parts;
}

// One element's bytes, little-endian, from its big-endian hex.
std::vector<unsigned char> element_bytes(const std::string& hex) {
  std::vector<unsigned char> bytes(hex.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bytes[bytes.size() - 1 - i] = static_cast<unsigned char>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  }
  return bytes;
}

std::vector<std::vector<unsigned char>> elements(const std::string& list) {
  std::vector<std::vector<unsigned char>> values;
  for (const std::string& hex : split(list, ',')) values.push_back(element_bytes(hex));
  return values;
}

Column column_of(ga_dtype_t dtype, const std::vector<std::vector<unsigned char>>& values) {
  Column column{dtype, {}};
  for (const auto& value : values) {
    if (value.size() != garray::dtype_info(dtype).itemsize) throw std::runtime_error("element of the wrong size");
    column.bytes.insert(column.bytes.end(), value.begin(), value.end());
  }
  return column;
}

}  // namespace

std::size_t Column::count() const { return bytes.size() / garray::dtype_info(dtype).itemsize; }

const References& References::instance() {
  static const References references = [] {
    References result;
    std::ifstream file(GARRAY_UFUNC_REFERENCES_FILE);
    if (!file) throw std::runtime_error("cannot read " GARRAY_UFUNC_REFERENCES_FILE);
    for (std::string line; std::getline(file, line);) {
      if (!line.empty() && line[0] != '#') result.parse_line(line);
    }
    return result;
  }();
  return references;
}

const ReferenceCase* References::find(const std::string& ufunc, const std::string& loop) const {
  for (const ReferenceCase& entry : cases_) {
    if (entry.ufunc == ufunc && entry.loop == loop) return &entry;
  }
  return nullptr;
}

Column References::expand_column(char code, const std::vector<std::size_t>& indices, bool core) const {
  const auto& source = (core ? core_ : samples_).at(code);
  std::vector<std::vector<unsigned char>> values;
  for (std::size_t index : indices) values.push_back(source.at(index));
  return column_of(garray::dtype_from_type_code(code), values);
}

void References::parse_line(const std::string& line) {
  const std::vector<std::string> words = split(line, ' ');
  if (words.size() == 3 && (words[0] == "samples" || words[0] == "core")) {
    (words[0] == "samples" ? samples_ : core_)[words[1].at(0)] = elements(words[2]);
    return;
  }
  if (words.size() < 4 || words[0] != "case") throw std::runtime_error("malformed line: " + line);
  ReferenceCase entry{words[1], words[2], {}, {}};
  const garray::ParsedSignature signature = garray::parse_loop_signature(entry.loop);
  const std::string inputs = entry.loop.substr(0, static_cast<std::size_t>(signature.nin));
  // The index of each input's sample for every element: unary takes every sample; binary and
  // ternary the cartesian product of the core samples, first operand outermost.
  std::vector<std::vector<std::size_t>> indices(inputs.size());
  if (inputs.size() == 1) {
    for (std::size_t k = 0; k < samples_.at(inputs[0]).size(); ++k) indices[0].push_back(k);
  } else {
    std::vector<std::size_t> extents;
    for (char code : inputs) {
      const std::size_t available = core_.at(code).size();
      extents.push_back(inputs.size() == 3 && code != '?' ? std::min(available, kTernaryCore) : available);
    }
    std::size_t total = 1;
    for (std::size_t extent : extents) total *= extent;
    for (std::size_t flat = 0; flat < total; ++flat) {
      std::size_t rest = flat;
      for (std::size_t operand = inputs.size(); operand-- > 0;) {
        indices[operand].push_back(rest % extents[operand]);
        rest /= extents[operand];
      }
    }
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    entry.inputs.push_back(expand_column(inputs[i], indices[i], inputs.size() > 1));
  }
  const std::size_t nout = signature.dtypes.size() - inputs.size();
  if (words.size() != 3 + nout) throw std::runtime_error("wrong output count: " + line);
  for (std::size_t j = 0; j < nout; ++j) {
    entry.outputs.push_back(column_of(signature.dtypes[inputs.size() + j], elements(words[3 + j])));
    if (entry.outputs.back().count() != indices[0].size()) throw std::runtime_error("wrong output length: " + line);
  }
  cases_.push_back(std::move(entry));
}

}  // namespace ufunc_test
