#![no_main]
//! The string-game parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("string-game", text));
