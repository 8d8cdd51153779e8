//! The rules a heap game is played by, as they are written: octal (and
//! hexadecimal) codes, subtraction sets and Grundy's game.

use crate::game::GameError;
use std::fmt;

/// The most counters a heap may hold anywhere a rule is read.
pub const MAX_HEAP: u32 = 1 << 20;
/// The most digits after the point of an octal code.
pub const MAX_OCTAL_DIGITS: usize = 32;
/// The most members of a subtraction set, and the largest member.
pub const MAX_SUBTRACTION_MEMBERS: usize = 32;
pub const MAX_SUBTRACTION: u32 = 1000;

/// An octal code `d0.d1d2…dk`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[i]` says what taking i counters may do; `digits[0]` is d0.
    digits: Vec<u8>,
}

impl OctalCode {
    /// Reads `0.77`, `.77` or `4.07`; errors are located within `text`, 1-based.
    pub fn parse(text: &str) -> Result<OctalCode, (usize, String)> {
        OctalCode::read(text, 8)
    }

    /// Reads a hexadecimal code as Winning Ways writes it, digits 0 to F:
    /// bit 8 of a digit allows taking that many counters and splitting what
    /// remains into three non-empty heaps; before the point 0, 4, 8 or C.
    /// Every octal code reads the same as a hexadecimal one.
    pub fn parse_hexadecimal(text: &str) -> Result<OctalCode, (usize, String)> {
        OctalCode::read(text, 16)
    }

    /// A code whose digits are in `radix`, 8 or 16; errors are located
    /// within `text`, 1-based.
    fn read(text: &str, radix: u32) -> Result<OctalCode, (usize, String)> {
        let hexadecimal = radix == 16;
        let Some((whole, fraction)) = text.split_once('.') else {
            return Err((
                1,
                format!(
                    "an octal code is written d0.d1d2…, such as 0.77, not '{}'",
                    crate::input::shorten(text)
                ),
            ));
        };
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            "8" if hexadecimal => 8,
            "C" | "c" if hexadecimal => 12,
            _ if hexadecimal => {
                return Err((1, "the digit before the point must be 0, 4, 8 or C".into()))
            }
            _ => return Err((1, "the digit before the point must be 0 or 4".into())),
        };
        if fraction.is_empty() {
            return Err((
                whole.len() + 2,
                "the code needs at least one digit after the point".into(),
            ));
        }
        let mut digits = vec![d0];
        for (index, ch) in fraction.chars().enumerate() {
            let column = whole.len() + 2 + index;
            if index == MAX_OCTAL_DIGITS {
                return Err((
                    column,
                    format!("a code has at most {MAX_OCTAL_DIGITS} digits after the point"),
                ));
            }
            match ch.to_digit(radix) {
                Some(d) => digits.push(d as u8),
                None if !hexadecimal => {
                    return Err((
                        column,
                        format!("'{ch}' is not an octal digit; digits are 0 to 7"),
                    ))
                }
                None => {
                    return Err((
                        column,
                        format!("'{ch}' is not a hexadecimal digit; digits are 0 to 9 and A to F"),
                    ))
                }
            }
        }
        Ok(OctalCode { digits })
    }

    /// The same game written without the zero digits at its end: 0.770
    /// is 0.77, since taking 3 counters is allowed by neither. One digit
    /// after the point stays.
    pub fn trimmed(&self) -> OctalCode {
        let mut digits = self.digits.clone();
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        OctalCode { digits }
    }

    /// Kayles: knock down one pin or two neighbouring pins.
    pub fn kayles() -> OctalCode {
        OctalCode {
            digits: vec![0, 7, 7],
        }
    }

    /// Whether some move leaves three heaps: a hexadecimal digit of 8 or more.
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// What taking `take` counters may do, as a digit 0–7 (0–F in a
    /// hexadecimal code).
    pub fn digit(&self, take: usize) -> u8 {
        self.digits.get(take).copied().unwrap_or(0)
    }

    /// How many counters a move may take, at most: the code's length t.
    pub fn longest_take(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// The digits after the point.
    pub fn len(&self) -> usize {
        self.digits.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name the code is known by, if it is a classic.
    pub fn name(&self) -> Option<&'static str> {
        match self.to_string().trim_end_matches('0') {
            "0.77" => Some("Kayles"),
            "0.07" => Some("Dawson's Kayles"),
            "0.137" => Some("Dawson's chess"),
            _ => None,
        }
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d:X}"))
    }
}

/// A set of counts a move may take, in increasing order without repeats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet(Vec<u32>);

impl SubtractionSet {
    /// Reads `1,3,4` (spaces around commas allowed); errors are located
    /// within `text` by 1-based column.
    pub fn parse(text: &str) -> Result<SubtractionSet, (usize, String)> {
        let mut members = Vec::new();
        let mut column = 1;
        for (index, piece) in text.split(',').enumerate() {
            let start = column + piece.len() - piece.trim_start().len();
            let value = piece.trim();
            if index == MAX_SUBTRACTION_MEMBERS {
                return Err((
                    start,
                    format!("a set has at most {MAX_SUBTRACTION_MEMBERS} members"),
                ));
            }
            let range = format!("a whole number from 1 to {MAX_SUBTRACTION}");
            if value.is_empty() {
                return Err((
                    start,
                    format!("member {} is missing; each member is {range}", index + 1),
                ));
            }
            match value.parse::<u32>() {
                Ok(n) if (1..=MAX_SUBTRACTION).contains(&n) => members.push(n),
                _ => {
                    return Err((
                        start,
                        format!(
                            "member {} must be {range}, not '{}'",
                            index + 1,
                            crate::input::shorten(value)
                        ),
                    ))
                }
            }
            column += piece.chars().count() + 1;
        }
        crate::sort::sort(&mut members);
        members.dedup();
        Ok(SubtractionSet(members))
    }

    pub fn members(&self) -> &[u32] {
        &self.0
    }

    pub(super) fn largest(&self) -> usize {
        self.0.last().copied().unwrap_or(0) as usize
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let members: Vec<String> = self.0.iter().map(u32::to_string).collect();
        f.write_str(&members.join(","))
    }
}

/// The rule a heap game is played by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Subtraction(SubtractionSet),
    Octal(OctalCode),
    /// Split one heap into two non-empty heaps of different sizes.
    Grundy,
}

impl Rule {
    /// Reads a rule as `grundy sequence` names it: an octal code (`0.77`),
    /// `grundy`, or `S=1,3,4`.
    pub fn parse_name(name: &str) -> Result<Rule, GameError> {
        if name == "grundy" {
            return Ok(Rule::Grundy);
        }
        if let Some(set) = name.strip_prefix("S=") {
            return SubtractionSet::parse(set)
                .map(Rule::Subtraction)
                .map_err(|(_, message)| {
                    GameError::new(format!("in '{}': {message}", crate::input::shorten(name)))
                });
        }
        OctalCode::parse_hexadecimal(name).map(Rule::Octal).map_err(|(_, message)| {
            GameError::new(format!(
                "'{}' is not a game: give an octal or hexadecimal code (0.77, 0.8F), grundy, or a subtraction set (S=1,3,4); {message}",
                crate::input::shorten(name)
            ))
        })
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Subtraction(set) => write!(f, "S={set}"),
            Rule::Octal(code) => write!(f, "{code}"),
            Rule::Grundy => f.write_str("grundy"),
        }
    }
}
