//! The frames clients send over a live connection, read strictly: each is
//! one JSON object with a known `"type"` and the fields that type needs.
//! Anything else is a [`FrameError`] whose text goes back to the client.

use crate::puzzle_set::SetChoice;
use serde::Deserialize;

/// A frame from a class's teacher or student.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClassFrame {
    Ask {
        kind: String,
        game: String,
        position: String,
        #[serde(default)]
        play: Option<String>,
        #[serde(default)]
        seconds: Option<u32>,
    },
    /// A set of engine-proven puzzles that each student solves in order
    /// at their own pace; with `due`, homework.
    Puzzles(SetChoice),
    Answer {
        question: i64,
        answer: serde_json::Value,
    },
    Reveal {
        question: i64,
    },
    Slide {
        index: u32,
    },
    Follow {
        on: bool,
    },
    Kick {
        student: i64,
    },
    /// Lets a student back in on another device, or refuses to.
    Admit {
        student: i64,
        on: bool,
    },
    Lock {
        on: bool,
    },
    /// Opens an ended class again: same code, roster and results.
    Reopen,
    /// Every student's screen shows only "eyes on the teacher", or not.
    Pause {
        on: bool,
    },
    /// Keeps a connection alive through proxies that close quiet ones.
    Ping,
}

/// A frame from a seat of a game between two devices.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum GameFrame {
    Move { after: String },
    Ping,
}

#[derive(Debug, PartialEq, Eq)]
pub struct FrameError(pub String);

/// Reads one frame: a JSON object of a type `T` knows.
pub fn parse<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, FrameError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| FrameError(format!("a frame must be one JSON object: {e}")))?;
    let kind = match value.get("type") {
        Some(serde_json::Value::String(kind)) => kind.clone(),
        _ => {
            return Err(FrameError(
                "a frame needs a \"type\" that is a string".into(),
            ))
        }
    };
    serde_json::from_value(value)
        .map_err(|e| FrameError(format!("a \"{}\" frame: {e}", shown(&kind))))
}

/// A client's word as an error shows it: at most 40 characters.
fn shown(word: &str) -> String {
    let mut short: String = word.chars().take(40).collect();
    if short.len() < word.len() {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_by_type() {
        let ask: ClassFrame =
            parse(r#"{"type":"ask","kind":"pn","game":"nim","position":"1 2","seconds":30}"#)
                .unwrap();
        assert!(matches!(
            ask,
            ClassFrame::Ask {
                seconds: Some(30),
                ..
            }
        ));
        let answer: ClassFrame = parse(r#"{"type":"answer","question":3,"answer":"P"}"#).unwrap();
        assert!(matches!(answer, ClassFrame::Answer { question: 3, .. }));
        let set: ClassFrame =
            parse(r#"{"type":"puzzles","game":"nim","count":5,"due":9}"#).unwrap();
        assert!(matches!(
            set,
            ClassFrame::Puzzles(SetChoice {
                count: 5,
                due: Some(9),
                theme: None,
                ..
            })
        ));
        let game: GameFrame = parse(r#"{"type":"move","after":"1 2"}"#).unwrap();
        assert_eq!(
            game,
            GameFrame::Move {
                after: "1 2".into()
            }
        );
    }

    #[test]
    fn bad_frames_say_what_is_wrong() {
        let error = |text: &str| parse::<ClassFrame>(text).unwrap_err().0;
        assert!(error("not json").contains("one JSON object"));
        assert!(error("[1]").contains("\"type\""));
        assert!(error(r#"{"type":"dance"}"#).contains("dance"));
        assert!(error(r#"{"type":"reveal"}"#).contains("question"));
        assert!(error(r#"{"type":"slide","index":-1}"#).contains("slide"));
        assert!(error(r#"{"type":"lock","on":true,"extra":1}"#).contains("extra"));
        assert!(error(r#"{"type":"puzzles","game":"nim","count":3,"extra":1}"#).contains("extra"));
        assert!(error(r#"{"type":"puzzles","game":"nim"}"#).contains("count"));
        assert!(error(&format!(r#"{{"type":"{}"}}"#, "x".repeat(100))).contains('…'));
    }
}
