#![no_main]
//! The octal parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("octal", text));
