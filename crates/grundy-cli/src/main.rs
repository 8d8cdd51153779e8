//! `grundy`: answers contest inputs, prints analyses and times the solvers.

mod census;
mod checkpoint;
mod cli;
mod report;

use checkpoint::{Checkpoint, Interrupt};
use clap::CommandFactory;
use cli::{Cli, Command, Format, Generated, SequenceArgs, ServeArgs, DEFAULT_PERIOD_MAX};
use grundy_core::ai::Skill;
use grundy_core::game::MAX_INPUT_BYTES;
use grundy_core::input::counted;
use grundy_core::puzzle;
use grundy_core::quotient::{Budget, Quotient};
use grundy_core::search;
use grundy_core::sequence::{Period, Rule, Sequence};
use grundy_core::{bench, games, Analysis, GameError, Outcome};
use report::{json_number, Found};
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;
use std::time::Instant;

/// A failure to report: a message and the exit code that goes with it.
struct Failure {
    message: String,
    code: u8,
    /// What standard output still says, such as `unknown up to N`.
    stdout: String,
}

impl From<GameError> for Failure {
    fn from(error: GameError) -> Failure {
        Failure {
            message: error.to_string(),
            code: if error.too_large { 3 } else { 2 },
            stdout: String::new(),
        }
    }
}

/// What a command prints.
enum Output {
    Text(String),
    /// G(0) … G(count − 1), written as they are computed, so that neither
    /// the text nor more than the values themselves is ever held.
    Values {
        sequence: Box<Sequence>,
        count: usize,
        /// The proved period that gives the values past those computed,
        /// when they are more than the memory holds.
        period: Option<Period>,
        checkpoint: Option<Checkpoint>,
        interrupt: Option<Interrupt>,
        format: Format,
    },
    /// A census's lines, written as its codes are found, in order.
    Census(Box<census::Census>),
}

fn main() -> ExitCode {
    // A panic is a bug in grundy, not a message for its user: it is told
    // in one line with its place, never as a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!(" at {l}"))
            .unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|m| m.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!(
            "error: internal error{place}: {message} (a bug: please report it with the input)"
        );
    }));
    // Argument mistakes are reported in one line, with exit code 2.
    match run(Cli::parse_or_exit().command) {
        Ok(output) => {
            let mut stdout = io::BufWriter::new(io::stdout().lock());
            let written = match output {
                Output::Text(text) => stdout.write_all(text.as_bytes()),
                Output::Census(census) => census.write(&mut stdout),
                Output::Values {
                    sequence,
                    count,
                    period,
                    checkpoint,
                    interrupt,
                    format,
                } => write_values(
                    &mut stdout,
                    *sequence,
                    (count, period),
                    checkpoint,
                    interrupt,
                    format,
                ),
            };
            match written.and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // The output is short (a full disk, a closed pipe, a
                // checkpoint not saved): never exit 0 on it. An error of
                // ours names its file; the operating system's is stdout's.
                Err(e) => {
                    match e.get_ref() {
                        Some(_) => eprintln!("error: {e}"),
                        None => eprintln!("error: cannot write the output: {e}"),
                    }
                    ExitCode::from(1)
                }
            }
        }
        Err(failure) => {
            print!("{}", failure.stdout);
            eprintln!("error: {}", failure.message.trim_end());
            ExitCode::from(failure.code)
        }
    }
}

