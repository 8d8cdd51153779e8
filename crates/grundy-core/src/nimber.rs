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

/// The Nim product a ⊗ b: with ⊕ it makes the numbers below every 2^(2^k)
/// a field, and a heads coin at (x, y) in Turning Corners is worth x ⊗ y.
/// Split at the middle Fermat 2-power F = 2^h, where F ⊗ F = F ⊕ F/2 and
/// x ⊗ F = x·F for x < F; three half-size products suffice (Karatsuba).
pub fn nim_product(a: u64, b: u64) -> u64 {
    fn product(a: u64, b: u64, half: u32) -> u64 {
        if a < 2 || b < 2 {
            return a * b;
        }
        if a >> half == 0 && b >> half == 0 {
            return product(a, b, half / 2);
        }
        let low = (1u64 << half) - 1;
        let (a1, a0, b1, b0) = (a >> half, a & low, b >> half, b & low);
        let high = product(a1, b1, half / 2);
        let low_part = product(a0, b0, half / 2);
        let middle = product(a1 ^ a0, b1 ^ b0, half / 2) ^ high ^ low_part;
        ((middle ^ high) << half) ^ low_part ^ product(high, 1 << (half - 1), half / 2)
    }
    product(a, b, 32)
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

    /// The definition: a ⊗ b = mex{ (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b }.
    #[test]
    fn the_nim_product_is_the_mex_of_its_definition_to_256() {
        const N: usize = 256;
        let mut table = vec![0u64; N * N];
        let mut seen = vec![false; 2 * N];
        for a in 0..N {
            for b in 0..N {
                seen.fill(false);
                for a2 in 0..a {
                    for b2 in 0..b {
                        let option = table[a2 * N + b] ^ table[a * N + b2] ^ table[a2 * N + b2];
                        seen[option as usize] = true;
                    }
                }
                table[a * N + b] = seen.iter().position(|&s| !s).unwrap() as u64;
                assert_eq!(
                    nim_product(a as u64, b as u64),
                    table[a * N + b],
                    "{a} ⊗ {b}"
                );
            }
        }
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(16, 16), 24);
    }

    #[test]
    fn the_nim_product_obeys_the_field_laws_on_64_bit_values() {
        let mut rng = crate::rng::Rng::new(2026);
        let mut random = || rng.next_u64();
        /// a^(2^64 − 2), the inverse in the field of 2^64 elements.
        fn inverse(a: u64) -> u64 {
            let (mut result, mut square) = (1, a);
            for bit in 0..64 {
                if bit > 0 {
                    result = nim_product(result, square);
                }
                square = nim_product(square, square);
            }
            result
        }
        for _ in 0..300 {
            let (a, b, c) = (random(), random(), random());
            assert_eq!(nim_product(a, b), nim_product(b, a));
            assert_eq!(
                nim_product(nim_product(a, b), c),
                nim_product(a, nim_product(b, c))
            );
            assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            assert_eq!(nim_product(a, 1), a);
            if a != 0 {
                assert_eq!(nim_product(a, inverse(a)), 1, "{a}");
            }
        }
    }
}
