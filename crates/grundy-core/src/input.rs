//! Reading contest inputs as whitespace-separated tokens that remember where
//! they stand, so every parse error can name its line and column.

use crate::game::GameError;
use std::fmt::Display;
use std::str::FromStr;

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

/// The tokens of an input, read front to back.
pub struct Scanner<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    /// The line just past the last one, for "the input ended" messages.
    end_line: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Scanner<'a> {
        let mut tokens = Vec::new();
        let mut end_line = 1;
        for (index, line) in text.lines().enumerate() {
            end_line = index + 1;
            let mut start: Option<(usize, usize)> = None;
            for (column, (byte, ch)) in (1..).zip(line.char_indices()) {
                if ch.is_whitespace() {
                    if let Some((from, col)) = start.take() {
                        tokens.push(Token {
                            text: &line[from..byte],
                            line: index + 1,
                            column: col,
                        });
                    }
                } else if start.is_none() {
                    start = Some((byte, column));
                }
            }
            if let Some((from, col)) = start {
                tokens.push(Token {
                    text: &line[from..],
                    line: index + 1,
                    column: col,
                });
            }
        }
        Scanner {
            tokens,
            next: 0,
            end_line,
        }
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.tokens.len()
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    /// The next token; `what` names it for the error when the input ended.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, GameError> {
        match self.tokens.get(self.next) {
            Some(token) => {
                self.next += 1;
                Ok(*token)
            }
            None => Err(GameError::at_line(
                self.end_line,
                format!("expected {what}, but the input ended"),
            )),
        }
    }

    /// The next token as a whole number in `min..=max`.
    pub fn number<T>(&mut self, what: &str, min: T, max: T) -> Result<T, GameError>
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
pub fn parse_number<T>(token: &Token<'_>, what: &str, min: T, max: T) -> Result<T, GameError>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    let range = format!("a whole number from {min} to {max}");
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
        let token = scanner.token(&format!("row {} of {rows}", row + 1))?;
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
                "row {} has {length} characters but the grid has {cols} columns",
                row + 1
            )));
        }
        grid.push(token.text.as_bytes().to_vec());
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(err.line, Some(2));
        assert!(err.message.contains("input ended"));
    }

    #[test]
    fn grid_rows_name_the_bad_character() {
        let mut scanner = Scanner::new("..\n.x\n");
        let err = grid_rows(&mut scanner, 2, 2, ".#", "'.' or '#'").unwrap_err();
        assert_eq!((err.line, err.column), (Some(2), Some(2)));
        let mut scanner = Scanner::new("...\n");
        let err = grid_rows(&mut scanner, 1, 2, ".#", "'.' or '#'").unwrap_err();
        assert!(err.message.contains("3 characters"), "{}", err.message);
    }
}
