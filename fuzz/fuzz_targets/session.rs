#![no_main]
//! Sequences of session operations on any game: play, undo, redo, edit,
//! load, tree and the computer's move, each followed by a read-back check.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::run_operations(data));
