//! A hash map for the solvers' caches, whose keys are a few machine words
//! (bitboards, vertex sets): std's SipHash guards against chosen keys,
//! which a position cannot choose, at several times the cost.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiplies each word in (the Fx hash of rustc): one multiply a word.
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }

    /// The product's high bits, which every bit of the words reaches,
    /// turned down to the low ones, which pick a slot: a product's low bits
    /// see only the words' low bits, and keys such as vertex sets that
    /// differ only in their high bits would all want one slot.
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// A `HashMap` hashed by [`WordHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;
