//! The tests of this crate find libgarray where garray-sys linked it (DEP_GARRAY_LIB_DIR, from its
//! build script), so `cargo test` needs no LD_LIBRARY_PATH. Programs using the crate find the
//! library as for any shared library: the system's path, LD_LIBRARY_PATH, or their own rpath.

fn main() {
    println!("cargo::rerun-if-env-changed=DEP_GARRAY_LIB_DIR");
    if let Ok(lib_dir) = std::env::var("DEP_GARRAY_LIB_DIR") {
        println!("cargo::rustc-link-arg-tests=-Wl,-rpath,{lib_dir}");
    }
}