/// Writes G(0) … G(count − 1) in `format`, computing them a block at a
/// time: as text on one line, separated by single spaces; one a line; as
/// `n G(n)` lines; or in a JSON object with the largest value. Past the
/// values computed, a proved period gives them.
fn write_values(
    out: &mut impl Write,
    mut sequence: Sequence,
    (count, period): (usize, Option<Period>),
    mut checkpoint: Option<Checkpoint>,
    interrupt: Option<Interrupt>,
    format: Format,
) -> io::Result<()> {
    const BLOCK: usize = 1 << 16;
    let computed = period.map_or(count, |_| sequence.len());
    sequence.reserve(computed);
    let mut line = ProgressLine::new(sequence.len(), count);
    if format == Format::Json {
        write!(
            out,
            "{{\"rule\":{},\"count\":{count},\"values\":[",
            rule_json(&sequence)
        )?;
    }
    let mut largest = None;
    let mut written = 0;
    while written < count {
        let end = count.min(written + BLOCK);
        let held = end.min(computed).max(written);
        sequence.extend_to(held);
        line.show(end);
        let periodic = (held..end).map(|n| {
            let Period { preperiod, period } =
                period.expect("values past those computed have a period");
            sequence.known(preperiod + (n - preperiod) % period)
        });
        let values: Vec<u32> = sequence
            .values(written..held)
            .into_iter()
            .chain(periodic)
            .collect();
        for (n, value) in (written..).zip(values) {
            largest = largest.max(Some(value));
            match format {
                Format::Text | Format::Json if n > 0 => write!(out, "{}{value}", separator(format)),
                Format::Text | Format::Json => write!(out, "{value}"),
                Format::Lines => writeln!(out, "{value}"),
                Format::Bfile => writeln!(out, "{n} {value}"),
            }?;
        }
        written = end;
        if let Some(signal) = interrupt.as_ref().and_then(Interrupt::signal) {
            // Stopped: whole values on a whole line, JSON closed and said
            // to be stopped, then the checkpoint.
            match format {
                Format::Text => writeln!(out)?,
                Format::Json => writeln!(
                    out,
                    "],\"largest\":{},\"stopped\":true}}",
                    json_number(largest)
                )?,
                Format::Lines | Format::Bfile => {}
            }
            out.flush()?;
            line.end();
            if let Some(checkpoint) = &mut checkpoint {
                checkpoint.tick(&sequence);
            }
            eprintln!("grundy: stopped after {}", counted(written, "value"));
            checkpoint::end_by(signal);
        }
        if let Some(checkpoint) = &mut checkpoint {
            checkpoint.tick(&sequence);
        }
    }
    line.end();
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&sequence)?;
    }
    match format {
        Format::Text => writeln!(out),
        Format::Json => writeln!(out, "],\"largest\":{}}}", json_number(largest)),
        Format::Lines | Format::Bfile => Ok(()),
    }
}

/// What stands between two values on one line.
fn separator(format: Format) -> &'static str {
    if format == Format::Json {
        ","
    } else {
        " "
    }
}

/// The rule as a JSON string, as `sequence` takes it.
fn rule_json(sequence: &Sequence) -> String {
    serde_json::to_string(&sequence.rule().to_string()).expect("a string writes as JSON")
}

/// The line a long computation keeps up to date on a terminal: values
/// done, values a second (counting this run's only, after a resume) and
/// the time left.
struct ProgressLine {
    terminal: bool,
    start: Instant,
    shown: Instant,
    /// Values known when this run began.
    from: usize,
    total: usize,
    /// Whether a line was written, to be ended.
    written: bool,
}

impl ProgressLine {
    fn new(from: usize, total: usize) -> ProgressLine {
        ProgressLine {
            terminal: io::stderr().is_terminal(),
            start: Instant::now(),
            shown: Instant::now(),
            from,
            total,
            written: false,
        }
    }

    /// Rewrites the line, at most once a second.
    fn show(&mut self, done: usize) {
        if !self.terminal || self.shown.elapsed().as_secs_f64() < 1.0 {
            return;
        }
        self.shown = Instant::now();
        let rate = done.saturating_sub(self.from) as f64 / self.start.elapsed().as_secs_f64();
        let left = self.total.saturating_sub(done) as f64 / rate.max(1.0);
        let total = self.total;
        eprint!("\r{done} of {total} values, {rate:.0} a second, about {left:.0} s left   ");
        self.written = true;
    }

    fn end(&self) {
        if self.written {
            eprintln!();
        }
    }
}

fn run(command: Command) -> Result<Output, Failure> {
    let text = match command {
        Command::Solve { game } => games::solve(&game, &read_stdin()?)?,
        Command::Nimber { game } => format!("{}\n", games::nimber(&game, &read_stdin()?)?.0),
        Command::Outcome {
            game,
            misere,
            budget,
        } => outcome(&game, misere.then_some(budget))?,
        Command::Sequence(args) => return sequence(args),
        Command::Census(census) => {
            let refused = |message| Failure {
                message,
                code: 2,
                stdout: String::new(),
            };
            match census.merge {
                Some(cli::CensusMerge::Merge { files }) => {
                    census::merge(&files).map_err(refused)?
                }
                None => {
                    let census = census::prepare(&census.args).map_err(refused)?;
                    return Ok(Output::Census(Box::new(census)));
                }
            }
        }
        Command::Quotient {
            rule,
            max_heap,
            json,
            budget,
        } => quotient(&rule, max_heap, json, budget)?,
        Command::Puzzles(args) => puzzles(args)?,
        Command::Analyse {
            game,
            json,
            case,
            misere,
        } => analyse(&game, json, case as usize - 1, misere)?,
        Command::Games => list_games(),
        Command::Bench {
            runs,
            game,
            families,
        } => bench_all(runs as usize, game.as_deref(), families)?,
        Command::Serve(args) => {
            serve(&args)?;
            String::new()
        }
        Command::Generate { what, dir } => generate(what, &dir).map_err(|e| Failure {
            message: format!("cannot write into {}: {e}", dir.display()),
            code: 1,
            stdout: String::new(),
        })?,
    };
    Ok(Output::Text(text))
}

