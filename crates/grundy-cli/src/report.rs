//! What a period search found for a rule, as `sequence --period` and
//! `census` write it: in words, or as one JSON object a line.

use grundy_core::sequence::{Period, RareClasses, Sequence};

pub struct Found {
    rule: String,
    proved: Option<Period>,
    /// Values computed: to the proof, or to the most asked for.
    computed: usize,
    /// The most values the search was allowed.
    max: usize,
    largest: Option<u32>,
    rare: Option<RareClasses>,
}

impl Found {
    pub fn of(sequence: &Sequence, proved: Option<Period>, max: usize) -> Found {
        Found {
            rule: sequence.rule().to_string(),
            proved,
            computed: sequence.len(),
            max,
            largest: sequence.largest(),
            rare: sequence.rare_classes(),
        }
    }

    /// `preperiod A period P`, or `unknown up to N`, as GAMES.md has
    /// `sequence --period` print it.
    pub fn period_text(&self) -> String {
        match self.proved {
            Some(Period { preperiod, period }) => format!("preperiod {preperiod} period {period}"),
            None => format!("unknown up to {}", self.max),
        }
    }

    /// A census's line: the rule, the period (or how far none was proved),
    /// the largest value, and the rare class: its mask in hexadecimal
    /// (`+parity` where the heap's parity flips it), how many heaps have a
    /// rare value and the last of them.
    pub fn census_line(&self) -> String {
        let mut line = format!("{} {}", self.rule, self.period_text());
        if let Some(largest) = self.largest {
            line += &format!(" largest {largest}");
        }
        if let Some(rare) = &self.rare {
            let parity = if rare.by_parity { "+parity" } else { "" };
            line += &format!(" mask {:#x}{parity} rare {}", rare.mask, rare.heaps);
            if let Some(last) = rare.last_heap {
                line += &format!(" last-rare {last}");
            }
        }
        line + "\n"
    }

    /// One line of JSON: the rule, whether a period was proved and which
    /// (else the most values searched), the values computed, the largest,
    /// and the rare class (`null` for rules that do not split heaps).
    pub fn json(&self) -> String {
        let period = match self.proved {
            Some(Period { preperiod, period }) => {
                format!("\"proved\":true,\"preperiod\":{preperiod},\"period\":{period}")
            }
            None => format!("\"proved\":false,\"max\":{}", self.max),
        };
        let rare = self.rare.map_or("null".to_string(), |rare| {
            format!(
                "{{\"mask\":{},\"by_parity\":{},\"heaps\":{},\"last\":{}}}",
                rare.mask,
                rare.by_parity,
                rare.heaps,
                json_number(rare.last_heap)
            )
        });
        format!(
            "{{\"rule\":{},{period},\"computed\":{},\"largest\":{},\"rare\":{rare}}}\n",
            serde_json::to_string(&self.rule).expect("a string writes as JSON"),
            self.computed,
            json_number(self.largest),
        )
    }
}

/// A number, or null where there is none (no values).
pub fn json_number(number: Option<impl ToString>) -> String {
    number.map_or_else(|| "null".to_string(), |n| n.to_string())
}
