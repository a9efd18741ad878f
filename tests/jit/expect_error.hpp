// Runs a statement that must throw garray::Error with a given status, and hands back its message.
#pragma once

#include "core/common/error.hpp"

#include <gtest/gtest.h>

#include <string>

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
