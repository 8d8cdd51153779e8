//! A String Game (CodeChef ASTRGAME).
//!
//! Erasing an occurrence splits its piece of S into the text before and
//! after it, and pieces never rejoin, so every piece is a component and its
//! nimber is G(i, j) of the substring it spans: the mex over occurrences
//! (s, e) inside it of G(i, s) ⊕ G(e, j). A piece is worth the same whatever
//! was erased around it, so one table per (S, dictionary) serves the game.
//!
//! Text: T tests of S, N and N words. The playground writes erased letters
//! of S as `-`.

use crate::analysis::{Analysis, Board, Component, Edit, MoveInfo, Region};
use crate::game::{unknown_move, unsupported_edit, Game, GameError, GameInfo, Sample};
use crate::input::{Scanner, Token};
use crate::nimber::Nimber;
use crate::rng::Rng;
use std::rc::Rc;

pub const MAX_TESTS: usize = 100;
/// The contest allows 30; the playground takes up to 300.
pub const MAX_LENGTH: usize = 300;
/// The contest allows 30 words; the playground takes up to 100.
pub const MAX_WORDS: usize = 100;

const ERASED: u8 = b'-';

/// A string, its dictionary, and where the words occur in it.
#[derive(Debug, PartialEq, Eq)]
pub struct Text {
    letters: Vec<u8>,
    words: Vec<String>,
    /// `ends[s]`: the ends (exclusive) of occurrences starting at s, ascending.
    ends: Vec<Vec<usize>>,
}

impl Text {
    fn new(letters: Vec<u8>, words: Vec<String>) -> Text {
        // Every word tried at every start: at most 300 letters × 100 words,
        // and a comparison stops at the first letter that differs.
        let ends = (0..letters.len())
            .map(|start| {
                let mut list: Vec<usize> = words
                    .iter()
                    .filter(|w| !w.is_empty() && letters[start..].starts_with(w.as_bytes()))
                    .map(|w| start + w.len())
                    .collect();
                crate::sort::sort(&mut list);
                list.dedup();
                list
            })
            .collect();
        Text {
            letters,
            words,
            ends,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    text: Rc<Text>,
    erased: Vec<bool>,
}

impl Position {
    fn new(letters: Vec<u8>, words: Vec<String>) -> Position {
        let erased = letters.iter().map(|&c| c == ERASED).collect();
        Position {
            text: Rc::new(Text::new(letters, words)),
            erased,
        }
    }

    /// The string as written: erased letters as `-`.
    fn shown(&self) -> Vec<u8> {
        self.text
            .letters
            .iter()
            .zip(&self.erased)
            .map(|(&c, &gone)| if gone { ERASED } else { c })
            .collect()
    }

    /// The maximal runs of letters not erased, as half-open spans.
    fn pieces(&self) -> Vec<(usize, usize)> {
        let mut pieces = Vec::new();
        let mut start = None;
        for (i, &gone) in self.erased.iter().chain([&true]).enumerate() {
            match (gone, start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    pieces.push((s, i));
                    start = None;
                }
                _ => {}
            }
        }
        pieces
    }

    /// Every occurrence inside a piece, with the piece's index, in move order.
    fn occurrences(&self) -> Vec<(usize, usize, usize)> {
        let mut list = Vec::new();
        for (piece, (from, to)) in self.pieces().into_iter().enumerate() {
            for start in from..to {
                for &end in self.text.ends[start].iter().take_while(|&&e| e <= to) {
                    list.push((piece, start, end));
                }
            }
        }
        list
    }
}

/// Polynomial hashes of every prefix of a text, for telling its equal
/// substrings apart from the rest without comparing all of them.
struct PrefixHashes {
    prefix: Vec<u64>,
}

impl PrefixHashes {
    const BASE: u64 = 0x100_0000_01b3;

    fn new(letters: &[u8]) -> PrefixHashes {
        let mut prefix = vec![0u64; letters.len() + 1];
        for (k, &letter) in letters.iter().enumerate() {
            prefix[k + 1] = prefix[k]
                .wrapping_mul(Self::BASE)
                .wrapping_add(u64::from(letter));
        }
        PrefixHashes { prefix }
    }

