//! The moves of heap games, written from the rules in GAMES.md for the
//! oracle tests, sharing no code with the solvers.

/// The rule's moves on one heap, as the heaps they leave, written from the
/// rules in GAMES.md without sharing any code with the solver.
pub fn options(rule: &str, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if rule == "nim" {
        for leave in 0..n {
            out.push(if leave == 0 { vec![] } else { vec![leave] });
        }
    } else if rule == "grundy" {
        for a in 1..n {
            if 2 * a != n {
                out.push(vec![a, n - a]);
            }
        }
    } else if let Some(set) = rule.strip_prefix("S=") {
        for s in set.split(',').map(|s| s.trim().parse::<usize>().unwrap()) {
            if s <= n {
                out.push(if s == n { vec![] } else { vec![n - s] });
            }
        }
    } else {
        let (whole, fraction) = rule.split_once('.').unwrap();
        // Octal or hexadecimal: an octal code reads the same in base 16.
        let digits: Vec<u32> = std::iter::once(u32::from_str_radix(whole, 16).unwrap_or(0))
            .chain(fraction.chars().map(|c| c.to_digit(16).unwrap()))
            .collect();
        for (take, &digit) in digits.iter().enumerate() {
            if take > n {
                break;
            }
            let rest = n - take;
            if take > 0 && digit & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if take > 0 && digit & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    out.push(vec![a, rest - a]);
                }
            }
            if digit & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        out.push(vec![a, b, rest - a - b]);
                    }
                }
            }
        }
    }
    out
}
