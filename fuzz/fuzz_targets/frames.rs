//! The class server's frame parser and its marking, on any text a client
//! could send: every frame is read or refused with a message, and every
//! answer is marked or refused, never a panic. The same text as a lesson
//! is made into a student's copy, and as a name is cleaned and keyed.

#![no_main]

use grundy_core::analysis::Convention;
use grundy_server::frames::{self, ClassFrame, GameFrame};
use grundy_server::marking::{AnswerKey, Kind};
use grundy_server::{lesson, names};
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
    let _ = lesson::for_students(text);
    if let Ok(name) = names::clean_name(text) {
        let _ = names::name_key(&name);
    }
    if let Ok(ClassFrame::Answer { answer, .. }) = frames::parse::<ClassFrame>(text) {
        for key in keys() {
            let _ = key.mark(&answer, "nim", Convention::Normal);
        }
    }
});