/// `count` puzzles of the request, a JSON object a line; all of them or
/// none, so that a pipeline never reads a short list as a whole one.
fn puzzles(args: cli::PuzzlesArgs) -> Result<String, Failure> {
    let request = puzzle::Request {
        game: args.game,
        rule: args.rule,
        seed: args.seed,
        misere: args.misere,
        unique: args.unique,
        rating: args.rating.unwrap_or(puzzle::RATINGS),
    };
    let mut lines = String::new();
    for (found, drawn) in puzzle::Puzzles::new(request)?
        .take(args.count as usize)
        .enumerate()
    {
        let drawn = drawn.map_err(|error| Failure {
            message: format!("{} (found {found} of {})", error.message, args.count),
            code: 3,
            stdout: String::new(),
        })?;
        lines += &serde_json::to_string(&drawn).expect("a puzzle serialises");
        lines.push('\n');
    }
    Ok(lines)
}

/// Writes the man pages or the shell completions into `dir`, and says what it wrote.
fn generate(what: Generated, dir: &Path) -> io::Result<String> {
    use clap_complete::Shell;
    std::fs::create_dir_all(dir)?;
    let mut command = Cli::command();
    let mut written = String::new();
    match what {
        Generated::Man => {
            clap_mangen::generate_to(command, dir)?;
            // The pages written, not whatever else the folder holds.
            let mut pages: Vec<_> = std::fs::read_dir(dir)?
                .map(|entry| entry.map(|entry| entry.path()))
                .collect::<Result<_, _>>()?;
            pages.retain(|path| {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                name.starts_with("grundy") && name.ends_with(".1")
            });
            pages.sort();
            for page in pages {
                written += &format!("{}\n", page.display());
            }
        }
        Generated::Completions => {
            for shell in [
                Shell::Bash,
                Shell::Zsh,
                Shell::Fish,
                Shell::PowerShell,
                Shell::Elvish,
            ] {
                let path = clap_complete::generate_to(shell, &mut command, "grundy", dir)?;
                written += &format!("{}\n", path.display());
            }
        }
    }
    Ok(written)
}

/// Standard input as text, refused past `MAX_INPUT_BYTES` without reading
/// the rest, so a huge input costs no more memory than the limit.
fn read_stdin() -> Result<String, Failure> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure {
            message: format!("cannot read standard input: {e}"),
            code: 2,
            stdout: String::new(),
        })?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(GameError::new(format!(
            "the input is longer than {MAX_INPUT_BYTES} bytes (8 MiB), the limit"
        ))
        .into());
    }
    String::from_utf8(bytes).map_err(|e| {
        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = String::from_utf8_lossy(
            &before[before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)..],
        )
        .chars()
        .count()
            + 1;
        GameError::at(line, column, "the input is not UTF-8 text").into()
    })
}

/// `grundy serve`: becomes `grundy-serve`, the class server, found beside
/// this binary. It is a binary of its own so that the web stack it links
/// adds nothing to the memory of a long `grundy sequence`.
fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let not_found = |why: String| {
        Failure {
        message: format!(
            "grundy serve runs grundy-serve, which {why}; build it with `cargo build --release -p grundy-server`"
        ),
        code: 2,
        stdout: String::new(),
    }
    };
    let here =
        std::env::current_exe().map_err(|e| not_found(format!("cannot be looked for ({e})")))?;
    let server = here.with_file_name(format!("grundy-serve{}", std::env::consts::EXE_SUFFIX));
    if !server.is_file() {
        return Err(not_found(format!("is not at {}", server.display())));
    }
    let mut command = std::process::Command::new(&server);
    command.args(args.to_args());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // The server takes this process's place: signals reach it directly.
        let error = command.exec();
        Err(not_found(format!("could not start ({error})")))
    }
    #[cfg(not(unix))]
    {
        let status = command
            .status()
            .map_err(|e| not_found(format!("could not start ({e})")))?;
        std::process::exit(status.code().unwrap_or(1));
    }
}