    /// For each start i, the last start whose `length` letters are the same
    /// as those at i: substrings are grouped by hash and confirmed letter by
    /// letter, so a run of one letter or a repeated pattern is solved once.
    /// `power` is BASE to the power `length`.
    fn last_occurrences(&self, letters: &[u8], length: usize, power: u64) -> Vec<usize> {
        let starts = letters.len() + 1 - length;
        let mut by_hash: Vec<(u64, usize)> = (0..starts)
            .map(|i| {
                let hash = self.prefix[i + length].wrapping_sub(self.prefix[i].wrapping_mul(power));
                (hash, i)
            })
            .collect();
        crate::sort::sort(&mut by_hash);
        let mut last = (0..starts).collect::<Vec<usize>>();
        for run in by_hash.chunk_by(|a, b| a.0 == b.0) {
            for &(_, i) in run {
                let same = run
                    .iter()
                    .rev()
                    .map(|&(_, e)| e)
                    .find(|&e| letters[e..e + length] == letters[i..i + length]);
                last[i] = same.unwrap_or(i);
            }
        }
        last
    }

    /// For every substring [i, j), the last start of the same letters.
    fn copies(letters: &[u8], size: usize) -> Vec<u16> {
        let hashes = PrefixHashes::new(letters);
        let mut copies = vec![0u16; size * size];
        let mut power = 1u64;
        for length in 1..size {
            power = power.wrapping_mul(PrefixHashes::BASE);
            for (i, last) in hashes
                .last_occurrences(letters, length, power)
                .into_iter()
                .enumerate()
            {
                copies[i * size + i + length] = last as u16;
            }
        }
        copies
    }
}

/// For every substring [i, j), a point p strictly inside that no
/// occurrence within [i, j) crosses, if there is one (0 when not). No move
/// then spans p, so the substring is the sum of [i, p) and [p, j): a letter
/// no word covers splits every substring around it.
fn split_points(text: &Text, size: usize) -> Vec<u16> {
    const NONE: usize = usize::MAX;
    let mut split = vec![0u16; size * size];
    // `nearest[p]`: the nearest end beyond p of an occurrence starting at
    // or after i and before p, for the current i.
    let mut nearest = vec![NONE; size];
    for i in (0..size - 1).rev() {
        let ends = &text.ends[i];
        let mut next = 0;
        for (p, nearest) in nearest.iter_mut().enumerate().skip(i + 1) {
            while next < ends.len() && ends[next] <= p {
                next += 1;
            }
            if let Some(&end) = ends.get(next) {
                *nearest = (*nearest).min(end);
            }
        }
        // p splits [i, j) when nothing inside [i, j) crosses it: nearest[p] > j.
        let mut best = (0, i);
        for j in i + 2..size {
            let p = j - 1;
            if nearest[p] > best.0 {
                best = (nearest[p], p);
            }
            if best.0 > j {
                split[i * size + j] = best.1 as u16;
            }
        }
    }
    split
}

/// Each x in `set` moved to x ^ `by`, for a set of nimbers below 64 held as
/// a bit mask: every bit of `by` swaps the halves of blocks of its size.
fn xor_each(mut set: u64, by: u32) -> u64 {
    const LOW_HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (bit, low) in LOW_HALVES.iter().enumerate() {
        if by >> bit & 1 == 1 {
            let shift = 1 << bit;
            set = (set & low) << shift | (set >> shift) & low;
        }
    }
    set
}

/// For every start s and end j, the set {G(e, j)} over occurrences (s, e)
/// with e ≤ j, as bit masks of `blocks` × 64 bits. The options of [i, j)
/// are then G(i, s) ⊕ that set, taken over s: one mask per start instead
/// of one xor per occurrence. The masks start one block wide and widen
/// when a value or a mex needs it: a wide mask costs every start a walk
/// over its blocks.
struct Followers {
    size: usize,
    blocks: usize,
    sets: Vec<u64>,
}

impl Followers {
    fn new(size: usize) -> Followers {
        Followers {
            size,
            blocks: 1,
            sets: vec![0; size * size],
        }
    }

    fn set(&self, s: usize, j: usize) -> &[u64] {
        let at = (s * self.size + j) * self.blocks;
        &self.sets[at..at + self.blocks]
    }

    /// Fills the sets of start s from the finished rows after it,
    /// widening the masks first if a value there needs it.
    fn fill(&mut self, s: usize, text: &Text, nimbers: &[u16]) {
        while !self.insert(s, &text.ends[s], nimbers) {
            self.widen(s + 1, text, nimbers);
        }
    }

