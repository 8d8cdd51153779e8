//! A sequence's values kept in a file, to go on from after the process
//! stops: written as they are computed and read back, checked.

use super::{RareHeap, Rule, Sequence, Store, FIRST_PROOF, FIRST_REVIEW};
use std::io::{self, BufRead, Read, Write};

/// The first line of a checkpoint, naming its format.
const CHECKPOINT_FORMAT: &str = "grundy sequence checkpoint 1";

impl Sequence {
    /// Writes the values computed so far, for [`Sequence::read_checkpoint`]
    /// to go on from: a few lines of text (the format, the rule, the count
    /// and a checksum of the values), then the values, 1, 2 or 4 bytes each,
    /// little-endian.
    pub fn write_checkpoint(&self, out: &mut impl Write) -> io::Result<()> {
        let width = self.values.width();
        let len = self.values.len();
        writeln!(out, "{CHECKPOINT_FORMAT}")?;
        writeln!(out, "rule {}", self.rule)?;
        writeln!(out, "values {len} width {width}")?;
        writeln!(out, "checksum {:016x}", checksum(&self.values))?;
        let mut bytes = Vec::with_capacity(width << 16);
        for start in (0..len).step_by(1 << 16) {
            bytes.clear();
            let end = len.min(start + (1 << 16));
            self.values.for_each(start..end, |_, v| {
                bytes.extend_from_slice(&v.to_le_bytes()[..width])
            });
            out.write_all(&bytes)?;
        }
        Ok(())
    }

    /// The sequence a checkpoint holds, ready to compute on from its last
    /// value; `Err` says what is wrong with the file (not one, cut short,
    /// or its values not those it was written with).
    pub fn read_checkpoint(input: &mut impl BufRead) -> Result<Sequence, String> {
        const MAX_HEADER_LINE: u64 = 256;
        let mut line = |what: &str| -> Result<String, String> {
            let mut text = String::new();
            // A header line is short: a file that is not a checkpoint (or
            // an endless device) is refused after these bytes.
            match input.by_ref().take(MAX_HEADER_LINE).read_line(&mut text) {
                Ok(n) if n > 0 && text.ends_with('\n') => Ok(text.trim_end().to_string()),
                _ => Err(format!("it ends before its {what} line")),
            }
        };
        if line("first")? != CHECKPOINT_FORMAT {
            return Err(format!("its first line is not '{CHECKPOINT_FORMAT}'"));
        }
        let rule_line = line("rule")?;
        let rule = rule_line
            .strip_prefix("rule ")
            .ok_or("its second line is not 'rule <rule>'")?;
        let rule = Rule::parse_name(rule).map_err(|e| format!("its rule: {}", e.message))?;
        let count_line = line("values")?;
        let (count, width) = count_line
            .strip_prefix("values ")
            .and_then(|rest| rest.split_once(" width "))
            .and_then(|(count, width)| {
                Some((count.parse::<usize>().ok()?, width.parse::<usize>().ok()?))
            })
            .filter(|&(_, width)| [1, 2, 4].contains(&width))
            .ok_or("its third line is not 'values <count> width <1, 2 or 4>'")?;
        let sum_line = line("checksum")?;
        let sum = sum_line
            .strip_prefix("checksum ")
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or("its fourth line is not 'checksum <16 hex digits>'")?;
        let mut store = Store::new();
        // The count is the file's word until its values are read: memory
        // grows with the values actually there, not with what it claims.
        store.reserve(count.min(1 << 20));
        let mut bytes = vec![0u8; width << 16];
        let mut left = count;
        while left > 0 {
            let take = left.min(1 << 16);
            input
                .read_exact(&mut bytes[..take * width])
                .map_err(|_| format!("it holds fewer than the {count} values it says"))?;
            for value in bytes[..take * width].chunks(width) {
                let mut word = [0u8; 4];
                word[..width].copy_from_slice(value);
                store.push(u32::from_le_bytes(word));
            }
            left -= take;
        }
        if input.fill_buf().is_ok_and(|rest| !rest.is_empty()) {
            return Err(format!("it holds more than the {count} values it says"));
        }
        if checksum(&store) != sum {
            return Err("its values do not match its checksum".to_string());
        }
        Ok(Sequence::resume(rule, store))
    }

    /// A sequence whose first values are known, set to compute on from
    /// them as if it had computed them itself.
    fn resume(rule: Rule, values: Store) -> Sequence {
        let mut sequence = Sequence::new(rule);
        let n = values.len();
        let mut largest = 0;
        values.for_each(0..n, |_, v| largest = largest.max(v));
        sequence.values = values;
        sequence.largest = largest;
        if !sequence.kinds.split.is_empty() {
            // With no mask yet every value is rare; the review picks one.
            sequence.sparse.rare = (1..n)
                .map(|heap| RareHeap {
                    heap: heap as u32,
                    value: sequence.values.get(heap),
                })
                .collect();
            if n >= FIRST_REVIEW {
                sequence.review_mask();
            }
        }
        while sequence.next_proof < n {
            sequence.next_proof *= 2;
        }
        if n >= FIRST_PROOF {
            sequence.period = sequence.proved_period();
        }
        sequence
    }
}

/// FNV-1a over the values as 4-byte little-endian words, whatever their width.
fn checksum(values: &Store) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    values.for_each(0..values.len(), |_, v| {
        for byte in v.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    });
    hash
}
