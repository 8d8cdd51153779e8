//! The class server's frame parser and its marking, on any text a client
//! could send: every frame is read or refused with a message, and every
//! answer is marked or refused, never a panic.

#![no_main]

use grundy_core::analysis::Convention;
use grundy_server::frames::{self, ClassFrame, GameFrame};
use grundy_server::marking::{AnswerKey, Kind};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// One question of each kind about Nim 3 4 5, worked out once.
fn keys() -> &'static [AnswerKey] {
    static KEYS: OnceLock<Vec<AnswerKey>> = OnceLock::new();
    KEYS.get_or_init(|| {
        [Kind::Pn, Kind::Value, Kind::Move]
            .into_iter()
            .map(|kind| AnswerKey::work_out(kind, "nim", "3 4 5", Convention::Normal).unwrap().0)
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = frames::parse::<GameFrame>(text);
    if let Ok(ClassFrame::Answer { answer, .. }) = frames::parse::<ClassFrame>(text) {
        for key in keys() {
            let _ = key.mark(&answer, "nim", "3 4 5", Convention::Normal);
        }
    }
});
