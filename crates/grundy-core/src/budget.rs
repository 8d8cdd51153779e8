//! What a search may spend, in a module of its own: the games' closed
//! forms grow misère quotients within it, and the search walks positions
//! within it, so neither has to import the other.

/// What a search may spend before it says a position is too large: the
/// positions it holds, its work, counted in positions of the search's
/// `WORK_PER_POSITION` each, and the work a misère quotient may take to
/// grow before the positions are searched instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBudget {
    pub positions: usize,
    pub work: usize,
    /// In the units of a quotient's budget: about a nanosecond natively.
    pub quotient: u64,
}

/// About ten seconds natively: what the command line spends growing a
/// misère quotient unless told otherwise.
pub const CLI_QUOTIENT_WORK: u64 = 10_000_000_000;

impl SearchBudget {
    /// `positions` positions and the work of as many, with the command
    /// line's quotient budget.
    pub const fn positions(positions: usize) -> SearchBudget {
        SearchBudget {
            positions,
            work: positions,
            quotient: CLI_QUOTIENT_WORK,
        }
    }

    /// This budget with `units` of work for a misère quotient.
    pub const fn with_quotient(self, units: u64) -> SearchBudget {
        SearchBudget {
            quotient: units,
            ..self
        }
    }
}
