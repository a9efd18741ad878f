// NumPy's outputs for every ufunc loop on fixed sample inputs (numpy_references.txt, written by
// generate_numpy_references.py), for the GPU tests to compare garray's kernels with. Each case
// holds the loop's expanded inputs and the expected outputs as element bytes in the loop's
// dtypes, ready to upload and to compare.
#pragma once

#include <garray/base.h>

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ufunc_test {

struct Column {
  ga_dtype_t dtype;
  std::vector<unsigned char> bytes;  // count() elements, little-endian
  std::size_t count() const;
};

struct ReferenceCase {
  std::string ufunc;
  std::string loop;  // "ff->f"
  std::vector<Column> inputs;
  std::vector<Column> outputs;
};

class References {
 public:
  // Reads numpy_references.txt from this source folder (its path is compiled in). Throws
  // std::runtime_error on a malformed file.
  static const References& instance();

  const std::vector<ReferenceCase>& cases() const { return cases_; }
  // The case of `ufunc`'s `loop`, or nullptr.
  const ReferenceCase* find(const std::string& ufunc, const std::string& loop) const;

 private:
  void parse_line(const std::string& line);
  Column expand_column(char code, const std::vector<std::size_t>& indices, bool core) const;
  std::vector<ReferenceCase> cases_;
  std::map<char, std::vector<std::vector<unsigned char>>> samples_;
  std::map<char, std::vector<std::vector<unsigned char>>> core_;
};

}  // namespace ufunc_test
