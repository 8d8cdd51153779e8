//! Reading contest inputs as whitespace-separated tokens that remember where
//! they stand, so every parse error can name its line and column.

use crate::game::GameError;
use std::fmt::Display;
use std::str::FromStr;

/// U+FEFF, which some editors write at the start of a file.
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// The lines of `text`, each ended by `\n`, `\r\n` or a lone `\r` (as old
/// Mac editors write), like `str::lines` but for the last kind too.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let ending = if rest[end..].starts_with("\r\n") {
            2
        } else {
            usize::from(end < rest.len())
        };
        let line = &rest[..end];
        rest = &rest[end + ending..];
        Some(line)
    })
}

/// A word of the input with its 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl Token<'_> {
    /// An error pointing at this token's `offset`-th character.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> GameError {
        GameError::at(self.line, self.column + offset, message)
    }

    pub fn error(&self, message: impl Into<String>) -> GameError {
        self.error_at(0, message)
    }
}

/// The tokens of an input, read front to back as they are needed, so that
/// reading keeps one token in hand whatever the input's length.
pub struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the first character not yet scanned.
    offset: usize,
    /// 1-based line and column (in characters) of `offset`.
    line: usize,
    column: usize,
    /// The next token, read ahead so that `peek` needs no mutation.
    next: Option<Token<'a>>,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Scanner<'a> {
        // A byte-order mark is invisible to the person who wrote the text.
        let offset = if text.starts_with(BYTE_ORDER_MARK) {
            BYTE_ORDER_MARK.len_utf8()
        } else {
            0
        };
        let mut scanner = Scanner {
            text,
            offset,
            line: 1,
            column: 1,
            next: None,
        };
        scanner.next = scanner.read();
        scanner
    }

    /// Scans past white space and returns the token after it, if any.
    fn read(&mut self) -> Option<Token<'a>> {
        let rest = &self.text[self.offset..];
        let mut start = None;
        let mut byte = 0;
        while let Some(&first) = rest.as_bytes().get(byte) {
            // ASCII, nearly every input, is read a byte at a time; anything
            // else as the character it starts.
            let (is_space, width) = if first.is_ascii() {
                (first.is_ascii_whitespace() || first == 0x0b, 1)
            } else {
                let ch = rest[byte..]
                    .chars()
                    .next()
                    .expect("a character starts here");
                (ch.is_whitespace(), ch.len_utf8())
            };
            if is_space {
                if let Some((from, line, column)) = start {
                    self.offset += byte;
                    return Some(Token {
                        text: &rest[from..byte],
                        line,
                        column,
                    });
                }
                if first == b'\n' {
                    self.line += 1;
                    self.column = 1;
                    byte += 1;
                    continue;
                }
            } else if start.is_none() {
                start = Some((byte, self.line, self.column));
            }
            self.column += 1;
            byte += width;
        }
        self.offset = self.text.len();
        start.map(|(from, line, column)| Token {
            text: &rest[from..],
            line,
            column,
        })
    }

    /// The line just past the input's last one, where a missing token goes.
    fn end_line(&self) -> usize {
        if self.text.is_empty() || self.text.ends_with('\n') {
            self.line
        } else {
            self.line + 1
        }
    }

    pub fn is_done(&self) -> bool {
        self.next.is_none()
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        self.next
    }

    /// The next token; `what` names it for the error when the input ended.
    pub fn token(&mut self, what: impl Display) -> Result<Token<'a>, GameError> {
        match self.next {
            Some(token) => {
                self.next = self.read();
                Ok(token)
            }
            None => {
                // `read` has reached the end, so `line` is the last line's.
                Err(GameError::at_line(
                    self.end_line(),
                    format!("expected {what}, but the input ended"),
                ))
            }
        }
    }

    /// The next token as a whole number in `min..=max`. `what` names it
    /// and is only written out for an error (pass `format_args!`).
    pub fn number<T>(&mut self, what: impl Display + Copy, min: T, max: T) -> Result<T, GameError>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        let token = self.token(what)?;
        parse_number(&token, what, min, max)
    }

    /// Fails if any token is left, naming the first one.
    pub fn finish(&self, after: &str) -> Result<(), GameError> {
        match self.peek() {
            None => Ok(()),
            Some(token) => Err(token.error(format!(
                "unexpected '{}' after {after}",
                shorten(token.text)
            ))),
        }
    }
}

