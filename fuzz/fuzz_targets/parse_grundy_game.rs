#![no_main]
//! The grundy-game parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("grundy-game", text));
