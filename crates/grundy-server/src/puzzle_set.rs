//! Puzzle sets: a teacher's choice of game, play, theme, rating band and
//! count, drawn by grundy-core's puzzle generator (every solution proved
//! by the engine) and asked as move questions that each student answers
//! in order, at their own pace, in class or as homework before a due time.

use crate::marking::{AnswerKey, Kind};
use grundy_core::analysis::Convention;
use grundy_core::puzzle::{parse_rating_range, Puzzles, Request, RATINGS};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The most puzzles a set holds.
pub const MAX_PUZZLES: u32 = 30;
/// How far ahead homework may be due.
pub const MAX_DUE_AHEAD: Duration = Duration::from_secs(60 * 24 * 3600);
/// Puzzles drawn for each one a set keeps, before a theme that is rare
/// (or no theme of the game's) is given up on.
const DRAWN_PER_KEPT: usize = 40;

/// A teacher's choice of set, as their `puzzles` frame gives it.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SetChoice {
    pub game: String,
    #[serde(default)]
    pub play: Option<String>,
    #[serde(default)]
    pub theme: Option<String>,
    /// The rating band, as `grundy puzzles --rating` writes it.
    #[serde(default)]
    pub rating: Option<String>,
    pub count: u32,
    /// For homework, when it is due (ms since 1970).
    #[serde(default)]
    pub due: Option<i64>,
}

/// A set as the worker draws it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SetAsked {
    pub game: String,
    pub play: Convention,
    pub theme: Option<String>,
    pub rating: (u32, u32),
    pub count: u32,
    pub seed: u64,
}

/// One puzzle of a set: the position as the engine writes it and its key.
#[derive(Serialize, Deserialize)]
pub struct SetPuzzle {
    pub position: String,
    pub key: AnswerKey,
}

impl SetAsked {
    /// Reads a teacher's choice: the count within [`MAX_PUZZLES`], the
    /// rating band as `grundy puzzles --rating` writes it (`1200..1800`).
    pub fn read(
        game: String,
        play: Convention,
        theme: Option<String>,
        rating: Option<&str>,
        count: u32,
        seed: u64,
    ) -> Result<SetAsked, String> {
        if !(1..=MAX_PUZZLES).contains(&count) {
            return Err(format!("a puzzle set holds 1 to {MAX_PUZZLES} puzzles"));
        }
        let band = match rating {
            None => RATINGS,
            Some(text) => parse_rating_range(text).map_err(|e| format!("rating: {e}"))?,
        };
        let theme = theme
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty());
        Ok(SetAsked {
            game,
            play,
            theme,
            rating: (*band.start(), *band.end()),
            count,
            seed,
        })
    }

    /// Draws the set: puzzles of the game under its play, of the theme
    /// and band asked, each with the key that marks a student's move.
    pub fn draw(&self) -> Result<Vec<SetPuzzle>, String> {
        let mut request = Request::new(&self.game, self.seed, self.play == Convention::Misere);
        request.rating = self.rating.0..=self.rating.1;
        let drawn = Puzzles::new(request).map_err(|e| e.to_string())?;
        let wanted = self.count as usize;
        let mut set = Vec::with_capacity(wanted);
        for puzzle in drawn.take(wanted * DRAWN_PER_KEPT) {
            let Ok(puzzle) = puzzle else { break };
            if self
                .theme
                .as_ref()
                .is_some_and(|t| !puzzle.themes.contains(t))
            {
                continue;
            }
            let (key, position) =
                AnswerKey::work_out(Kind::Move, &self.game, &puzzle.position, self.play)?;
            set.push(SetPuzzle { position, key });
            if set.len() == wanted {
                return Ok(set);
            }
        }
        Err(self.too_few(set.len()))
    }

    fn too_few(&self, found: usize) -> String {
        let play = match self.play {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        };
        let theme = self
            .theme
            .as_ref()
            .map(|t| format!(" with the theme {t}"))
            .unwrap_or_default();
        format!(
            "found {found} of the {} puzzles asked: {} under {play} play{theme} rated {}..{}; \
             widen the rating band, ask for fewer, or pick another theme",
            self.count, self.game, self.rating.0, self.rating.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(theme: Option<&str>, count: u32) -> SetAsked {
        SetAsked::read(
            "nim".into(),
            Convention::Normal,
            theme.map(String::from),
            None,
            count,
            7,
        )
        .unwrap()
    }

    #[test]
    fn a_set_is_drawn_again_the_same_for_its_seed_and_keeps_its_theme() {
        let first = asked(Some("mirror"), 5).draw().unwrap();
        let again = asked(Some("mirror"), 5).draw().unwrap();
        assert_eq!(first.len(), 5);
        let positions =
            |set: &[SetPuzzle]| set.iter().map(|p| p.position.clone()).collect::<Vec<_>>();
        assert_eq!(positions(&first), positions(&again));
        let mut distinct = positions(&first);
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 5, "no puzzle twice in a set");
    }

    #[test]
    fn a_theme_the_game_lacks_and_bad_choices_are_refused_with_what_to_change() {
        let refused = asked(Some("colon principle"), 3).draw().err().unwrap();
        assert!(refused.contains("found 0 of the 3"), "{refused}");
        assert!(refused.contains("colon principle"), "{refused}");
        let read = |rating: Option<&str>, count| {
            SetAsked::read("nim".into(), Convention::Normal, None, rating, count, 1)
        };
        assert!(read(None, 0).unwrap_err().contains("1 to 30"));
        assert!(read(None, 31).unwrap_err().contains("1 to 30"));
        assert!(read(Some("1800..1200"), 3).unwrap_err().contains("empty"));
        assert_eq!(read(Some("1200.."), 3).unwrap().rating, (1200, u32::MAX));
    }
}
