//! The harness of garray's Rust test binaries (`harness = false` in their Cargo.toml).
//!
//! libtest cannot skip a test at run time, and on stable Rust it reports only as text. garray's
//! device tests must skip, with the reason, on a machine without a GPU, and the project's test
//! runner counts every suite from JUnit reports, also on a GPU machine that has the binaries but
//! no Rust toolchain. So each test binary's `main` calls [`run`], which prints one line per test
//! as libtest does, writes a JUnit report when given `--junit PATH`, and exits non-zero when a
//! test failed. Any other argument not starting with `-` keeps only the tests whose name contains
//! it, as `cargo test NAME` does.

use std::error::Error;
use std::fmt;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

/// What a test returns: `Ok(())` when it passed, [`skip`] to skip it, any error when it failed.
/// A panic (a failed `assert!`) fails it too.
pub type TestResult = Result<(), Box<dyn Error>>;

/// One test of a binary. Build a list with [`tests!`].
pub struct Test {
    pub name: &'static str,
    pub function: fn() -> TestResult,
}

/// `tests![a, b]` is the list of tests named by the functions `a` and `b`.
#[macro_export]
macro_rules! tests {
    ($($function:path),* $(,)?) => {
        &[$($crate::Test { name: stringify!($function), function: $function }),*]
    };
}

#[derive(Debug)]
struct Skipped(String);

impl fmt::Display for Skipped {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

impl Error for Skipped {}

/// Skips the running test, giving the reason.
pub fn skip(reason: impl Into<String>) -> TestResult {
    Err(Box::new(Skipped(reason.into())))
}

enum Outcome {
    Passed,
    Failed(String),
    Skipped(String),
}

struct Record {
    name: &'static str,
    outcome: Outcome,
    seconds: f64,
}

/// Runs `tests` as the suite `suite`, or skips every one of them with the reason `skip_all` when
/// it is given (a device suite on a machine without a device). Returns the process's exit code.
pub fn run(suite: &str, tests: &[Test], skip_all: Option<String>) -> ExitCode {
    let (mut junit, mut filters) = (None, Vec::new());
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        if argument == "--junit" {
            junit = arguments.next();
        } else if !argument.starts_with('-') {
            filters.push(argument);
        }
    }
    let selected: Vec<&Test> = tests
        .iter()
        .filter(|test| filters.is_empty() || filters.iter().any(|filter| test.name.contains(filter.as_str())))
        .collect();

    println!("\nrunning {} tests of {suite}", selected.len());
    if let Some(reason) = &skip_all {
        println!("skipping them all: {reason}");
    }
    let records: Vec<Record> = selected.iter().map(|test| run_one(test, skip_all.as_deref())).collect();

    let count =
        |wanted: fn(&Outcome) -> bool| records.iter().filter(|record| wanted(&record.outcome)).count();
    let failed = count(|outcome| matches!(outcome, Outcome::Failed(_)));
    let skipped = count(|outcome| matches!(outcome, Outcome::Skipped(_)));
    println!(
        "\ntest result: {}. {} passed; {failed} failed; {skipped} skipped\n",
        if failed == 0 { "ok" } else { "FAILED" },
        records.len() - failed - skipped
    );
    if let Some(path) = junit {
        if let Err(error) = fs::write(&path, junit_report(suite, &records)) {
            eprintln!("cannot write the JUnit report {path}: {error}");
            return ExitCode::FAILURE;
        }
    }
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn run_one(test: &Test, skip_all: Option<&str>) -> Record {
    let start = Instant::now();
    let outcome = match skip_all {
        Some(reason) => Outcome::Skipped(reason.to_string()),
        None => match panic::catch_unwind(AssertUnwindSafe(test.function)) {
            Ok(Ok(())) => Outcome::Passed,
            Ok(Err(error)) => match error.downcast::<Skipped>() {
                Ok(skipped) => Outcome::Skipped(skipped.0),
                Err(error) => Outcome::Failed(error.to_string()),
            },
            Err(payload) => Outcome::Failed(panic_message(payload.as_ref())),
        },
    };
    match &outcome {
        Outcome::Passed => println!("test {} ... ok", test.name),
        Outcome::Failed(message) => println!("test {} ... FAILED\n    {message}", test.name),
        Outcome::Skipped(reason) => println!("test {} ... skipped: {reason}", test.name),
    }
    Record { name: test.name, outcome, seconds: start.elapsed().as_secs_f64() }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let message = payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string());
    format!("panicked: {message}")
}

fn junit_report(suite: &str, records: &[Record]) -> String {
    let failures = records.iter().filter(|r| matches!(r.outcome, Outcome::Failed(_))).count();
    let skipped = records.iter().filter(|r| matches!(r.outcome, Outcome::Skipped(_))).count();
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">\n",
        escape(suite),
        records.len()
    );
    for record in records {
        let head = format!(
            "  <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
            escape(suite),
            escape(record.name),
            record.seconds
        );
        match &record.outcome {
            Outcome::Passed => xml += &format!("{head}/>\n"),
            Outcome::Failed(message) => {
                xml += &format!("{head}>\n    <failure message=\"{}\"/>\n  </testcase>\n", escape(message))
            }
            Outcome::Skipped(reason) => {
                xml += &format!("{head}>\n    <skipped message=\"{}\"/>\n  </testcase>\n", escape(reason))
            }
        }
    }
    xml + "</testsuite>\n"
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\n', "&#10;")
}