    /// Doubles the masks' width and refills the starts from `from` on.
    fn widen(&mut self, from: usize, text: &Text, nimbers: &[u16]) {
        self.blocks *= 2;
        self.sets = vec![0; self.size * self.size * self.blocks];
        for s in from..self.size - 1 {
            let fits = self.insert(s, &text.ends[s], nimbers);
            debug_assert!(fits, "start {s} was filled at a narrower width");
        }
    }

    /// Adds the values of start s's followers to its sets, or stops at
    /// one too large for the masks and says so.
    fn insert(&mut self, s: usize, ends: &[usize], nimbers: &[u16]) -> bool {
        let width = 64 * self.blocks;
        for &e in ends {
            for j in e..self.size {
                let value = usize::from(nimbers[e * self.size + j]);
                if value >= width {
                    return false;
                }
                let at = (s * self.size + j) * self.blocks + value / 64;
                self.sets[at] |= 1 << (value % 64);
            }
        }
        true
    }

    /// The mex of the options of [i, j), or None when they fill every bit:
    /// the masks are then too narrow for the answer.
    fn mex(&self, i: usize, j: usize, nimbers: &[u16], options: &mut [u64]) -> Option<u16> {
        options.fill(0);
        for s in i..j {
            let left = u32::from(nimbers[i * self.size + s]);
            for (block, &set) in self.set(s, j).iter().enumerate() {
                if set != 0 {
                    options[block ^ (left / 64) as usize] |= xor_each(set, left % 64);
                }
            }
        }
        let block = options.iter().position(|&set| set != u64::MAX)?;
        Some((block * 64) as u16 + options[block].trailing_ones() as u16)
    }
}

/// G(i, j) for every substring of one text.
struct Table {
    text: Rc<Text>,
    size: usize,
    nimbers: Vec<u16>,
}

/// What a table keeps from the one before an edit of its text, with the
/// same words: a substring's value depends on its letters and the words
/// alone, so substrings within the letters both texts start with, or end
/// with, keep theirs.
struct Unchanged<'a> {
    earlier: &'a Table,
    prefix: usize,
    suffix: usize,
}

impl<'a> Unchanged<'a> {
    fn new(earlier: &'a Table, text: &Text) -> Option<Unchanged<'a>> {
        if earlier.text.words != text.words {
            return None;
        }
        let (old, new) = (&earlier.text.letters, &text.letters);
        let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let suffix = old.iter().rev().zip(new.iter().rev());
        let suffix = suffix
            .take(old.len().min(new.len()) - prefix)
            .take_while(|(a, b)| a == b)
            .count();
        Some(Unchanged {
            earlier,
            prefix,
            suffix,
        })
    }
}

impl Table {
    /// Rows go from the last start back, each from its shortest substring
    /// up: G(i, j) needs G(i, s) for s < j from its own row, and G(e, j) for
    /// e > i from rows already done.
    fn new(text: Rc<Text>, earlier: Option<&Table>) -> Table {
        let size = text.letters.len() + 1;
        let mut nimbers = vec![0u16; size * size];
        let split = split_points(&text, size);
        let copies = PrefixHashes::copies(&text.letters, size);
        let unchanged = earlier.and_then(|earlier| Unchanged::new(earlier, &text));
        // Nimbers stay below 64 × blocks, a power of two, so xors of them
        // do too; a mex that reaches it doubles the blocks.
        let mut followers = Followers::new(size);
        let mut options = vec![0u64; 1];
        for i in (0..size - 1).rev() {
            followers.fill(i, &text, &nimbers);
            options.resize(followers.blocks, 0);
            let mut first_end = i + 1;
            if let Some(Unchanged {
                earlier,
                prefix,
                suffix,
            }) = unchanged
            {
                let row = |size: usize, i: usize, ends: std::ops::Range<usize>| {
                    i * size + ends.start..i * size + ends.end
                };
                if i + suffix >= size - 1 {
                    // The row's letters are all in the unchanged suffix.
                    let earlier_i = i + earlier.size - size;
                    let ends = row(earlier.size, earlier_i, earlier_i + 1..earlier.size);
                    nimbers[row(size, i, i + 1..size)].copy_from_slice(&earlier.nimbers[ends]);
                    continue;
                }
                if prefix > i {
                    let ends = row(earlier.size, i, i + 1..prefix + 1);
                    nimbers[row(size, i, i + 1..prefix + 1)]
                        .copy_from_slice(&earlier.nimbers[ends]);
                    first_end = prefix + 1;
                }
            }
            for j in first_end..size {
                let at = i * size + j;
                // A substring's value depends on its letters alone.
                let copy = usize::from(copies[at]);
                let p = usize::from(split[at]);
                nimbers[at] = if copy > i {
                    nimbers[copy * size + copy + j - i]
                } else if p > i {
                    nimbers[i * size + p] ^ nimbers[p * size + j]
                } else {
                    loop {
                        if let Some(mex) = followers.mex(i, j, &nimbers, &mut options) {
                            break mex;
                        }
                        followers.widen(i, &text, &nimbers);
                        options.resize(followers.blocks, 0);
                    }
                };
            }
        }
        Table {
            text,
            size,
            nimbers,
        }
    }

