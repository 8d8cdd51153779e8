//! The command line's arguments, as clap reads them: every subcommand and
//! flag with its help, from which `--help`, `grundy help <command>`, the
//! man pages and the shell completions are all generated.

use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand, ValueEnum};
use grundy_core::sequence::Rule;
use std::path::PathBuf;

// The server's own definition, shared without linking the server.
#[path = "../../grundy-server/src/serve_args.rs"]
mod serve_args;
pub use serve_args::ServeArgs;

/// The most values `--period` computes unless `--max` says: 2²⁴.
pub const DEFAULT_PERIOD_MAX: u64 = 1 << 24;
/// The most values `--count` and `--max` take: 2³⁶, as far as memory holds
/// those that must be computed.
pub const MAX_VALUES: u64 = 1 << 36;
/// The largest heap `grundy quotient` takes.
pub const MAX_QUOTIENT_HEAP: u32 = 10_000;
/// The seconds of work `quotient` and `outcome --misere` spend on a misère
/// quotient unless told: the command line's quotient budget.
pub const DEFAULT_BUDGET_SECONDS: f64 = grundy_core::quotient::CLI_BUDGET as f64 / 1e9;

#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about = "Answers contest inputs, prints analyses, Grundy sequences and misère quotients",
    after_help = "Exit status: 0 an answer; 2 bad input or arguments; 3 refused (too large to answer \
                  exactly, no period proved, or fewer puzzles found than asked); 128 + N stopped by signal N after saving a checkpoint.",
    propagate_version = true,
    disable_help_subcommand = false
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Read a contest input on stdin and print the contest's answer
    Solve {
        /// The game: an id from `grundy games`
        game: String,
    },
    /// Read one position on stdin and print its nimber
    Nimber {
        /// The game: an id from `grundy games`
        game: String,
    },
    /// Read one position on stdin and print N (the player to move wins) or P
    Outcome {
        /// The game: an id from `grundy games`
        game: String,
        /// Misère play: the player who makes the last move loses
        #[arg(long)]
        misere: bool,
        /// With --misere: work growing a misère quotient, in seconds of a reference machine (counted, not timed), from 0.01 to 1000000
        #[arg(long, value_name = "SECONDS", requires = "misere", default_value_t = DEFAULT_BUDGET_SECONDS, value_parser = seconds)]
        budget: f64,
    },
    /// Print G(0) … G(N−1) of a heap game, how often each value occurs, or its proved period
    Sequence(SequenceArgs),
    /// Prove the period of every octal or hexadecimal code of a pattern or a file, a line per code, on every core
    Census(CensusCommand),
    /// Print the misère quotient of a heap game restricted to heaps of up to H
    ///
    /// Prints its size, elements, P-portion and each heap's element; exits 3
    /// past its budget of work.
    Quotient {
        /// The rule: an octal code (0.77), grundy, or a subtraction set (S=1,3,4)
        #[arg(value_parser = rule)]
        rule: Rule,
        /// The largest heap
        #[arg(long, value_name = "H", value_parser = clap::value_parser!(u32).range(1..=MAX_QUOTIENT_HEAP as i64))]
        max_heap: u32,
        /// Print JSON, with the multiplication table
        #[arg(long)]
        json: bool,
        /// Work before it gives up, in seconds of a reference machine, from 0.01 to 1000000
        ///
        /// The work is counted, not timed: a run stops at the same place on every machine.
        #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_BUDGET_SECONDS, value_parser = seconds)]
        budget: f64,
    },
    /// Print puzzles of a game, one JSON object a line: a position, every winning move, a rating and themes
    Puzzles(PuzzlesArgs),
    /// Print the analysis of the position on stdin: components, nimbers, every move
    #[command(visible_alias = "analyze")]
    Analyse {
        /// The game: an id from `grundy games`
        game: String,
        /// Print the analysis the browser reads, as JSON
        #[arg(long)]
        json: bool,
        /// Which case of a contest input that holds several
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        case: u64,
        /// Add the misère outcome and its winning moves
        #[arg(long)]
        misere: bool,
    },
    /// List every game's id with a one-line summary
    Games,
    /// Serve the playground, class sessions and games between devices
    Serve(ServeArgs),
    /// Time every benchmark case and print the medians as JSON lines
    Bench {
        /// How many times each case runs
        #[arg(long, value_name = "N", default_value_t = 21, value_parser = clap::value_parser!(u64).range(1..))]
        runs: u64,
        /// Only this game's cases
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        /// The worst-case search's adversarial families, each game's slowest marked
        #[arg(long)]
        families: bool,
    },
    /// Write the man pages or the shell completions, generated from these definitions, into DIR
    Generate {
        /// What to write
        #[arg(value_enum)]
        what: Generated,
        /// The folder to write into (made if missing)
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
}