/// `grundy outcome <game> [--misere]`: `N` or `P`, from the nimber under
/// normal play and from an exhaustive search (or Nim's closed form) under
/// misère play, which exits 3 when the position is too large to search.
/// `grundy outcome`, under misère play where given the seconds a misère
/// quotient may take.
fn outcome(game: &str, misere_budget: Option<f64>) -> Result<String, Failure> {
    let text = read_stdin()?;
    let wins = if let Some(seconds) = misere_budget {
        let budget = search::CLI_BUDGET.with_quotient(quotient_units(seconds));
        let report = games::misere_report(game, &text, budget)?;
        match report.outcome {
            Some(outcome) => outcome == Outcome::Next,
            None => {
                return Err(Failure {
                    message: report.method,
                    code: 3,
                    stdout: String::new(),
                })
            }
        }
    } else {
        games::outcome(game, &text)? == Outcome::Next
    };
    Ok(if wins { "N\n" } else { "P\n" }.to_string())
}

/// Memory a value held costs while computing, at most: 2 bytes, room for
/// all of them reserved at once, 1 more for the moment they widen from one
/// byte to two (both lists are held then), and 4 in the rare values' index
/// for the half of them that can be rare where values have no sparse
/// structure.
const BYTES_PER_HELD_VALUE: u64 = 5;

/// `grundy sequence <rule> --count N [--freq] | --period [--max N]`.
fn sequence(args: SequenceArgs) -> Result<Output, Failure> {
    // More values than the memory holds are written only from a period.
    let holds = values_memory_holds();
    let past_memory = args
        .count
        .filter(|_| !args.freq)
        .is_some_and(|count| holds.is_some_and(|holds| count > holds));
    if matches!(args.format, Format::Lines | Format::Bfile) && (args.period || args.freq) {
        sequence_usage_error(
            clap::error::ErrorKind::ArgumentConflict,
            "--format lines and bfile write values: they take --count without --freq or --period"
                .to_string(),
        );
    }
    // Values written as they are computed end with a whole line when a
    // signal stops them; a checkpoint is saved before the run ends.
    let interrupt = if (args.count.is_some() && !args.freq) || args.checkpoint.is_some() {
        Some(Interrupt::catch().map_err(|message| Failure {
            message,
            code: 1,
            stdout: String::new(),
        })?)
    } else {
        None
    };
    let mut checkpoint = args
        .checkpoint
        .clone()
        .zip(interrupt.clone())
        .map(|(path, interrupt)| {
            let every = args
                .checkpoint_every
                .unwrap_or(checkpoint::DEFAULT_EVERY_SECONDS);
            Checkpoint::new(path, Duration::from_secs_f64(every), interrupt)
        });
    let mut sequence = match &checkpoint {
        Some(checkpoint) => checkpoint.open(args.rule).map_err(|message| Failure {
            message,
            code: 2,
            stdout: String::new(),
        })?,
        None => Sequence::new(args.rule),
    };
    sequence
        .use_threads(args.threads as usize)
        .map_err(|message| Failure {
            message,
            code: 1,
            stdout: String::new(),
        })?;
    let Some(count) = args.count else {
        return period(
            sequence,
            args.max.unwrap_or(DEFAULT_PERIOD_MAX),
            checkpoint,
            args.format,
        );
    };
    if args.freq {
        return frequencies(sequence, count, checkpoint, args.format);
    }
    let period = if past_memory {
        let within = holds.map_or(DEFAULT_PERIOD_MAX, |h| h.min(DEFAULT_PERIOD_MAX));
        Some(period_to_write_from(
            &mut sequence,
            count,
            within as usize,
            &mut checkpoint,
        )?)
    } else {
        None
    };
    Ok(Output::Values {
        sequence: Box::new(sequence),
        count: count as usize,
        period,
        checkpoint,
        interrupt,
        format: args.format,
    })
}