    fn get(&self, i: usize, j: usize) -> Nimber {
        Nimber(u32::from(self.nimbers[i * self.size + j]))
    }
}

#[derive(Default)]
pub struct StringGame {
    table: Option<Table>,
}

impl StringGame {
    fn table(&mut self, position: &Position) -> &Table {
        let stale = self
            .table
            .as_ref()
            .is_none_or(|t| !Rc::ptr_eq(&t.text, &position.text));
        if stale {
            let earlier = self.table.take();
            self.table = Some(Table::new(position.text.clone(), earlier.as_ref()));
        }
        self.table.as_ref().expect("table was just built")
    }
}

/// Reads a word of lowercase letters (or, for S, erased letters too).
fn letters(token: &Token<'_>, what: &str, allow_erased: bool) -> Result<Vec<u8>, GameError> {
    for (offset, ch) in token.text.chars().enumerate() {
        if !(ch.is_ascii_lowercase() || (allow_erased && ch == '-')) {
            let allowed = if allow_erased {
                "lowercase letters a–z, and '-' for an erased letter"
            } else {
                "lowercase letters a–z"
            };
            return Err(token.error_at(
                offset,
                format!("{what} may hold only {allowed}, not '{ch}'"),
            ));
        }
    }
    if token.text.len() > MAX_LENGTH {
        return Err(token.error(format!(
            "{what} has {} letters; the limit is {MAX_LENGTH}",
            token.text.len()
        )));
    }
    Ok(token.text.as_bytes().to_vec())
}

impl Game for StringGame {
    type Position = Position;
    const CASE_PREFIX: bool = false;

