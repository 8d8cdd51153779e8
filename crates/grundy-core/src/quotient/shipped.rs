//! The quotients of the best-known octal games, shipped as data: growing
//! them takes the construction from a second to ten, far past what the
//! page's analysis may spend, and misère analysis starts from them. A test
//! grows each one again and compares it with the data, byte for byte.
//!
//! The data of a quotient, in 16-bit little-endian words: the largest
//! heap H, the size n, the number of generators k, then for each generator
//! the element it takes each of the n elements to, each heap's element
//! (heaps 0 … H), the size at each bound 1 … H, and the P-portion as n
//! bits, 16 to a word. Which heaps the generators are follows from the
//! rest, as naming the quotient finds them.

use super::{Automaton, Budget, Quotient};
use crate::sequence::Rule;

/// Each shipped quotient: the code, the largest heap it was grown to (the
/// heap by which it is proved periodic, or as far as it was grown), whether
/// the construction finds none for the next heap, and its data. 0.35's
/// quotient, 3182 elements to heap 35, is 70 KB gzipped, so only the
/// command line carries it.
const SHIPPED: &[(&str, u32, bool, &[u8])] = &[
    ("0.07", 33, true, include_bytes!("data/0.07.bin")),
    ("0.137", 32, true, include_bytes!("data/0.137.bin")),
    ("0.75", 21, false, include_bytes!("data/0.75.bin")),
    ("0.77", 167, false, include_bytes!("data/0.77.bin")),
    #[cfg(not(target_arch = "wasm32"))]
    ("0.35", 35, false, include_bytes!("data/0.35.bin")),
];

/// A quotient shipped as data.
pub struct Shipped {
    pub quotient: Quotient,
    /// Whether no candidate the construction tries passes for the next
    /// heap, which takes it seconds to find: nothing grows past this one.
    pub last: bool,
}

impl Quotient {
    /// The shipped quotient of `rule`, if it is one of [`SHIPPED`].
    pub fn shipped(rule: &Rule) -> Option<Shipped> {
        let code = rule.to_string();
        let &(_, _, last, data) = SHIPPED.iter().find(|(shipped, ..)| *shipped == code)?;
        Some(Shipped {
            quotient: decode(rule, data),
            last,
        })
    }

    /// The quotient of the heaps of up to `max_heap` (at most this one's)
    /// alone, as growing it to `max_heap` finds it: the elements their
    /// positions reach, those that no sum of them tells apart merged.
    pub fn restricted(&self, max_heap: u32) -> Quotient {
        assert!(
            max_heap <= self.max_heap,
            "a quotient restricted to more heaps than it has"
        );
        let heaps = max_heap as usize;
        let whole = &self.automaton;
        let acts = whole.acts.chunks(whole.heaps).flat_map(|row| &row[..heaps]);
        let smaller = Automaton {
            heaps,
            acts: acts.copied().collect(),
            lost: whole.lost.clone(),
        };
        let reached = smaller.reached();
        let least = reached
            .minimised(&Budget::new(u64::MAX))
            .expect("no budget to run out");
        Quotient::from_automaton(&self.rule, max_heap, least, self.sizes[..heaps].to_vec())
    }
}

