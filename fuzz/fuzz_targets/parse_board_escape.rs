#![no_main]
//! The board-escape parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("board-escape", text));
