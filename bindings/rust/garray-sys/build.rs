//! Finds libgarray for the link: in `GARRAY_LIB_DIR` when it is set (a build tree, or the lib
//! folder of an installation), else where `pkg-config` says garray is installed (set
//! `PKG_CONFIG_PATH` to the folder holding garray.pc for an installation outside the system's).

use std::env;
use std::process::Command;

fn main() {
    for variable in ["GARRAY_LIB_DIR", "PKG_CONFIG", "PKG_CONFIG_PATH"] {
        println!("cargo::rerun-if-env-changed={variable}");
    }
    let lib_dir = match env::var("GARRAY_LIB_DIR") {
        Ok(dir) if !dir.is_empty() => dir,
        _ => pkg_config_lib_dir().unwrap_or_else(|reason| {
            panic!(
                "garray-sys: cannot find libgarray ({reason}); set GARRAY_LIB_DIR to the folder \
                 holding libgarray.so, or PKG_CONFIG_PATH to the one holding garray.pc"
            )
        }),
    };
    println!("cargo::rustc-link-search=native={lib_dir}");
    println!("cargo::rustc-link-lib=dylib=garray");
    // This crate's tests find the library without LD_LIBRARY_PATH; dependents read the folder as
    // DEP_GARRAY_LIB_DIR in their build scripts.
    println!("cargo::rustc-link-arg-tests=-Wl,-rpath,{lib_dir}");
    println!("cargo::metadata=lib_dir={lib_dir}");
}

fn pkg_config_lib_dir() -> Result<String, String> {
    let program = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".to_string());
    let output = Command::new(&program)
        .args(["--variable=libdir", "garray"])
        .output()
        .map_err(|error| format!("running {program}: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "{program} --variable=libdir garray: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let lib_dir = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if lib_dir.is_empty() {
        return Err(format!("{program} gives garray no libdir"));
    }
    Ok(lib_dir)
}
