//! `grundy`: answers contest inputs, prints analyses and times the solvers.

mod census;
mod checkpoint;
mod cli;
mod report;
mod values;

use checkpoint::{Checkpoint, Interrupt};
use clap::CommandFactory;
use cli::{Cli, Command, Format, Generated, ServeArgs};
use grundy_core::ai::Skill;
use grundy_core::game::MAX_INPUT_BYTES;
use grundy_core::puzzle;
use grundy_core::quotient::{Budget, Quotient};
use grundy_core::search;
use grundy_core::sequence::{Period, Rule, Sequence};
use grundy_core::{bench, games, Analysis, GameError, Outcome};
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;
use values::{sequence, write_values};

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