/// A token read as a whole number in `min..=max`, with a message naming it.
pub fn parse_number<T>(
    token: &Token<'_>,
    what: impl Display,
    min: T,
    max: T,
) -> Result<T, GameError>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let range = format_args!("a whole number from {min} to {max}");
    let is_integer = {
        let digits = token.text.strip_prefix(['-', '+']).unwrap_or(token.text);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if !is_integer {
        return Err(token.error(format!(
            "{what} must be {range}, not '{}'",
            shorten(token.text)
        )));
    }
    match token.text.parse::<T>() {
        Ok(value) if value >= min && value <= max => Ok(value),
        _ => Err(token.error(format!(
            "{what} must be {range}, not {}",
            shorten(token.text)
        ))),
    }
}

/// `n` and a noun, in the plural unless `n` is 1: "1 column", "3 columns".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `text` with backslashes, quotes and characters that do not show (control
/// and zero-width ones) written as escapes, so a message shows exactly
/// what was sent. Smaller than `escape_debug`, whose Unicode tables would
/// grow the browser's download.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control()
                || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}') =>
            {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// A token cut to a readable length for an error message.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// Reads the rows of a grid of `rows`×`cols` characters from `allowed`.
pub fn grid_rows(
    scanner: &mut Scanner<'_>,
    rows: usize,
    cols: usize,
    allowed: &str,
    describe: &str,
) -> Result<Vec<Vec<u8>>, GameError> {
    let mut grid = Vec::with_capacity(rows);
    for row in 0..rows {
        let token = scanner.token(format_args!("row {} of {rows}", row + 1))?;
        for (offset, ch) in token.text.chars().enumerate() {
            if !allowed.contains(ch) || !ch.is_ascii() {
                return Err(token.error_at(
                    offset,
                    format!("'{ch}' is not allowed here; use {describe}"),
                ));
            }
        }
        let length = token.text.len();
        if length != cols {
            return Err(token.error(format!(
                "row {} has {} but the grid has {}",
                row + 1,
                counted(length, "character"),
                counted(cols, "column")
            )));
        }
        grid.push(token.text.as_bytes().to_vec());
    }
    Ok(grid)
}

/// A grid written as rows of one length and nothing else, blank lines
/// skipped: its height, width and characters row by row. Each character
/// is one of `allowed`, named in messages as `describe` ("H (heads) or T
/// (tails)"); `noun` is what one stands for ("coin").
pub fn bare_grid(
    text: &str,
    max_side: usize,
    allowed: &str,
    describe: &str,
    noun: &str,
) -> Result<(usize, usize, Vec<u8>), GameError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let (mut rows, mut cols, mut cells) = (0, 0, Vec::new());
    for (at, line) in lines(text).enumerate() {
        let row = line.trim();
        if row.is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if rows == max_side {
            return Err(GameError::at_line(
                at + 1,
                format!("a grid has at most {max_side} rows"),
            ));
        }
        for (offset, ch) in row.chars().enumerate() {
            if !ch.is_ascii() || !allowed.contains(ch) {
                let message = format!("'{}' is not a {noun}; use {describe}", ch.escape_debug());
                return Err(GameError::at(at + 1, indent + offset + 1, message));
            }
        }
        if rows == 0 {
            if row.len() > max_side {
                return Err(GameError::at(
                    at + 1,
                    indent + max_side + 1,
                    format!("a row has at most {max_side} {noun}s"),
                ));
            }
            cols = row.len();
        } else if row.len() != cols {
            let message = format!(
                "this row has {} but the first has {cols}",
                counted(row.len(), noun)
            );
            return Err(GameError::at(at + 1, indent + 1, message));
        }
        cells.extend_from_slice(row.as_bytes());
        rows += 1;
    }
    if rows == 0 {
        return Err(GameError::at_line(
            1,
            format!("expected rows of {describe}"),
        ));
    }
    Ok((rows, cols, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_any_line_ending() {
        for text in [
            "a\nb\n\nc",
            "a\r\nb\r\n\r\nc\r\n",
            "a\rb\r\rc\r",
            "a\nb\r\n\rc",
        ] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                ["a", "b", "", "c"],
                "{text:?}"
            );
        }
        assert_eq!(lines("").count(), 0);
    }

    #[test]
    fn escapes_what_does_not_show_and_keeps_the_rest() {
        assert_eq!(escaped("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(escaped("tab\there\n"), "tab\\there\\n");
        assert_eq!(escaped("\"quoted\" \\ 'x'"), "\\\"quoted\\\" \\\\ \\'x\\'");
        assert_eq!(escaped("zero\u{200b}width"), "zero\\u{200b}width");
        assert_eq!(escaped("ünïcødé ★"), "ünïcødé ★");
    }

    #[test]
    fn tokens_know_their_place() {
        let mut scanner = Scanner::new("3 4\n  x  12\r\n");
        assert_eq!(scanner.number("a", 0, 9).unwrap(), 3);
        assert_eq!(scanner.number("b", 0, 9).unwrap(), 4);
        let err = scanner.number::<u32>("c", 0, 9).unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(3)));
        assert!(err.message.contains("not 'x'"), "{}", err.message);
        let err = scanner.number::<u32>("d", 0, 9).unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(6)));
        let err = scanner.token("more").unwrap_err();
        assert_eq!(err.line, Some(3), "the line after the last one");
        assert!(err.message.contains("input ended"));
    }

    #[test]
    fn a_missing_token_is_wanted_on_the_line_after_the_last() {
        for (text, line) in [("", 1), ("3", 2), ("3\n", 2), ("3\n4", 3), ("3\r\n\r\n", 3)] {
            let mut scanner = Scanner::new(text);
            while !scanner.is_done() {
                scanner.token("x").unwrap();
            }
            let err = scanner.token("more").unwrap_err();
            assert_eq!(err.line, Some(line), "{text:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut scanner = Scanner::new("\u{feff}2 x");
        let token = scanner.token("n").unwrap();
        assert_eq!((token.text, token.line, token.column), ("2", 1, 1));
        assert_eq!(scanner.token("x").unwrap().column, 3);
    }

    #[test]
    fn columns_count_characters_across_long_lines() {
        let text = format!("{}é x", "a ".repeat(5000));
        let mut scanner = Scanner::new(&text);
        for _ in 0..5000 {
            scanner.token("a").unwrap();
        }
        assert_eq!(scanner.token("é").unwrap().column, 10001);
        assert_eq!(scanner.token("x").unwrap().column, 10003);
    }

    #[test]
    fn every_white_space_separates_and_columns_count_characters() {
        // Vertical tab, form feed, no-break space, next line, ideographic space.
        let text = "a\u{b}b\u{c}é\u{a0}c\u{85}d\u{3000}ü\te";
        let tokens: Vec<(&str, usize)> = {
            let mut scanner = Scanner::new(text);
            std::iter::from_fn(|| scanner.token("x").ok().map(|t| (t.text, t.column))).collect()
        };
        let expected = [
            ("a", 1),
            ("b", 3),
            ("é", 5),
            ("c", 7),
            ("d", 9),
            ("ü", 11),
            ("e", 13),
        ];
        assert_eq!(tokens, expected);
    }

    #[test]
    fn grid_rows_name_the_bad_character() {
        let mut scanner = Scanner::new("..\n.x\n");
        let err = grid_rows(&mut scanner, 2, 2, ".#", "'.' or '#'").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(2)));
        let mut scanner = Scanner::new("...\n");
        let err = grid_rows(&mut scanner, 1, 2, ".#", "'.' or '#'").unwrap_err();
        assert!(
            err.message
                .contains("has 3 characters but the grid has 2 columns"),
            "{}",
            err.message
        );
        let mut scanner = Scanner::new(".\n");
        let err = grid_rows(&mut scanner, 1, 3, ".#", "'.' or '#'").unwrap_err();
        assert!(
            err.message.contains("has 1 character but"),
            "{}",
            err.message
        );
    }
}