/// The period that lets `count` values, more than the memory holds, be
/// written without holding them, proved within `within` values (what the
/// memory holds, at most [`DEFAULT_PERIOD_MAX`], as `--period` looks), with
/// progress and checkpoints as `--period` has; refused when none is
/// proved there.
fn period_to_write_from(
    sequence: &mut Sequence,
    count: u64,
    within: usize,
    checkpoint: &mut Option<Checkpoint>,
) -> Result<Period, Failure> {
    let mut line = ProgressLine::new(sequence.len(), within);
    let proved = sequence.prove_period(within, |sequence| {
        between_steps(checkpoint, &mut line, sequence)
    });
    line.end();
    proved.ok_or_else(|| {
        let since = if *sequence.rule() == Rule::Grundy {
            "no periodicity theorem covers Grundy's game".to_string()
        } else {
            format!("no period was proved within {}", counted(within, "value"))
        };
        let count_text = counted(count as usize, "value");
        beyond_memory(
            format!("writing {count_text} computes and holds them all, since {since}"),
            count,
        )
    })
}

/// Ends the program with a mistake in `sequence`'s arguments that clap
/// cannot see, reported as clap's own are, with exit code 2.
fn sequence_usage_error(kind: clap::error::ErrorKind, message: String) -> ! {
    cli::exit_with(Cli::command().error(kind, message))
}

/// `--period [--max N]`: the period once proved within `max` values, or
/// as many as the memory available holds; with progress and checkpoints as
/// `--count` has; in JSON, with how many values that took and the largest.
fn period(
    mut sequence: Sequence,
    max: u64,
    mut checkpoint: Option<Checkpoint>,
    format: Format,
) -> Result<Output, Failure> {
    let held = values_memory_holds().map_or(max, |holds| max.min(holds)) as usize;
    let mut line = ProgressLine::new(sequence.len(), held);
    let proved = sequence.prove_period(held, |sequence| {
        between_steps(&mut checkpoint, &mut line, sequence)
    });
    line.end();
    save(checkpoint, &sequence)?;
    let found = Found::of(&sequence, proved, held);
    let written = if format == Format::Json {
        found.json()
    } else {
        found.period_text() + "\n"
    };
    if proved.is_some() {
        return Ok(Output::Text(written));
    }
    let message = if *sequence.rule() == Rule::Grundy {
        "no theorem applies: no periodicity theorem covers Grundy's game, so nothing was computed"
            .to_string()
    } else if (held as u64) < max {
        format!(
            "no period proved within {}, as many as the memory available holds",
            counted(held, "value")
        )
    } else {
        format!("no period proved within {}", counted(held, "value"))
    };
    Err(Failure {
        message,
        code: 3,
        stdout: written,
    })
}

/// Between two steps of a long computation: saves the checkpoint when it
/// is time (or a signal came), and shows how far it is; always goes on.
fn between_steps(
    checkpoint: &mut Option<Checkpoint>,
    line: &mut ProgressLine,
    sequence: &Sequence,
) -> bool {
    if let Some(checkpoint) = checkpoint {
        checkpoint.tick(sequence);
    }
    line.show(sequence.len());
    true
}

/// Saves the checkpoint, if there is one, at the end of a run.
fn save(checkpoint: Option<Checkpoint>, sequence: &Sequence) -> Result<(), Failure> {
    match checkpoint {
        Some(mut checkpoint) => checkpoint.save(sequence).map_err(|e| Failure {
            message: e.to_string(),
            code: 1,
            stdout: String::new(),
        }),
        None => Ok(()),
    }
}

/// `grundy quotient <rule> --max-heap H [--json] [--budget SECONDS]`.
fn quotient(rule: &Rule, max_heap: u32, json: bool, seconds: f64) -> Result<String, Failure> {
    let budget = Budget::new(quotient_units(seconds));
    let found = Quotient::compute(rule, max_heap, &budget, |_| true)?;
    Ok(if json {
        let summary = found.summary(usize::MAX);
        let mut json = serde_json::to_string_pretty(&summary).expect("a summary serialises");
        json.push('\n');
        json
    } else {
        found.text()
    })
}

/// A quotient's budget for `seconds` of work: its units are about a
/// nanosecond natively.
fn quotient_units(seconds: f64) -> u64 {
    (seconds * 1e9) as u64
}

