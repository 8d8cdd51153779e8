//! What the command line's tests share: running the built `grundy`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy args` with `stdin` as its input, to the end.
pub fn grundy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    // A refused input may be closed before it is all written.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}