#[derive(Args)]
#[command(group(ArgGroup::new("asked").required(true).args(["count", "period"])))]
pub struct SequenceArgs {
    /// The rule: an octal or hexadecimal code (0.77, .77, 4.07, 0.8F), grundy for Grundy's game, or a subtraction set (S=1,3,4)
    #[arg(value_parser = rule)]
    pub rule: Rule,
    /// Print G(0) … G(N−1), N up to 2^36; past what memory holds, from a proved period
    #[arg(long, value_name = "N", value_parser = |text: &str| whole_number(text, 0, MAX_VALUES))]
    pub count: Option<u64>,
    /// Print 'value frequency' for each value among G(0) … G(N−1) instead
    #[arg(long, requires = "count", conflicts_with = "period")]
    pub freq: bool,
    /// Print 'preperiod A period P' once a period is proved; exit 3 if none is within --max
    #[arg(long, conflicts_with = "count")]
    pub period: bool,
    /// With --period: the most values computed, up to 2^36 as far as memory holds them [default: 2^24]
    #[arg(long, value_name = "N", conflicts_with = "count", value_parser = |text: &str| whole_number(text, 1, MAX_VALUES))]
    pub max: Option<u64>,
    /// Save the values to FILE every 60 s and on SIGINT or SIGTERM; the same command goes on from FILE
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between saves, from 0.01 to 1000000
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = seconds)]
    pub checkpoint_every: Option<f64>,
    /// Compute on N threads, 1 to 256; the output is the same for every N
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Write text (as above), lines (a value each), bfile (OEIS: 'n G(n)' lines) or json (with the largest value)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text, hide_possible_values = true)]
    pub format: Format,
}

#[derive(Args)]
pub struct PuzzlesArgs {
    /// The game: an id from `grundy games` whose values are finite
    pub game: String,
    /// The rule of a subtraction (1,3,4) or octal (0.77) game; without it each puzzle takes one a course uses
    #[arg(long, value_name = "R")]
    pub rule: Option<String>,
    /// How many puzzles, 1 to 10000
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=grundy_core::puzzle::MAX_COUNT as u64))]
    pub count: u64,
    /// The same seed prints the same puzzles
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Misère play: the player who makes the last move loses
    #[arg(long)]
    pub misere: bool,
    /// Only puzzles with exactly one solution: one position a winning move can leave
    #[arg(long)]
    pub unique: bool,
    /// Only puzzles rated from LO to HI (either end may be left out: 1500..)
    #[arg(long, value_name = "LO..HI", value_parser = grundy_core::puzzle::parse_rating_range)]
    pub rating: Option<std::ops::RangeInclusive<u32>>,
}

/// How `sequence` writes its answer; `--format`'s help says what each is
/// (a variant's own doc comment would turn the help into its long layout).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Lines,
    Bfile,
    Json,
}

