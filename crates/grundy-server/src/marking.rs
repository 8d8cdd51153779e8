//! What the engine says about a position, for marking a class's answers
//! and checking a game's moves. Nothing here trusts a client: every
//! position is read by grundy-core with the playground's limits, and
//! every verdict comes from its analysis.

use grundy_core::analysis::Convention;
use grundy_core::{games, AnySession, Outcome};
use std::collections::HashMap;

/// The three questions a teacher asks of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Is it a P- or an N-position?
    Pn,
    /// What is its nimber?
    Value,
    /// Play the winning move.
    Move,
}

impl Kind {
    pub fn parse(word: &str) -> Option<Kind> {
        match word {
            "pn" => Some(Kind::Pn),
            "value" => Some(Kind::Value),
            "move" => Some(Kind::Move),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Kind::Pn => "pn",
            Kind::Value => "value",
            Kind::Move => "move",
        }
    }
}

pub fn play_word(play: Convention) -> &'static str {
    match play {
        Convention::Normal => "normal",
        Convention::Misere => "misere",
    }
}

pub fn parse_play(word: &str) -> Option<Convention> {
    match word {
        "normal" => Some(Convention::Normal),
        "misere" | "misère" => Some(Convention::Misere),
        _ => None,
    }
}

/// A position read by the engine with the playground's limits, under `play`.
pub struct Position {
    session: Box<dyn AnySession>,
}

impl Position {
    pub fn open(game: &str, text: &str, play: Convention) -> Result<Position, String> {
        // A GameError's text names its line and column.
        let mut session = games::open(game, text, 0).map_err(|e| e.to_string())?;
        session.set_convention(play);
        Ok(Position { session })
    }

    /// The position as the engine writes it.
    pub fn text(&self) -> String {
        self.session.text()
    }

    /// Who wins under the position's play, where the engine can tell.
    pub fn verdict(&mut self) -> Option<Outcome> {
        self.session.analysis().verdict
    }

    /// Whether the player to move has no move: the game is over.
    pub fn finished(&mut self) -> bool {
        self.session.analysis().moves.is_empty()
    }

    /// The move that leaves `reached` (the same position, or one with the
    /// same futures), and its label.
    fn move_to(&mut self, reached: &mut Position) -> Option<(u32, String)> {
        let key = reached.session.canonical();
        // A position's nimber is its own, so only moves to that value can
        // reach it: the search plays those alone.
        let nimber = reached.session.nimber().ok().map(|n| n.0);
        let candidates: Vec<(u32, String)> = self
            .session
            .analysis()
            .moves
            .iter()
            .filter(|m| nimber.is_none_or(|n| m.after.0 == n))
            .map(|m| (m.id, m.label.clone()))
            .collect();
        candidates.into_iter().find(|(id, _)| {
            if self.session.play(*id).is_err() {
                return false;
            }
            let found = self.session.canonical() == key;
            self.session.undo();
            found
        })
    }

    /// The id of the move that leaves `after`, if there is one.
    pub fn move_id_to(&mut self, after: &str) -> Result<Option<u32>, String> {
        let game = self.session.info().id;
        let mut reached = Position::open(game, after, self.session.convention())?;
        Ok(self.move_to(&mut reached).map(|(id, _)| id))
    }

    /// Plays the move that leaves `after`, if there is one, and says which it was.
    pub fn play_to(&mut self, after: &str) -> Result<Option<u32>, String> {
        let Some(id) = self.move_id_to(after)? else {
            return Ok(None);
        };
        self.session.play(id).map_err(|e| e.to_string())?;
        Ok(Some(id))
    }
}

/// A question's answer, worked out by the engine when it is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerKey {
    Pn(Outcome),
    Value(u32),
    /// Every move's label, by the canonical key of the position it
    /// leaves, worked out once when asked: marking an answer is then a
    /// lookup, never an analysis.
    Move(HashMap<String, MoveOption>),
}

/// A move of a move question: its label, and whether it wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOption {
    pub label: String,
    pub wins: bool,
}

