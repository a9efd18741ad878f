#!/usr/bin/env python3
"""Sums the results of every test suite into one line: `N passed, N failed, N skipped`.

Reads JUnit-style XML reports:
  --ctest FILE      the report of `ctest --output-junit FILE`. A ctest test that left a GoogleTest
                    report <test name>.xml in --gtest-dir counts as the test cases in that report;
                    any other ctest test (the C99 test, the install test) counts as one test, by
                    ctest's result.
  --gtest-dir DIR   where the GoogleTest executables write their reports (--gtest_output=xml:...).
  --junit FILE      any other JUnit report (pytest --junitxml, ...), one test per <testcase>;
                    may be given several times.
A report that is missing or unreadable counts as one failed test. Prints each failed test, then the
summary line last. Exits 1 if a test failed or none ran (every test skipped counts as none ran).
"""

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

PASSED, FAILED, SKIPPED = "passed", "failed", "skipped"


def junit_outcome(testcase):
    """The outcome of a <testcase> as GoogleTest and pytest write it."""
    if testcase.find("failure") is not None or testcase.find("error") is not None:
        return FAILED
    # GoogleTest marks GTEST_SKIP with result="skipped" and DISABLED_ tests with status="notrun".
    if (testcase.find("skipped") is not None or testcase.get("status") == "notrun"
            or testcase.get("result") in ("skipped", "suppressed")):
        return SKIPPED
    return PASSED


def ctest_outcome(testcase):
    """The outcome of a <testcase> in ctest's report, counted as ctest counts it."""
    status = testcase.get("status")
    if status == "run":
        return PASSED
    if status == "disabled":
        return SKIPPED
    # ctest writes status="notrun" both for a test that skipped itself (SKIP_RETURN_CODE,
    # SKIP_REGULAR_EXPRESSION) and for one it could not start (a missing executable), which it
    # counts as failed.
    skipped = testcase.find("skipped")
    if status == "notrun" and skipped is not None and skipped.get("message", "").startswith("SKIP_"):
        return SKIPPED
    return FAILED


def read_testcases(report):
    """The <testcase> elements of a report, or None when it is missing or unreadable."""
    try:
        return ElementTree.parse(report).getroot().iter("testcase")
    except (OSError, ElementTree.ParseError):
        return None


def case_name(testcase):
    return f"{testcase.get('classname')}.{testcase.get('name')}"


def junit_results(report, prefix=""):
    """(name, outcome) for every test case of a JUnit report."""
    testcases = read_testcases(report)
    if testcases is None:
        return [(f"{prefix}{report} (report missing or unreadable)", FAILED)]
    return [(prefix + case_name(testcase), junit_outcome(testcase)) for testcase in testcases]


def ctest_results(report, gtest_dir):
    """(name, outcome) for every ctest test, expanded into its GoogleTest cases where it has some."""
    testcases = read_testcases(report)
    if testcases is None:
        return [(f"{report} (ctest report missing or unreadable)", FAILED)]
    results = []
    for testcase in testcases:
        name, outcome = testcase.get("name"), ctest_outcome(testcase)
        gtest_report = gtest_dir / f"{name}.xml" if gtest_dir else None
        if gtest_report is None or not gtest_report.is_file():
            results.append((name, outcome))
            continue
        cases = junit_results(gtest_report, prefix=f"{name}: ")
        results.extend(cases)
        # A crash or a timeout after the last test case fails the executable, not a case.
        if outcome == FAILED and all(case_outcome != FAILED for _, case_outcome in cases):
            results.append((f"{name} (exited with a failure outside its test cases)", FAILED))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ctest", type=Path, help="ctest's --output-junit report")
    parser.add_argument("--gtest-dir", type=Path, help="folder of the GoogleTest XML reports")
    parser.add_argument("--junit", type=Path, action="append", default=[],
                        help="another JUnit report; may be repeated")
    arguments = parser.parse_args()

    results = []
    if arguments.ctest:
        results.extend(ctest_results(arguments.ctest, arguments.gtest_dir))
    for report in arguments.junit:
        results.extend(junit_results(report))

    for name, outcome in results:
        if outcome == FAILED:
            print(f"FAILED: {name}")
    counts = Counter(outcome for _, outcome in results)
    print(f"{counts[PASSED]} passed, {counts[FAILED]} failed, {counts[SKIPPED]} skipped")
    return 1 if counts[FAILED] or not counts[PASSED] else 0


if __name__ == "__main__":
    sys.exit(main())