/// The most values `census` computes for each code unless `--max` says: 2²⁰.
pub const DEFAULT_CENSUS_MAX: u64 = 1 << 20;
/// The most splits each code's values look at unless `--work` says: 10⁹,
/// about a second. The same on every machine, so that shards run anywhere
/// merge into what one run prints.
pub const DEFAULT_CENSUS_WORK: u64 = 1_000_000_000;
/// The most values `census --max` takes for each code: 2²⁸, about 1.3 GB
/// for each thread at most.
pub const MAX_CENSUS_VALUES: u64 = 1 << 28;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CensusCommand {
    #[command(subcommand)]
    pub merge: Option<CensusMerge>,
    #[command(flatten)]
    pub args: CensusArgs,
}

#[derive(Subcommand)]
pub enum CensusMerge {
    /// Join the outputs of a census's shards (or their checkpoints) into what one run prints
    Merge {
        /// The shards' outputs
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
#[command(group(ArgGroup::new("codes given").required(true).args(["pattern", "codes"])))]
pub struct CensusArgs {
    /// The codes: ? stands for each digit 0 to 7 ('0.???', '4.??'); codes ending in 0 are left out
    pub pattern: Option<String>,
    /// In the pattern, ? stands for each hexadecimal digit 0 to F
    #[arg(long, requires = "pattern")]
    pub hexadecimal: bool,
    /// Read the codes from FILE, one a line (# starts a comment line); 0.770 counts as 0.77
    #[arg(long, value_name = "FILE", conflicts_with = "pattern")]
    pub codes: Option<PathBuf>,
    /// The most values computed for each code, up to 2^28 [default: 2^20]
    #[arg(long, value_name = "N", default_value_t = DEFAULT_CENSUS_MAX, hide_default_value = true, value_parser = |text: &str| whole_number(text, 1, MAX_CENSUS_VALUES))]
    pub max: u64,
    /// The most splits each code's values may look at, about a nanosecond each: codes whose values are not sparse cost time quadratic in their length [default: 10^9]
    #[arg(long, value_name = "SPLITS", default_value_t = DEFAULT_CENSUS_WORK, hide_default_value = true, value_parser = |text: &str| whole_number(text, 1, u64::MAX))]
    pub work: u64,
    /// Only the K-th of N shards: codes K, K + N, K + 2N, … of the census's order
    #[arg(long, value_name = "K/N", value_parser = crate::census::shard)]
    pub shard: Option<crate::census::Shard>,
    /// Codes computed at once, 1 to 256 [default: the cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    /// Save each code's line to FILE as it is found; the same command goes on from FILE
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Write text (a line per code) or json (an object per line)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = CensusFormat::Text, hide_possible_values = true)]
    pub format: CensusFormat,
}

/// How `census` writes its lines.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CensusFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Generated {
    /// grundy.1 and a page per command, grundy-sequence.1 and so on
    Man,
    /// Completions for bash, zsh, fish, PowerShell and elvish
    Completions,
}

impl Cli {
    /// The arguments, or the end of the program: help and version as clap
    /// prints them, a mistake in one line.
    pub fn parse_or_exit() -> Cli {
        Cli::try_parse().unwrap_or_else(|error| exit_with(error))
    }
}

/// Ends the program for a clap error. Help and version print as clap
/// prints them; a mistake prints one line, clap's message with its tip and
/// where to read more, not the usage, and exits 2.
pub fn exit_with(error: clap::Error) -> ! {
    use clap::error::ErrorKind;
    let command = command_line_name();
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => error.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let commands: Vec<String> = Cli::command()
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            eprintln!(
                "error: {command} needs a command: {} (see '{command} --help')",
                commands.join(", ")
            );
        }
        _ => eprintln!("{}", one_line(&error.render().to_string(), &command)),
    }
    std::process::exit(2)
}

