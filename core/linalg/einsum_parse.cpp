#include "core/linalg/einsum_parse.hpp"

#include "core/common/error.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace garray {

namespace {

[[noreturn]] void reject(const std::string& message) { throw Error(GA_ERROR_INVALID_ARGUMENT, "einsum: " + message); }

// One term: its letters, with the place of its ellipsis (-1: none).
struct Term {
  std::vector<int> letters;
  int ellipsis_at = -1;
};

Term parse_term(std::string_view text, const std::string& which) {
  Term term;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (std::isalpha(static_cast<unsigned char>(c))) {
      term.letters.push_back(static_cast<unsigned char>(c));
      continue;
    }
    if (c != '.') reject("character '" + std::string(1, c) + "' in " + which + " is not a valid subscript");
    if (text.substr(i, 3) != "...") reject(which + " has a '.' that is not part of an ellipsis '...'");
    if (term.ellipsis_at >= 0) reject(which + " has more than one ellipsis '...'");
    term.ellipsis_at = static_cast<int>(term.letters.size());
    i += 2;
  }
  return term;
}

// The term's labels for a dimension count of `ellipsis_ndim` under its ellipsis.
std::vector<int> labels_of(const Term& term, int ellipsis_ndim) {
  std::vector<int> labels;
  for (std::size_t i = 0; i <= term.letters.size(); ++i) {
    if (static_cast<int>(i) == term.ellipsis_at) {
      for (int d = ellipsis_ndim - 1; d >= 0; --d) labels.push_back(kEllipsisLabel + d);
    }
    if (i < term.letters.size()) labels.push_back(term.letters[i]);
  }
  return labels;
}

}  // namespace

EinsumLabels parse_einsum(std::string_view subscripts, std::span<const int> ndims) {
  std::string text;
  for (char c : subscripts) {
    if (c != ' ') text.push_back(c);
  }
  const std::size_t arrow = text.find("->");
  const std::string inputs_text = text.substr(0, arrow);
  if (inputs_text.find('>') != std::string::npos || inputs_text.find('-') != std::string::npos ||
      (arrow != std::string::npos && text.find_first_of("->", arrow + 2) != std::string::npos)) {
    reject("subscripts '" + std::string(subscripts) + "' have a '-' or '>' that is not one output arrow '->'");
  }
  std::vector<Term> terms;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = inputs_text.find(',', start);
    const std::string which = "operand " + std::to_string(terms.size()) + "'s subscripts";
    terms.push_back(parse_term(std::string_view(inputs_text).substr(start, comma - start), which));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != ndims.size()) {
    reject("the subscripts name " + std::to_string(terms.size()) + " operands but " + std::to_string(ndims.size()) +
           " were given");
  }
  EinsumLabels labels;
  std::array<int, kEllipsisLabel> counts{};
  int ellipsis_ndim = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const Term& term = terms[i];
    const int letters = static_cast<int>(term.letters.size());
    const int covered = ndims[i] - letters;
    if (covered < 0 || (covered > 0 && term.ellipsis_at < 0)) {
      reject("operand " + std::to_string(i) + " has " + std::to_string(ndims[i]) +
             " dimensions but its subscripts name " + std::to_string(letters) +
             (term.ellipsis_at < 0 ? "" : " besides the ellipsis"));
    }
    ellipsis_ndim = std::max(ellipsis_ndim, term.ellipsis_at >= 0 ? covered : 0);
    for (int letter : term.letters) ++counts[letter];
    labels.inputs.push_back(labels_of(term, std::max(covered, 0)));
  }
  if (arrow == std::string::npos) {
    for (int d = ellipsis_ndim - 1; d >= 0; --d) labels.output.push_back(kEllipsisLabel + d);
    for (int letter = 0; letter < kEllipsisLabel; ++letter) {
      if (counts[letter] == 1) labels.output.push_back(letter);
    }
    return labels;
  }
  const Term output = parse_term(std::string_view(text).substr(arrow + 2), "the output subscripts");
  if (output.ellipsis_at < 0 && ellipsis_ndim > 0) {
    reject("output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to "
           "broadcast the extra dimensions");
  }
  for (std::size_t i = 0; i < output.letters.size(); ++i) {
    const int letter = output.letters[i];
    const std::string name(1, static_cast<char>(letter));
    if (counts[letter] == 0) reject("output subscript '" + name + "' does not appear in the input subscripts");
    if (std::count(output.letters.begin(), output.letters.end(), letter) > 1) {
      reject("output subscript '" + name + "' appears more than once");
    }
  }
  labels.output = labels_of(output, ellipsis_ndim);
  return labels;
}

}  // namespace garray