/// `--count N --freq`: each value's frequency, with the period it counted
/// by (on stderr, or in the JSON). Where all N values fit in the memory
/// available they are computed (held only until a period is proved); where
/// they do not, as many as it holds are, and only a period proved within
/// them can answer; Grundy's game, which has none, is refused at once.
fn frequencies(
    mut sequence: Sequence,
    count: u64,
    mut checkpoint: Option<Checkpoint>,
    format: Format,
) -> Result<Output, Failure> {
    let hold = values_memory_holds().map_or(count, |holds| count.min(holds));
    let why = format!(
        "counting {} holds them all",
        counted(count as usize, "value")
    );
    if hold < count && *sequence.rule() == Rule::Grundy {
        return Err(beyond_memory(
            format!("no periodicity theorem covers Grundy's game, and {why}"),
            count,
        ));
    }
    if io::stderr().is_terminal() && count > DEFAULT_PERIOD_MAX {
        eprintln!(
            "grundy: until a period is proved the values are held: up to {} for {}",
            bytes_text(hold * BYTES_PER_HELD_VALUE),
            counted(hold as usize, "value")
        );
    }
    let mut line = ProgressLine::new(sequence.len(), hold as usize);
    let progress = |sequence: &Sequence| between_steps(&mut checkpoint, &mut line, sequence);
    sequence.reserve(hold as usize);
    let counts = sequence.frequencies(count, hold as usize, progress);
    line.end();
    save(checkpoint, &sequence)?;
    let Some(counts) = counts else {
        return Err(beyond_memory(
            format!(
                "no period of {} is proved within the {} memory holds, and {why}",
                sequence.rule(),
                counted(hold as usize, "value")
            ),
            count,
        ));
    };
    // The period counted the values past those computed, if there were any.
    let proved = sequence
        .proved_period()
        .filter(|_| (sequence.len() as u64) < count);
    if format == Format::Json {
        let pairs: Vec<String> = counts
            .iter()
            .map(|(value, times)| format!("[{value},{times}]"))
            .collect();
        let largest = counts.iter().map(|(value, _)| value).max();
        let period = match proved {
            Some(p) => format!("\"preperiod\":{},\"period\":{}", p.preperiod, p.period),
            None => "\"preperiod\":null,\"period\":null".to_string(),
        };
        return Ok(Output::Text(format!(
            "{{\"rule\":{},\"count\":{count},{period},\"computed\":{},\"frequencies\":[{}],\"largest\":{}}}\n",
            rule_json(&sequence),
            sequence.len(),
            pairs.join(","),
            json_number(largest)
        )));
    }
    match proved {
        Some(p) => eprintln!(
            "grundy: counted by preperiod {} period {}, proved within the first {} computed",
            p.preperiod,
            p.period,
            counted(sequence.len(), "value")
        ),
        None => eprintln!("grundy: every value computed and counted; no period was used"),
    }
    let lines: String = counts
        .iter()
        .map(|(value, times)| format!("{value} {times}\n"))
        .collect();
    Ok(Output::Text(lines))
}

/// How many values the memory available holds while they are computed,
/// where the system says how much is available.
fn values_memory_holds() -> Option<u64> {
    available_memory().map(|bytes| bytes / BYTES_PER_HELD_VALUE)
}

/// The refusal of work that holds `count` values, more than the memory
/// available holds, saying `why` it must hold them.
fn beyond_memory(why: String, count: u64) -> Failure {
    let mut message = format!(
        "{why}: about {} of memory",
        bytes_text(count.saturating_mul(BYTES_PER_HELD_VALUE))
    );
    if let Some(bytes) = available_memory() {
        message += &format!(
            ", where {} is available, enough for {}",
            bytes_text(bytes),
            counted((bytes / BYTES_PER_HELD_VALUE) as usize, "value")
        );
    }
    Failure {
        message,
        code: 3,
        stdout: String::new(),
    }
}

/// The memory the system says is available, from /proc/meminfo where there is one.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// A size in bytes as people read it: MiB below a GiB, GiB above.
fn bytes_text(bytes: u64) -> String {
    const MIB: f64 = (1u64 << 20) as f64;
    let mib = bytes as f64 / MIB;
    if mib < 1024.0 {
        format!("{mib:.0} MiB")
    } else {
        format!("{:.1} GiB", mib / 1024.0)
    }
}

