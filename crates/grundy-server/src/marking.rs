//! What the engine says about a position, for marking a class's answers
//! and checking a game's moves. Nothing here trusts a client: every
//! position is read by grundy-core with the playground's limits, and
//! every verdict comes from its analysis.

use grundy_core::analysis::Convention;
use grundy_core::game::Walk;
use grundy_core::key::KeyHasher;
use grundy_core::{games, AnySession, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The three questions a teacher asks of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

/// The play a client asks for: normal unless it names one, refused with
/// the words it may use.
pub fn asked_play(word: Option<&str>) -> Result<Convention, &'static str> {
    parse_play(word.unwrap_or("normal")).ok_or("play is \"normal\" or \"misere\"")
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

    /// Whether the player to move has no move: the game is over. Found by
    /// listing the moves, never by valuing them.
    pub fn finished(&mut self) -> bool {
        self.session.walk().moves() == 0
    }

    /// The id of the move that leaves `reached` (the same position, or one
    /// with the same futures), found without valuing a move where the game
    /// allows: each move is played on a walk and its key compared, so that
    /// checking a move costs as many plays as the position has moves,
    /// however hard it is to solve. Of several such moves, one that leaves
    /// the very text wins, so that the other board shows what the mover drew.
    pub fn move_id_to(&mut self, reached: &mut Position) -> Result<Option<u32>, String> {
        let target = walk_key(reached.session.walk().as_ref());
        let text = reached.text();
        let key = reached.session.canonical();
        let game = self.session.info().id;
        let play = self.session.convention();
        let mut walk = self.session.walk();
        let mut alike = None;
        for id in 0..walk.moves() {
            walk.enter(id).map_err(|e| e.to_string())?;
            // Only a move with the same futures has its text written.
            let same_text =
                (walk_key(walk.as_ref()) == target).then(|| walk.text().is_none_or(|t| t == text));
            walk.leave();
            match same_text {
                Some(true) => return Ok(Some(id)),
                Some(false) => _ = alike.get_or_insert(id),
                None => {}
            }
        }
        if alike.is_some() {
            return Ok(alike);
        }
        // A walk's keys are comparable within the walk; a game that
        // renumbers what a move leaves (Node Kayles' vertices) is compared
        // by the canonical form of the text each move leaves instead.
        if walk.text().is_some() {
            for id in 0..walk.moves() {
                walk.enter(id).map_err(|e| e.to_string())?;
                let leaves = walk.text().unwrap_or_default();
                walk.leave();
                if Position::open(game, &leaves, play)?.session.canonical() == key {
                    return Ok(Some(id));
                }
            }
            return Ok(None);
        }
        drop(walk);
        Ok(self.canonical_move_to(&key))
    }

    /// The move to the position with canonical form `key`, found by the
    /// canonical form each move leaves, computed without an analysis: for
    /// a walk that writes no positions (a sum) and keys that are the
    /// walk's own.
    fn canonical_move_to(&mut self, key: &str) -> Option<u32> {
        let moves = self.session.walk().moves();
        (0..moves).find(|id| {
            self.session
                .canonical_after(*id)
                .is_ok_and(|after| after == key)
        })
    }
}

/// The key of the position a walk stands on.
fn walk_key(walk: &dyn Walk) -> u128 {
    let mut key = KeyHasher::default();
    walk.key(&mut key);
    key.finish()
}

/// A question's answer, worked out by the engine when it is asked (in a
/// process of its own, which hands it back as JSON: see `engine`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnswerKey {
    Pn(Outcome),
    Value(u32),
    /// Every move's label, by the canonical key of the position it
    /// leaves, worked out once when asked: marking an answer is then a
    /// lookup, never an analysis.
    Move(HashMap<String, MoveOption>),
}

/// A move of a move question: its label, and whether it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
                    // Not played: a move played and taken back is analysed again.
                    let leaves = position
                        .session
                        .canonical_after(id)
                        .map_err(|e| e.to_string())?;
                    // Two moves to one position win or lose alike: the first is kept.
                    let wins = winning.contains(&id);
                    options
                        .entry(leaves)
                        .or_insert(MoveOption { label, wins });
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
        let mut reach = |text: &str| {
            let mut reached = Position::open("nim", text, NORMAL).unwrap();
            position.move_id_to(&mut reached).unwrap()
        };
        assert_eq!(reach("5"), None);
        assert_eq!(reach("3"), None);
        assert_eq!(reach("0"), Some(0));
        assert!(reach("1").is_some());
        assert!(Position::open("nim", "0", NORMAL).unwrap().finished());
        assert!(!position.finished());
    }

    /// Every move of every game's samples is found again from the position
    /// it leaves, as the engine writes it, and leads to a position with the
    /// same futures.
    #[test]
    fn every_option_of_every_game_is_recognised_by_its_walk() {
        for info in games::games() {
            for sample in info.samples {
                let Ok(mut position) = Position::open(info.id, sample.input, NORMAL) else {
                    continue;
                };
                let moves = position.session.analysis().moves.len() as u32;
                for id in 0..moves.min(40) {
                    position.session.play(id).unwrap();
                    let after = position.text();
                    position.session.undo();
                    let mut reached = Position::open(info.id, &after, NORMAL).unwrap();
                    let found = position.move_id_to(&mut reached).unwrap();
                    let found = found
                        .unwrap_or_else(|| panic!("{}: move {id} to {after:?} not found", info.id));
                    position.session.play(found).unwrap();
                    let same_form = position.session.canonical() == reached.session.canonical();
                    let same_key = walk_key(position.session.walk().as_ref())
                        == walk_key(reached.session.walk().as_ref());
                    assert!(
                        same_form || same_key,
                        "{}: move {found} for {id} has other futures",
                        info.id
                    );
                    position.session.undo();
                }
                // The position itself is no option of itself in a game that ends.
                if position.session.ends() && moves > 0 {
                    let mut same = Position::open(info.id, &position.text(), NORMAL).unwrap();
                    assert_eq!(position.move_id_to(&mut same).unwrap(), None, "{}", info.id);
                }
            }
        }
    }
}