/// `grundy` and the subcommand the arguments name, if any: what `--help`
/// follows for this command.
fn command_line_name() -> String {
    let cli = Cli::command();
    let named = std::env::args().skip(1).find_map(|arg| {
        cli.get_subcommands()
            .find(|c| c.get_name() == arg || c.get_all_aliases().any(|alias| alias == arg))
            .map(|c| c.get_name().to_string())
    });
    match named {
        Some(name) => format!("grundy {name}"),
        None => "grundy".to_string(),
    }
}

/// Clap's report of a mistake in one line: its message, tips and possible
/// values joined, the usage and "For more information" left out, and the
/// help to read named.
fn one_line(report: &str, command: &str) -> String {
    let mut text = String::new();
    for part in report
        .lines()
        .map(str::trim)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("Usage:")
                && !line.starts_with("For more information")
        })
        .map(|line| {
            line.strip_prefix('[')
                .and_then(|l| l.strip_suffix(']'))
                .unwrap_or(line)
        })
    {
        // A list after a colon goes on the same sentence.
        if !text.is_empty() {
            text += if text.ends_with(':') { " " } else { "; " };
        }
        text += part;
    }
    format!("{text} (see '{command} --help')")
}

/// A rule as `sequence` and `quotient` name it, with the reason when it is not one.
fn rule(name: &str) -> Result<Rule, String> {
    Rule::parse_name(name).map_err(|error| error.to_string())
}

/// A whole number from `low` to `high`, written as the help writes
/// numbers: `16777216`, `2^24` or `1e6`.
fn whole_number(text: &str, low: u64, high: u64) -> Result<u64, String> {
    let value = read_whole_number(text.trim()).ok_or_else(|| {
        format!("'{text}' is not a whole number; write it as 16777216, 2^24 or 1e6")
    })?;
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{value} is not from {low} to {}",
            written_power(high)
        ))
    }
}

/// `digits`, `base^exponent` or `mantissa e exponent`, if it is a whole
/// number that fits in 64 bits.
fn read_whole_number(text: &str) -> Option<u64> {
    let digits = |part: &str| {
        (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u64>().ok())
            .flatten()
    };
    if let Some((base, exponent)) = text.split_once('^') {
        return digits(base)?.checked_pow(u32::try_from(digits(exponent)?).ok()?);
    }
    if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
        let power = 10u64.checked_pow(u32::try_from(digits(exponent)?).ok()?)?;
        return digits(mantissa)?.checked_mul(power);
    }
    digits(text)
}

/// A limit as the help writes it: `2^36` for a power of two past 2^10,
/// the plain number otherwise.
fn written_power(value: u64) -> String {
    match value {
        u64::MAX => "2^64 - 1".to_string(),
        v if v.is_power_of_two() && v > 1 << 10 => format!("2^{}", v.trailing_zeros()),
        v => v.to_string(),
    }
}

fn seconds(value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| (0.01..=1e6).contains(s))
        .ok_or_else(|| "takes seconds from 0.01 to 1000000".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_the_help_writes_them() {
        for text in ["16777216", "2^24", " 2^24 "] {
            assert_eq!(whole_number(text, 0, MAX_VALUES), Ok(1 << 24), "{text}");
        }
        assert_eq!(whole_number("1e6", 0, MAX_VALUES), Ok(1_000_000));
        assert_eq!(whole_number("10^9", 1, u64::MAX), Ok(1_000_000_000));
        assert_eq!(whole_number("2^36", 1, MAX_VALUES), Ok(MAX_VALUES));
        assert_eq!(
            whole_number("2^37", 1, MAX_VALUES),
            Err("137438953472 is not from 1 to 2^36".to_string())
        );
        assert_eq!(
            whole_number("0", 1, u64::MAX),
            Err("0 is not from 1 to 2^64 - 1".to_string())
        );
        for bad in [
            "", "1.5", "-3", "2^", "^4", "e6", "1e", "2^99", "1e30", "0x10", "1e-3",
        ] {
            assert!(whole_number(bad, 0, u64::MAX).is_err(), "{bad}");
        }
    }
}