    fn info() -> GameInfo {
        GameInfo {
            id: "string-game",
            name: "A String Game",
            summary: "Erase dictionary words from a string; pieces never rejoin.",
            rules: "A move erases one occurrence of a dictionary word that lies entirely inside one remaining \
                    piece of the string. Erasing splits the piece in two, and no later word may span the gap. \
                    Which occurrence you erase matters. Whoever cannot move loses. Each remaining piece is a \
                    component.",
            format: "T tests; each is the string S on one line, N, then N words, one per line, all lowercase \
                     a–z. The contest allows |S|, |w|, N ≤ 30; the playground |S| ≤ 300 and N ≤ 100, and \
                     writes erased letters as -.",
            lost: "1\ncodechef\n2\ncode\nchef\n",
            bad: "1\ncodeChef\n0\n",
            samples: vec![
                Sample {
                    name: "Two pieces",
                    input: "1\npawpaw-mississippi\n4\npaw\nss\nissi\npi\n",
                },
                Sample {
                    name: "Contest samples",
                    input: "3\ncodechef\n2\ncode\nchef\nfoo\n1\nbar\nmississippi\n4\nssissi\nmippi\nmi\nppi\n",
                },
                Sample { name: "pawpawpawpaw", input: "1\npawpawpawpaw\n1\npawpaw\n" },
                Sample { name: "mississippi", input: "1\nmississippi\n4\nssissi\nmippi\nmi\nppi\n" },
            ],
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<Position>, GameError> {
        let mut scanner = Scanner::new(text);
        let tests = scanner.number("the number of tests T", 1, MAX_TESTS)?;
        let mut positions = Vec::with_capacity(tests);
        for test in 1..=tests {
            let place = format!("test {test} of {tests}");
            let in_test = |e: GameError| e.within(&place);
            let s = scanner.token("the string S").map_err(in_test)?;
            let s = letters(&s, "the string S", true).map_err(in_test)?;
            let count = scanner
                .number("N, the number of words", 0, MAX_WORDS)
                .map_err(in_test)?;
            let mut words = Vec::with_capacity(count);
            for index in 1..=count {
                let word = scanner
                    .token(format_args!("word {index} of {count}"))
                    .map_err(in_test)?;
                let word = letters(&word, &format!("word {index}"), false).map_err(in_test)?;
                words.push(String::from_utf8(word).expect("letters are ASCII"));
            }
            positions.push(Position::new(s, words));
        }
        scanner.finish(&format!("the last of the {tests} tests T announces"))?;
        Ok(positions)
    }

    fn format(&self, position: &Position) -> String {
        let shown = String::from_utf8(position.shown()).expect("letters are ASCII");
        let mut out = format!("1\n{shown}\n{}\n", position.text.words.len());
        for word in &position.text.words {
            out.push_str(word);
            out.push('\n');
        }
        out
    }

    fn answer(&mut self, position: &Position) -> Result<String, GameError> {
        let table = self.table(position);
        let total: Nimber = position
            .pieces()
            .into_iter()
            .map(|(i, j)| table.get(i, j))
            .sum();
        Ok(if total.is_zero() { "Tracy" } else { "Teddy" }.to_string())
    }

    fn analyse(&mut self, position: &Position) -> Analysis {
        let pieces = position.pieces();
        let occurrences = position.occurrences();
        let table = self.table(position);
        let letters = &position.text.letters;
        let components: Vec<Component> = pieces
            .iter()
            .enumerate()
            .map(|(id, &(i, j))| Component {
                id: id as u32,
                region: Region::Span {
                    first: i as i64,
                    last: j as i64 - 1,
                },
                nimber: table.get(i, j),
                label: format!("\"{}\"", String::from_utf8_lossy(&letters[i..j])),
                loopy: None,
            })
            .collect();
        let total: Nimber = components.iter().map(|c| c.nimber).sum();
        let moves = occurrences
            .iter()
            .enumerate()
            .map(|(id, &(piece, start, end))| {
                let (i, j) = pieces[piece];
                let parts = vec![table.get(i, start), table.get(end, j)];
                MoveInfo {
                    id: id as u32,
                    label: format!(
                        "erase \"{}\" at {}–{}",
                        String::from_utf8_lossy(&letters[start..end]),
                        start + 1,
                        end
                    ),
                    component: piece as u32,
                    anchor: Region::Span {
                        first: start as i64,
                        last: end as i64 - 1,
                    },
                    variant: None,
                    footprint: Region::Span {
                        first: start as i64,
                        last: end as i64 - 1,
                    },
                    after: total ^ table.get(i, j) ^ parts[0] ^ parts[1],
                    parts,
                    loopy: None,
                }
            })
            .collect();
        // Erased letters are gone from the position (its text writes `-`),
        // so the board does not remember them either.
        let board = Board::Text {
            text: String::from_utf8(position.shown()).expect("letters are ASCII"),
            erased: position.erased.clone(),
            words: position.text.words.clone(),
        };
        Analysis::new(board, components, moves)
    }

    fn option_count(&mut self, position: &Position) -> u32 {
        position.occurrences().len() as u32
    }

    fn play(&mut self, position: &Position, move_id: u32) -> Result<Position, GameError> {
        let (_, start, end) = *position
            .occurrences()
            .get(move_id as usize)
            .ok_or_else(|| unknown_move(move_id))?;
        let mut next = position.clone();
        next.erased[start..end]
            .iter_mut()
            .for_each(|gone| *gone = true);
        Ok(next)
    }

    fn edit(&mut self, position: &Position, edit: &Edit) -> Result<Position, GameError> {
        let check = |text: &str, what: &str, allow_erased: bool| -> Result<Vec<u8>, GameError> {
            let token = Token {
                text,
                line: 1,
                column: 1,
            };
            // A field has no lines: the place is the letter's.
            letters(&token, what, allow_erased).map_err(|e| match e.column {
                Some(column) => GameError::new(format!("letter {column}: {}", e.message)),
                None => GameError::new(e.message),
            })
        };
        match edit {
            Edit::SetText { text } if text.is_empty() => {
                Err(GameError::new("the string needs at least one letter"))
            }
            Edit::SetText { text } => Ok(Position::new(
                check(text, "the string", true)?,
                position.text.words.clone(),
            )),
            Edit::SetWords { words } => {
                if words.len() > MAX_WORDS {
                    return Err(GameError::new(format!("at most {MAX_WORDS} words")));
                }
                for word in words {
                    if word.is_empty() {
                        return Err(GameError::new("a word needs at least one letter"));
                    }
                    check(word, &format!("the word \"{word}\""), false)?;
                }
                Ok(Position::new(position.shown(), words.clone()))
            }
            Edit::Random { seed, density } => {
                // `density` widens the alphabet from two letters to four.
                let mut rng = Rng::new(*seed);
                let alphabet = 2 + (density.clamp(0.0, 1.0) * 2.0).round() as usize;
                let mut word = |length: usize| -> Vec<u8> {
                    (0..length)
                        .map(|_| b'a' + rng.below(alphabet) as u8)
                        .collect()
                };
                let text = word(12);
                let words: Vec<String> = (0..3)
                    .map(|i| String::from_utf8(word(2 + i)).expect("ASCII"))
                    .collect();
                Ok(Position::new(text, words))
            }
            _ => Err(unsupported_edit("A String Game", edit)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_string_field_takes_what_the_format_takes() {
        let mut game = StringGame::default();
        let start = game.parse("1\npaw\n1\npaw\n").expect("valid").remove(0);
        let set = |game: &mut StringGame, text: &str| {
            let edit = Edit::SetText { text: text.into() };
            game.edit(&start, &edit).map(|p| game.format(&p))
        };
        assert_eq!(
            set(&mut game, "pawpaw-mississippi").unwrap(),
            "1\npawpaw-mississippi\n1\npaw\n"
        );
        let refused = set(&mut game, "paWpaw").unwrap_err().message;
        assert_eq!(refused, "letter 3: the string may hold only lowercase letters a–z, and '-' for an erased letter, not 'W'");
        let word = Edit::SetWords {
            words: vec!["p-w".into()],
        };
        assert!(game
            .edit(&start, &word)
            .unwrap_err()
            .message
            .contains("only lowercase letters a–z, not '-'"));
    }

    fn random_letters(rng: &mut Rng, length: usize, alphabet: &[u8]) -> Vec<u8> {
        (0..length)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect()
    }

    #[test]
    fn a_table_reusing_the_one_before_an_edit_agrees_with_a_fresh_one() {
        let mut rng = Rng::new(17);
        let mut largest = 0;
        for round in 0..120 {
            // Runs of a with a-words in some rounds: nimbers past 64, where
            // the followers widen.
            let mostly_a: Vec<u8> = [vec![b'a'; 39], vec![b'b']].concat();
            let (alphabet, words): (&[u8], Vec<String>) = if round % 4 == 0 {
                let longest = 1 + rng.below(160);
                let words = (1..=longest.min(MAX_WORDS))
                    .map(|k| "a".repeat(k))
                    .collect();
                (&mostly_a, words)
            } else {
                let count = 1 + rng.below(12);
                let words = (0..count)
                    .map(|_| {
                        let length = 1 + rng.below(4);
                        String::from_utf8(random_letters(&mut rng, length, b"ab")).expect("ASCII")
                    })
                    .collect();
                (b"ab", words)
            };
            let length = 1 + rng.below(200);
            let before = random_letters(&mut rng, length, alphabet);
            let mut after = before.clone();
            let at = rng.below(after.len() + 1);
            let replaced = rng.below(4).min(after.len() - at);
            let length = rng.below(4);
            let inserted = random_letters(&mut rng, length, alphabet);
            after.splice(at..at + replaced, inserted);
            if after.is_empty() {
                continue;
            }
            let earlier = Table::new(Rc::new(Text::new(before, words.clone())), None);
            let text = Rc::new(Text::new(after, words));
            let reused = Table::new(text.clone(), Some(&earlier));
            let fresh = Table::new(text, None);
            assert!(reused.nimbers == fresh.nimbers, "round {round}");
            largest = largest.max(*earlier.nimbers.iter().max().expect("a letter"));
        }
        assert!(largest >= 64, "the largest nimber kept was only {largest}");
    }

    #[test]
    fn an_edit_at_either_end_of_a_long_run_keeps_nimbers_past_128() {
        let run = vec![b'a'; 150];
        let words: Vec<String> = (1..=MAX_WORDS).map(|k| "a".repeat(k)).collect();
        let earlier = Table::new(Rc::new(Text::new(run.clone(), words.clone())), None);
        assert!(earlier.nimbers.iter().any(|&n| n >= 128));
        let edits = [
            [b"b".as_slice(), &run[1..]].concat(),
            [&run[..149], b"b".as_slice()].concat(),
            [&run, b"a".as_slice()].concat(),
            [b"ba".as_slice(), &run].concat(),
        ];
        for letters in edits {
            let text = Rc::new(Text::new(letters, words.clone()));
            let reused = Table::new(text.clone(), Some(&earlier));
            assert!(reused.nimbers == Table::new(text, None).nimbers);
        }
    }
}
