#![no_main]
//! Every game's parser, and what it reads: the input's first line names the
//! game (an id from the registry, `sum` included), the rest is its text.

libfuzzer_sys::fuzz_target!(|input: &str| {
    let (game, text) = input.split_once('\n').unwrap_or((input, ""));
    grundy_fuzz::check_text(game, text);
});
