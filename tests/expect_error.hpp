// Runs a statement that must throw garray::Error with a given status, and hands back its message;
// or checks, too, that the message contains a fragment.
#pragma once

#include "core/common/error.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

template <class Statement>
std::string expect_error(ga_status_t expected, Statement&& statement) {
  try {
    statement();
  } catch (const garray::Error& error) {
    EXPECT_EQ(error.status(), expected) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "expected garray::Error with status " << expected << ", nothing was thrown";
  return "";
}

template <class Statement>
void expect_error_containing(ga_status_t expected, const std::string& fragment, Statement&& statement) {
  const std::string message = expect_error(expected, std::forward<Statement>(statement));
  EXPECT_NE(message.find(fragment), std::string::npos) << "message '" << message << "' lacks '" << fragment << "'";
}
