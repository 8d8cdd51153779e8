#![no_main]
//! The intervals parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("intervals", text));