fn analyse(game: &str, json: bool, case: usize, misere: bool) -> Result<String, Failure> {
    let mut session = games::open(game, &read_stdin()?, case)?;
    if misere {
        session.set_convention(grundy_core::analysis::Convention::Misere);
    }
    let analysis = session.analysis().clone();
    if json {
        let text = serde_json::to_string_pretty(&analysis).map_err(|e| Failure {
            message: e.to_string(),
            code: 1,
            stdout: String::new(),
        })?;
        return Ok(text + "\n");
    }
    let best = session.ai_move(Skill::OPTIMAL, 0);
    Ok(describe(
        session.info().name,
        &session.text(),
        &analysis,
        best,
    ))
}

/// The analysis as a person reads it.
fn describe(name: &str, text: &str, analysis: &Analysis, best: Option<u32>) -> String {
    let mut out = format!("{name}\n{}\n", text.trim_end());
    let verdict = match analysis.outcome {
        Outcome::Previous => "the player to move loses (P-position)",
        Outcome::Next => "the player to move wins (N-position)",
        Outcome::Draw => "neither player can force a win (a draw)",
    };
    if analysis.loopy.is_some() {
        out += &format!("⊕ of the finite values {}: {verdict}\n", analysis.nimber);
    } else {
        out += &format!("nimber {}: {verdict}\n", analysis.nimber);
    }
    out += &format!("total  {}\n", analysis.sum_expression());
    out += &format!("components ({}):\n", analysis.components.len());
    for component in &analysis.components {
        out += &format!("  {:>6}  {}\n", component.value_text(), component.label);
    }
    for fact in &analysis.facts {
        out += &format!("{}: {}\n", fact.label, fact.value);
    }
    if let Some(report) = &analysis.misere {
        let verdict = match report.outcome {
            Some(Outcome::Next) => "the player to move wins (N)",
            Some(Outcome::Previous) => "the player to move loses (P)",
            Some(Outcome::Draw) | None => "unknown",
        };
        out += &format!("misère play: {verdict}; {}\n", report.method);
    }
    let winning_ids: Vec<u32> = analysis.winning_moves().map(|m| m.id).collect();
    let winning = winning_ids.len();
    out += &format!("moves ({}, {winning} winning):\n", analysis.moves.len());
    for m in &analysis.moves {
        let parts: Vec<String> = m.parts.iter().map(|p| p.to_string()).collect();
        let draws = analysis
            .loopy
            .as_ref()
            .is_some_and(|l| l.drawing.contains(&m.id));
        let mark = match (winning_ids.contains(&m.id), draws) {
            (true, _) => "wins",
            (false, true) => "draw",
            _ => "",
        };
        out += &format!(
            "  {:>6}  {:<4} {}  [pieces {}]\n",
            m.after.to_string(),
            mark,
            m.label,
            if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(" ")
            }
        );
    }
    if let Some(id) = best {
        out += &format!("best move: {}\n", analysis.moves[id as usize].label);
    }
    out
}

fn list_games() -> String {
    games::games()
        .iter()
        .map(|g| format!("{:<18} {}\n", g.id, g.summary))
        .collect()
}

/// Times the work of every benchmark case (or one game's): a cold open +
/// analysis, a contest answer, an edit on a kept session, and the rest,
/// and prints the medians as JSON lines, the native column of `npm run bench`.
fn bench_all(runs: usize, game: Option<&str>, families: bool) -> Result<String, Failure> {
    let cases = if families {
        bench::families()
    } else {
        bench::cases()
    };
    let mut timed = Vec::new();
    for case in cases
        .into_iter()
        .filter(|case| game.is_none_or(|game| game == case.game))
    {
        let runs = bench::runs_for(&case, runs);
        let mut samples = Vec::with_capacity(runs);
        let mut runner = bench::Runner::new(&case)?;
        for _ in 0..runs {
            let start = Instant::now();
            runner.run()?;
            samples.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let median = bench::median(&mut samples).unwrap_or(f64::NAN);
        timed.push((case, median, runs));
    }
    // A family search marks each game's slowest family, the one to beat.
    let slowest = |game: &str| {
        timed
            .iter()
            .filter(|(case, _, _)| case.game == game)
            .map(|&(_, median, _)| median)
            .fold(f64::NEG_INFINITY, f64::max)
    };
    let mut out = String::new();
    for (case, median, runs) in &timed {
        let mut line = serde_json::json!({
            "game": case.game,
            "name": case.name,
            "median_ms": median,
            "runs": runs,
        });
        if families && *median == slowest(case.game) {
            line["slowest"] = true.into();
        }
        out += &format!("{line}\n");
    }
    Ok(out)
}
