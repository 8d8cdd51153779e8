//! Nimbers: the values of impartial games, added with ⊕ (bitwise xor).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{BitXor, BitXorAssign};
use ts_rs::TS;

/// A Sprague–Grundy value. Shown as `*n`; `*0` means the player to move loses.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS,
)]
#[serde(transparent)]
pub struct Nimber(pub u32);

impl Nimber {
    pub const ZERO: Nimber = Nimber(0);

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum: ⊕ of all values.
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |acc, n| acc ^ n)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// A set of small nimbers for computing a mex without allocating in the
/// common case: values below 128 live in a bitmask, larger ones in a vector.
/// The mask is two words, not a `u128`, so that marking a value is one OR
/// (wasm has no 128-bit shifts).
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    low: [u64; 2],
    high: Vec<u32>,
}

impl MexSet {
    pub fn new() -> MexSet {
        MexSet::default()
    }

    pub fn insert(&mut self, value: Nimber) {
        if value.0 < 128 {
            self.low[(value.0 >> 6) as usize] |= 1 << (value.0 & 63);
        } else {
            self.high.push(value.0);
        }
    }

    pub fn contains(&self, value: Nimber) -> bool {
        if value.0 < 128 {
            self.low[(value.0 >> 6) as usize] & (1 << (value.0 & 63)) != 0
        } else {
            self.high.contains(&value.0)
        }
    }

    /// The minimum excludant: the least nimber not in the set.
    pub fn mex(&self) -> Nimber {
        match self.low {
            [first, _] if first != u64::MAX => Nimber(first.trailing_ones()),
            [_, second] if second != u64::MAX => Nimber(64 + second.trailing_ones()),
            _ => self.mex_above_127(),
        }
    }

    /// Every value below 128 is present: with k larger values the mex is
    /// at most 128 + k, so marking which of those occur finds it in O(k).
    #[cold]
    #[inline(never)]
    fn mex_above_127(&self) -> Nimber {
        let mut present = vec![false; self.high.len() + 1];
        for &value in &self.high {
            if let Some(slot) = present.get_mut((value - 128) as usize) {
                *slot = true;
            }
        }
        let first_absent = present.iter().position(|&p| !p).unwrap_or(present.len());
        Nimber(128 + first_absent as u32)
    }
}

impl FromIterator<Nimber> for MexSet {
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> MexSet {
        let mut set = MexSet::new();
        for value in iter {
            set.insert(value);
        }
        set
    }
}

/// The minimum excludant of `values`.
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().collect::<MexSet>().mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_and_display() {
        assert_eq!(Nimber(3) ^ Nimber(5), Nimber(6));
        assert_eq!(Nimber(7).to_string(), "*7");
        let total: Nimber = [1, 2, 3].into_iter().map(Nimber).sum();
        assert_eq!(total, Nimber::ZERO);
    }

    #[test]
    fn mex_small_and_large() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([0, 1, 3].map(Nimber)), Nimber(2));
        let dense: Vec<Nimber> = (0..200).filter(|&v| v != 150).map(Nimber).collect();
        assert_eq!(mex(dense.clone()), Nimber(150));
        let full: Vec<Nimber> = (0..300).rev().map(Nimber).collect();
        assert_eq!(mex(full), Nimber(300));
        // Repeats and values far above the mex among the large values.
        let repeated = (0..128).chain([129, 128, 5000, 129, 131]).map(Nimber);
        assert_eq!(mex(repeated), Nimber(130));
        assert!(dense.into_iter().collect::<MexSet>().contains(Nimber(199)));
    }
}