/// Reads the data of a quotient (see the module's comment).
fn decode(rule: &Rule, data: &[u8]) -> Quotient {
    let mut words = data
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]) as u32);
    let mut take = |count: usize| -> Vec<u32> { words.by_ref().take(count).collect() };
    let [max_heap, size, letters] = take(3)[..] else {
        unreachable!("shipped data starts with three words")
    };
    let (heaps, size, letters) = (max_heap as usize, size as usize, letters as usize);
    let columns = take(letters * size);
    let heap_elements = take(heaps + 1);
    let sizes = take(heaps).into_iter().map(|s| s as usize).collect();
    let lost_words = take(size.div_ceil(16));
    // The monoid with its generators acting: q times heap h is then q times
    // the element of h, read from q's row of products.
    let columns = &columns;
    let generated = Automaton {
        heaps: letters,
        acts: (0..size)
            .flat_map(|q| (0..letters).map(move |letter| columns[letter * size + q]))
            .collect(),
        lost: (0..size)
            .map(|q| lost_words[q / 16] >> (q % 16) & 1 == 1)
            .collect(),
    };
    let mut acts = Vec::with_capacity(size * heaps);
    generated.for_each_row(|_, row| {
        acts.extend(heap_elements[1..].iter().map(|&e| row[e as usize]));
    });
    let automaton = Automaton {
        heaps,
        acts,
        lost: generated.lost,
    };
    Quotient::from_automaton(rule, max_heap, automaton, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data of `quotient`, as [`decode`] reads it.
    fn encode(quotient: &Quotient) -> Vec<u8> {
        let size = quotient.size() as u32;
        let mut words = vec![quotient.max_heap, size, quotient.generators.len() as u32];
        for &g in &quotient.generators {
            words.extend((0..size).map(|q| quotient.automaton.times_heap(q, g)));
        }
        words.extend(&quotient.heap_elements);
        words.extend(quotient.sizes.iter().map(|&s| s as u32));
        let lost: Vec<bool> = (0..size).map(|q| quotient.is_lost(q)).collect();
        words.extend(lost.chunks(16).map(|bits| {
            (bits.iter().enumerate()).fold(0, |word, (i, &bit)| word | (bit as u32) << i)
        }));
        words
            .into_iter()
            .flat_map(|word| u16::try_from(word).expect("fits 16 bits").to_le_bytes())
            .collect()
    }

    /// Grows each shipped quotient as analysis would, to its heap, and
    /// compares it with the data. With `GRUNDY_WRITE_QUOTIENTS=1` it
    /// writes the data instead.
    #[test]
    fn shipped_quotients_are_what_the_construction_grows() {
        let write = std::env::var_os("GRUNDY_WRITE_QUOTIENTS").is_some();
        for &(code, heap, last, data) in SHIPPED {
            let rule = Rule::parse_name(code).unwrap();
            let unlimited = Budget::new(u64::MAX);
            let grown = Quotient::covering(&rule, heap, &unlimited).unwrap();
            assert_eq!(grown.max_heap, heap, "{code}");
            if last {
                let next = grown.extended(heap + 1, &unlimited).unwrap_err().error;
                assert!(
                    next.message.contains("among the candidates"),
                    "{code}: {next}"
                );
            }
            let bytes = encode(&grown);
            if write {
                let path = format!(
                    "{}/src/quotient/data/{code}.bin",
                    env!("CARGO_MANIFEST_DIR")
                );
                std::fs::write(path, &bytes).unwrap();
                continue;
            }
            assert!(
                bytes == data,
                "{code}: the shipped data differs from the quotient grown"
            );
            let shipped = Quotient::shipped(&rule).unwrap().quotient;
            assert_eq!(shipped.automaton, grown.automaton, "{code}");
            assert_eq!(
                (&shipped.sizes, &shipped.heap_elements, &shipped.generators),
                (&grown.sizes, &grown.heap_elements, &grown.generators),
                "{code}"
            );
            assert_eq!(
                (&shipped.words, shipped.periodic),
                (&grown.words, grown.periodic)
            );
        }
    }

    #[test]
    fn restricted_to_fewer_heaps_they_are_what_the_construction_grows_there() {
        for &(code, heap, ..) in SHIPPED {
            let rule = Rule::parse_name(code).unwrap();
            let shipped = Quotient::shipped(&rule).unwrap().quotient;
            for smaller in [1, 4, 12, 20].into_iter().filter(|&h| h < heap) {
                let grown = Quotient::compute(&rule, smaller, &Budget::new(u64::MAX), |_| true);
                let restricted = shipped.restricted(smaller);
                assert_eq!(restricted.text(), grown.unwrap().text(), "{code} {smaller}");
            }
        }
    }

    #[test]
    fn only_the_shipped_codes_have_data() {
        for code in ["0.37", "0.137", "0.7", "4.7"] {
            let rule = Rule::parse_name(code).unwrap();
            assert_eq!(
                Quotient::shipped(&rule).is_some(),
                code == "0.137",
                "{code}"
            );
        }
    }
}