/// A student's answer as marked: what the tally counts it as, what the
/// results keep, and whether it is right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    pub tally: String,
    pub kept: String,
    pub correct: bool,
}

impl AnswerKey {
    /// Works out the answer to a `kind` question about `text`; a question
    /// that has no answer (a draw, a misère nimber, no winning move) is
    /// refused with a sentence saying why.
    pub fn work_out(
        kind: Kind,
        game: &str,
        text: &str,
        play: Convention,
    ) -> Result<(AnswerKey, String), String> {
        let mut position = Position::open(game, text, play)?;
        let written = position.text();
        let key = match kind {
            Kind::Pn => match position.verdict() {
                Some(Outcome::Draw) => {
                    return Err("this position is a draw: it is neither P nor N".into())
                }
                Some(outcome) => AnswerKey::Pn(outcome),
                None => {
                    return Err(
                        "the engine cannot decide this misère position within its budget; ask about a smaller one"
                            .into(),
                    )
                }
            },
            Kind::Value => {
                if play == Convention::Misere {
                    return Err(
                        "a misère position's winner is not given by a nimber; ask P or N instead"
                            .into(),
                    );
                }
                if !position.session.ends() {
                    return Err(format!(
                        "{game} positions can go on forever, so they have no nimber; ask P or N instead"
                    ));
                }
                AnswerKey::Value(position.session.nimber().map_err(|e| e.to_string())?.0)
            }
            Kind::Move => {
                let winning = position.session.analysis().winning.clone();
                if winning.is_empty() {
                    return Err("this position has no winning move; ask P or N instead".into());
                }
                let moves: Vec<(u32, String)> = position
                    .session
                    .analysis()
                    .moves
                    .iter()
                    .map(|m| (m.id, m.label.clone()))
                    .collect();
                let mut options = HashMap::new();
                for (id, label) in moves {
                    position.session.play(id).map_err(|e| e.to_string())?;
                    // Two moves to one position win or lose alike: the first is kept.
                    let wins = winning.contains(&id);
                    options
                        .entry(position.session.canonical())
                        .or_insert(MoveOption { label, wins });
                    position.session.undo();
                }
                AnswerKey::Move(options)
            }
        };
        Ok((key, written))
    }

