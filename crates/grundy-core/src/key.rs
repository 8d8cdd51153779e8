//! Positions' keys for searches: a canonical form hashed to 128 bits as it
//! is written, so that a memo holds 16 bytes a position and no key is ever
//! made as text.

/// A position's canonical key, hashed to 128 bits as it is written: the
/// memo holds 16 bytes a position however large the position, and no key
/// is ever allocated. Two positions with different futures share a hash
/// with a chance of about n²/2¹²⁹ among n positions, 10⁻²⁶ at a million.
#[derive(Clone, Copy)]
pub struct KeyHasher {
    lanes: [u64; 2],
    bytes: usize,
    /// What writing the key took: a byte of words counts 1, a byte of text
    /// [`TEXT_WORK`], as the text was made before it was hashed.
    work: usize,
}

/// The work of a byte of text written into a key, against 1 for a byte of
/// words: a canonical text is formatted, then hashed.
const TEXT_WORK: usize = 4;

impl Default for KeyHasher {
    fn default() -> KeyHasher {
        KeyHasher {
            lanes: [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344],
            bytes: 0,
            work: 0,
        }
    }
}

impl KeyHasher {
    /// Takes in one word. The two lanes multiply by different odd
    /// constants and fold their high halves down, so that words far apart
    /// still reach every bit of both.
    pub fn write_u64(&mut self, word: u64) {
        let [a, b] = &mut self.lanes;
        *a = (*a ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        *a ^= *a >> 32;
        *b = (*b ^ word.rotate_left(32)).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        *b ^= *b >> 29;
        self.bytes += 8;
        self.work += 8;
    }

    pub fn write_bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        let mut last = [0; 8];
        last[..rest.len()].copy_from_slice(rest);
        // The length marks where the text ends, so "a" and "a\0" differ.
        self.write_u64(u64::from_le_bytes(last) ^ ((bytes.len() as u64) << 56));
        self.bytes -= 8 - rest.len();
        self.work = self.work - (8 - rest.len()) + (TEXT_WORK - 1) * bytes.len();
    }

    pub fn write_str(&mut self, text: &str) {
        self.write_bytes(text.as_bytes());
    }

    /// Takes in a key already hashed, such as a part's in a sum, counting
    /// the bytes and work it took to write.
    pub fn write_hashed(&mut self, part: &KeyHasher) {
        let key = part.finish();
        self.write_u64(key as u64);
        self.write_u64((key >> 64) as u64);
        self.bytes = self.bytes - 16 + part.bytes;
        self.work = self.work - 16 + part.work;
    }

    /// Takes in words in any order, as one word of the key each: a sum of
    /// their mixes in each lane, which no order changes, and their count.
    /// No sorting, so a multiset (a heap game's heaps) is written in one pass.
    pub fn write_unordered(&mut self, words: impl Iterator<Item = u64>) {
        self.write_sum(&words.collect());
    }

    /// Takes in a multiset summed as [`write_unordered`](Self::write_unordered)
    /// sums it, one word a member.
    pub fn write_sum(&mut self, sum: &UnorderedSum) {
        self.write_u64(sum.lanes[0]);
        self.write_u64(sum.lanes[1]);
        self.write_u64(sum.count);
        self.bytes = self.bytes - 24 + 8 * sum.count as usize;
        self.work = self.work - 24 + 8 * sum.count as usize;
    }

    /// About how many bytes the key took to write.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The work of writing the key, for a search's budget of work.
    pub fn work(&self) -> usize {
        self.work
    }

    pub fn finish(&self) -> u128 {
        let [a, b] = self.lanes;
        let length = self.bytes as u64;
        (u128::from(avalanche(a ^ length)) << 64) | u128::from(avalanche(b.wrapping_add(length)))
    }
}

/// A multiset of words as a key writes it: the sums of the members' mixes
/// in two lanes, and their count. A member comes or goes in constant time,
/// so a walk that changes one heap of many keeps its key up to date.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct UnorderedSum {
    lanes: [u64; 2],
    count: u64,
}

impl UnorderedSum {
    pub fn add(&mut self, word: u64) {
        let [a, b] = Self::mixes(word);
        self.lanes[0] = self.lanes[0].wrapping_add(a);
        self.lanes[1] = self.lanes[1].wrapping_add(b);
        self.count += 1;
    }

    pub fn remove(&mut self, word: u64) {
        let [a, b] = Self::mixes(word);
        self.lanes[0] = self.lanes[0].wrapping_sub(a);
        self.lanes[1] = self.lanes[1].wrapping_sub(b);
        self.count -= 1;
    }

    fn mixes(word: u64) -> [u64; 2] {
        [
            avalanche(word ^ 0x5851_f42d_4c95_7f2d),
            avalanche(word.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 1),
        ]
    }
}

impl FromIterator<u64> for UnorderedSum {
    fn from_iter<I: IntoIterator<Item = u64>>(words: I) -> UnorderedSum {
        let mut sum = UnorderedSum::default();
        words.into_iter().for_each(|word| sum.add(word));
        sum
    }
}

/// MurmurHash3's finaliser: every input bit moves about half the output bits.
fn avalanche(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_texts_apart_and_ignore_the_order_of_unordered_words() {
        let hash = |write: &dyn Fn(&mut KeyHasher)| {
            let mut key = KeyHasher::default();
            write(&mut key);
            key.finish()
        };
        let texts = ["", "a", "a\0", "\0", "ab", "ba", "abcdefgh", "abcdefgh\0"];
        let keys: Vec<u128> = texts.iter().map(|t| hash(&|k| k.write_str(t))).collect();
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "{:?} and {:?}", texts[i], texts[j]);
            }
        }
        let heaps = |words: &[u64]| hash(&|k| k.write_unordered(words.iter().copied()));
        assert_eq!(heaps(&[3, 5, 5]), heaps(&[5, 3, 5]));
        assert_ne!(heaps(&[3, 5, 5]), heaps(&[3, 5]));
        assert_ne!(heaps(&[3, 5, 5]), heaps(&[3, 3, 5]));
        assert_ne!(heaps(&[1, 2]), heaps(&[3]));
    }
}
