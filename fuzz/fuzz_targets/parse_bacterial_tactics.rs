#![no_main]
//! The bacterial-tactics parser, and what it reads.

libfuzzer_sys::fuzz_target!(|text: &str| grundy_fuzz::check_text("bacterial-tactics", text));