    /// The answer as the reveal shows it: `P` or `N`, the nimber, or the
    /// label of the first winning move.
    pub fn shown(&self) -> serde_json::Value {
        match self {
            AnswerKey::Pn(outcome) => outcome.letter().into(),
            AnswerKey::Value(nimber) => (*nimber).into(),
            AnswerKey::Move(options) => {
                let mut labels: Vec<&String> = options
                    .values()
                    .filter(|o| o.wins)
                    .map(|o| &o.label)
                    .collect();
                labels.sort();
                labels
                    .into_iter()
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" or ")
                    .into()
            }
        }
    }

    /// Marks an answer; one that cannot be an answer to this question at
    /// all (a word for a number, text the game cannot read) is refused
    /// with a sentence saying why, and is not recorded.
    pub fn mark(
        &self,
        answer: &serde_json::Value,
        game: &str,
        play: Convention,
    ) -> Result<Marked, String> {
        match self {
            AnswerKey::Pn(outcome) => {
                let letter = answer
                    .as_str()
                    .map(str::trim)
                    .map(str::to_ascii_uppercase)
                    .filter(|a| a == "P" || a == "N")
                    .ok_or("answer \"P\" or \"N\"")?;
                let correct = letter == outcome.letter();
                Ok(Marked {
                    tally: letter.clone(),
                    kept: letter,
                    correct,
                })
            }
            AnswerKey::Value(nimber) => {
                let value = match answer {
                    serde_json::Value::Number(n) => n.as_u64(),
                    serde_json::Value::String(s) => s.trim().trim_start_matches('*').parse().ok(),
                    _ => None,
                }
                .filter(|&v| v <= u64::from(u32::MAX))
                .ok_or("answer a nimber: a whole number 0 or more")?;
                Ok(Marked {
                    tally: value.to_string(),
                    kept: value.to_string(),
                    correct: value == u64::from(*nimber),
                })
            }
            AnswerKey::Move(options) => {
                let after = answer
                    .as_str()
                    .ok_or("answer with the position your move leaves, as text")?;
                let reached = Position::open(game, after, play)?;
                let written = reached.text();
                Ok(match options.get(&reached.session.canonical()) {
                    Some(option) => Marked {
                        tally: option.label.clone(),
                        kept: written,
                        correct: option.wins,
                    },
                    None => Marked {
                        tally: "not a move from this position".to_string(),
                        kept: written,
                        correct: false,
                    },
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NORMAL: Convention = Convention::Normal;

    #[test]
    fn pn_and_value_come_from_the_engine() {
        let (key, _) = AnswerKey::work_out(Kind::Pn, "nim", "1 2 3", NORMAL).unwrap();
        assert_eq!(key, AnswerKey::Pn(Outcome::Previous));
        assert!(key.mark(&json!("p"), "nim", NORMAL).unwrap().correct);
        assert!(!key.mark(&json!("N"), "nim", NORMAL).unwrap().correct);
        assert!(key.mark(&json!(3), "nim", NORMAL).is_err());
        let (key, _) = AnswerKey::work_out(Kind::Value, "nim", "3 4 6", NORMAL).unwrap();
        assert_eq!(key, AnswerKey::Value(1));
        assert!(key.mark(&json!(1), "nim", NORMAL).unwrap().correct);
        assert!(key.mark(&json!("*1"), "nim", NORMAL).unwrap().correct);
        assert!(!key.mark(&json!(2), "nim", NORMAL).unwrap().correct);
        assert!(key.mark(&json!(-1), "nim", NORMAL).is_err());
    }

    #[test]
    fn misere_questions_follow_misere_play() {
        // Misère Nim with heaps of 1 1: the player to move wins.
        let (key, _) = AnswerKey::work_out(Kind::Pn, "nim", "1 1", Convention::Misere).unwrap();
        assert_eq!(key, AnswerKey::Pn(Outcome::Next));
        assert!(AnswerKey::work_out(Kind::Value, "nim", "1 1", Convention::Misere).is_err());
    }

    #[test]
    fn a_move_is_right_only_when_it_leaves_a_p_position() {
        let (key, text) = AnswerKey::work_out(Kind::Move, "nim", "3 4 5", NORMAL).unwrap();
        assert_eq!(text.trim(), "3 4 5");
        // 3 ⊕ 4 ⊕ 5 = 2: the winning move takes 2 from the heap of 3.
        let right = key.mark(&json!("1 4 5"), "nim", NORMAL).unwrap();
        assert!(right.correct);
        let wrong = key.mark(&json!("3 4 4"), "nim", NORMAL).unwrap();
        assert!(!wrong.correct);
        assert_ne!(wrong.tally, "not a move from this position");
        let illegal = key.mark(&json!("9 9 9"), "nim", NORMAL).unwrap();
        assert!(!illegal.correct);
        assert_eq!(illegal.tally, "not a move from this position");
        assert!(key.mark(&json!("x y"), "nim", NORMAL).is_err());
    }

    #[test]
    fn questions_without_an_answer_are_refused() {
        assert!(AnswerKey::work_out(Kind::Move, "nim", "1 2 3", NORMAL)
            .unwrap_err()
            .contains("no winning move"));
        let error = AnswerKey::work_out(Kind::Pn, "nim", "1 x", NORMAL).unwrap_err();
        assert!(error.contains("line 1"), "{error}");
        assert!(AnswerKey::work_out(Kind::Pn, "chess", "1", NORMAL).is_err());
    }

    #[test]
    fn a_game_plays_only_options() {
        let mut position = Position::open("nim", "3", NORMAL).unwrap();
        assert_eq!(position.play_to("5").unwrap(), None);
        assert!(position.play_to("1").unwrap().is_some());
        assert_eq!(position.text().trim(), "1");
        assert_eq!(position.play_to("0").unwrap(), Some(0));
        assert!(position.finished());
    }
}
