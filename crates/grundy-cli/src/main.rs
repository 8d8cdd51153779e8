//! `grundy`: answers contest inputs, prints analyses and times the solvers.

mod checkpoint;

use checkpoint::Checkpoint;
use grundy_core::ai::Skill;
use grundy_core::game::MAX_INPUT_BYTES;
use grundy_core::input::counted;
use grundy_core::quotient::{self, Budget, Quotient};
use grundy_core::search;
use grundy_core::sequence::{Rule, Sequence};
use grundy_core::{bench, games, Analysis, GameError, Outcome};
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use std::time::Instant;

const USAGE: &str = "\
usage:
  grundy solve <game>              read a contest input on stdin, print the contest's answer
  grundy nimber <game>             read one position on stdin, print its nimber
  grundy outcome <game> [--misere] read one position on stdin, print N (the player to move wins) or P
                                   under normal play, or misère play
                                   (solve, nimber and outcome exit 3 if too large to answer exactly)
  grundy sequence <rule> --count N print G(0) … G(N−1) of a heap game
  grundy sequence <rule> --count N --freq
                                   print 'value frequency' for each value among G(0) … G(N−1), N up to 2^36
  grundy sequence <rule> --period [--max N]
                                   print 'preperiod A period P' once proved (exit 3 if not within N)
                                   <rule>: an octal code (0.77), grundy, or S=1,3,4
  grundy sequence <rule> --count N [--freq] --checkpoint FILE [--checkpoint-every SECONDS]
                                   save the values to FILE every 60 s and on SIGINT or SIGTERM;
                                   the same command goes on from FILE
  grundy sequence <rule> ... --threads N
                                   compute on N threads (default 1); the output is the same
  grundy quotient <rule> --max-heap H [--json]
                                   the misère quotient of an octal or subtraction game (or grundy)
                                   with heaps of up to H: its size, elements, P-portion and each
                                   heap's element (exit 3 past about 10 s of work)
  grundy analyse <game> [--json] [--case N] [--misere]
                                   print the analysis of the position on stdin
  grundy games                     list the games
  grundy serve [--bind ADDR] [--port P] [--data DIR] [--dist DIR]
                                   serve the playground, class sessions and games between devices
                                   (defaults 127.0.0.1, 8080, ./grundy-data, ./dist; --port 0 picks one)
  grundy bench [--runs N] [--game ID] [--families]
                                   time every benchmark case: a cold analysis, an answer or an edit (JSON);
                                   --families: the worst-case search's adversarial families
";

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

fn usage(problem: &str) -> Failure {
    Failure {
        message: format!("{problem}\n{USAGE}"),
        code: 2,
        stdout: String::new(),
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
        checkpoint: Option<Checkpoint>,
    },
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(output) => {
            let mut stdout = io::BufWriter::new(io::stdout().lock());
            // A closed pipe (`grundy … | head`) is not worth a panic.
            let _ = match output {
                Output::Text(text) => stdout.write_all(text.as_bytes()),
                Output::Values {
                    sequence,
                    count,
                    checkpoint,
                } => write_values(&mut stdout, *sequence, count, checkpoint),
            };
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(failure) => {
            print!("{}", failure.stdout);
            eprintln!("error: {}", failure.message.trim_end());
            ExitCode::from(failure.code)
        }
    }
}

/// Writes G(0) … G(count − 1) on one line, separated by single spaces,
/// computing them a block at a time.
fn write_values(
    out: &mut impl Write,
    mut sequence: Sequence,
    count: usize,
    mut checkpoint: Option<Checkpoint>,
) -> io::Result<()> {
    const BLOCK: usize = 1 << 16;
    sequence.reserve(count);
    let mut line = ProgressLine::new(sequence.len(), count);
    let mut written = 0;
    while written < count {
        let end = count.min(written + BLOCK);
        sequence.extend_to(end);
        if let Some(checkpoint) = &mut checkpoint {
            checkpoint.tick(&sequence);
        }
        line.show(end);
        for (n, value) in sequence.values(written..end).iter().enumerate() {
            let separator = if written + n == 0 { "" } else { " " };
            write!(out, "{separator}{value}")?;
        }
        written = end;
    }
    line.end();
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&sequence)?;
    }
    writeln!(out)
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

fn run(args: &[String]) -> Result<Output, Failure> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| usage("no command given"))?;
    let text = match command.as_str() {
        "solve" => {
            let [game] = rest else {
                return Err(usage("solve takes exactly one game id"));
            };
            games::solve(game, &read_stdin()?)?
        }
        "nimber" => {
            let [game] = rest else {
                return Err(usage("nimber takes exactly one game id"));
            };
            format!("{}\n", games::nimber(game, &read_stdin()?)?.0)
        }
        "outcome" => outcome(rest)?,
        "sequence" => return sequence(rest),
        "quotient" => quotient(rest)?,
        "analyse" | "analyze" => analyse(rest)?,
        "games" => list_games(),
        "bench" => bench_all(rest)?,
        "serve" => {
            serve(rest)?;
            String::new()
        }
        "help" | "--help" | "-h" => USAGE.to_string(),
        other => return Err(usage(&format!("unknown command '{other}'"))),
    };
    Ok(Output::Text(text))
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

/// The value after `flag` in `args`, if the flag is there.
fn flag_value<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a str>, Failure> {
    match args.iter().position(|a| a == flag) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| usage(&format!("{flag} needs a value"))),
    }
}

fn positive(value: &str, flag: &str) -> Result<usize, Failure> {
    value
        .parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            usage(&format!(
                "{flag} takes a whole number from 1, not '{value}'"
            ))
        })
}

/// `grundy serve`: becomes `grundy-serve`, the class server, found beside
/// this binary. It is a binary of its own so that the web stack it links
/// adds nothing to the memory of a long `grundy sequence`.
fn serve(args: &[String]) -> Result<(), Failure> {
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
    command.args(args);
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
fn outcome(args: &[String]) -> Result<String, Failure> {
    let misere = args.iter().any(|a| a == "--misere");
    let names: Vec<&String> = args.iter().filter(|a| *a != "--misere").collect();
    let [game] = names[..] else {
        return Err(usage("outcome takes one game id and, optionally, --misere"));
    };
    let text = read_stdin()?;
    let wins = if misere {
        let report = games::misere_report(game, &text, search::CLI_BUDGET)?;
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

/// The most values `--count` and `--max` compute: 2²⁴.
const MAX_SEQUENCE: usize = 1 << 24;
/// The most values `--count` counts with `--freq`: 2³⁶.
const MAX_FREQUENCIES: usize = 1 << 36;
/// The most threads `--threads` starts.
const MAX_THREADS: usize = 256;
/// Memory a value held costs while computing, at most: 2 bytes, room for
/// all of them reserved at once, 1 more for the moment they widen from one
/// byte to two (both lists are held then), and 4 in the rare values' index
/// for the half of them that can be rare where values have no sparse
/// structure.
const BYTES_PER_HELD_VALUE: u64 = 5;

/// `grundy sequence <rule> --count N [--freq] | --period [--max N]`.
fn sequence(args: &[String]) -> Result<Output, Failure> {
    let flags_with_values = [
        "--count",
        "--max",
        "--checkpoint",
        "--checkpoint-every",
        "--threads",
    ];
    let mut rule = None;
    let mut index = 0;
    while index < args.len() {
        let arg = args[index].as_str();
        if flags_with_values.contains(&arg) {
            index += 2;
            continue;
        }
        if arg != "--period" && arg != "--freq" {
            if rule.is_some() || arg.starts_with("--") {
                return Err(usage(&format!("sequence does not take '{arg}'")));
            }
            rule = Some(arg);
        }
        index += 1;
    }
    let rule = Rule::parse_name(
        rule.ok_or_else(|| usage("sequence needs a rule: 0.77, grundy or S=1,3,4"))?,
    )?;
    let freq = args.iter().any(|a| a == "--freq");
    let most = if freq { MAX_FREQUENCIES } else { MAX_SEQUENCE };
    let count = flag_value(args, "--count")?
        .map(|v| bounded(v, "--count", 0, most))
        .transpose()?;
    let period = args.iter().any(|a| a == "--period");
    let checkpoint = checkpoint(args)?;
    if checkpoint.is_some() && count.is_none() {
        return Err(usage("--checkpoint goes with --count N"));
    }
    let mut sequence = match &checkpoint {
        Some(checkpoint) => checkpoint.open(rule).map_err(|message| Failure {
            message,
            code: 2,
            stdout: String::new(),
        })?,
        None => Sequence::new(rule),
    };
    if let Some(threads) = flag_value(args, "--threads")? {
        let threads = bounded(threads, "--threads", 1, MAX_THREADS)?;
        sequence.use_threads(threads).map_err(|message| Failure {
            message,
            code: 1,
            stdout: String::new(),
        })?;
    }
    match (count, period) {
        (Some(count), false) if freq => frequencies(sequence, count as u64, checkpoint),
        (Some(count), false) => Ok(Output::Values {
            sequence: Box::new(sequence),
            count,
            checkpoint,
        }),
        (None, true) if !freq => {
            let max = match flag_value(args, "--max")? {
                Some(value) => bounded(value, "--max", 1, MAX_SEQUENCE)?,
                None => MAX_SEQUENCE,
            };
            match sequence.prove_period(max, |_| true) {
                Some(p) => Ok(Output::Text(format!(
                    "preperiod {} period {}\n",
                    p.preperiod, p.period
                ))),
                None => {
                    let message = if *sequence.rule() == Rule::Grundy {
                        "no periodicity theorem covers Grundy's game, so no period can be proved"
                            .to_string()
                    } else {
                        format!("no period proved within {}", counted(max, "value"))
                    };
                    Err(Failure {
                        message,
                        code: 3,
                        stdout: format!("unknown up to {max}\n"),
                    })
                }
            }
        }
        _ => Err(usage(
            "sequence takes either --count N [--freq] or --period [--max N]",
        )),
    }
}

/// The largest heap `grundy quotient` takes.
const MAX_QUOTIENT_HEAP: usize = 10_000;

/// `grundy quotient <rule> --max-heap H [--json]`.
fn quotient(args: &[String]) -> Result<String, Failure> {
    let mut rule = None;
    let mut index = 0;
    while index < args.len() {
        match args[index].as_str() {
            "--max-heap" => index += 1,
            "--json" => {}
            arg if arg.starts_with("--") || rule.is_some() => {
                return Err(usage(&format!("quotient does not take '{arg}'")))
            }
            arg => rule = Some(arg),
        }
        index += 1;
    }
    let rule = Rule::parse_name(
        rule.ok_or_else(|| usage("quotient needs a rule: 0.77, grundy or S=1,3,4"))?,
    )?;
    let max_heap =
        flag_value(args, "--max-heap")?.ok_or_else(|| usage("quotient needs --max-heap H"))?;
    let max_heap = bounded(max_heap, "--max-heap", 1, MAX_QUOTIENT_HEAP)? as u32;
    let budget = Budget::new(quotient::CLI_BUDGET);
    let found = Quotient::compute(&rule, max_heap, &budget, |_| true)?;
    Ok(if args.iter().any(|a| a == "--json") {
        let mut json =
            serde_json::to_string_pretty(&found.summary()).expect("a summary serialises");
        json.push('\n');
        json
    } else {
        found.text()
    })
}

/// `--checkpoint FILE [--checkpoint-every SECONDS]`, if given.
fn checkpoint(args: &[String]) -> Result<Option<Checkpoint>, Failure> {
    let every = match flag_value(args, "--checkpoint-every")? {
        Some(value) => value
            .parse::<f64>()
            .ok()
            .filter(|s| (0.01..=1e6).contains(s))
            .ok_or_else(|| {
                usage(&format!(
                    "--checkpoint-every takes seconds from 0.01 to 1000000, not '{value}'"
                ))
            })?,
        None => checkpoint::DEFAULT_EVERY_SECONDS,
    };
    let Some(path) = flag_value(args, "--checkpoint")? else {
        if args.iter().any(|a| a == "--checkpoint-every") {
            return Err(usage("--checkpoint-every goes with --checkpoint FILE"));
        }
        return Ok(None);
    };
    let checkpoint = Checkpoint::new(PathBuf::from(path), Duration::from_secs_f64(every)).map_err(
        |message| Failure {
            message,
            code: 1,
            stdout: String::new(),
        },
    )?;
    Ok(Some(checkpoint))
}

/// `--count N --freq`: each value's frequency. Where all N values fit in
/// the memory available they are computed (held only until a period is
/// proved); where they do not, only a period proved within 2²⁴ values
/// can answer, and Grundy's game, which has none, is refused at once.
fn frequencies(
    mut sequence: Sequence,
    count: u64,
    mut checkpoint: Option<Checkpoint>,
) -> Result<Output, Failure> {
    let needed = count.saturating_mul(BYTES_PER_HELD_VALUE);
    let available = available_memory();
    let fits = available.is_none_or(|bytes| needed <= bytes);
    let hold = if fits {
        count
    } else {
        count.min(MAX_SEQUENCE as u64)
    };
    let too_large = |why: String| {
        let mut message = format!(
            "{why}, and counting {} holds them all: about {}",
            counted(count as usize, "value"),
            bytes_text(needed)
        );
        if let Some(bytes) = available {
            message += &format!(" of memory, where {} is available", bytes_text(bytes));
        }
        Failure {
            message,
            code: 3,
            stdout: String::new(),
        }
    };
    if !fits && *sequence.rule() == Rule::Grundy {
        return Err(too_large(
            "no periodicity theorem covers Grundy's game".to_string(),
        ));
    }
    if io::stderr().is_terminal() && count > MAX_SEQUENCE as u64 {
        eprintln!(
            "grundy: until a period is proved the values are held: up to {} for {}",
            bytes_text(hold * BYTES_PER_HELD_VALUE),
            counted(hold as usize, "value")
        );
    }
    let mut line = ProgressLine::new(sequence.len(), hold as usize);
    let progress = |sequence: &Sequence| {
        if let Some(checkpoint) = &mut checkpoint {
            checkpoint.tick(sequence);
        }
        line.show(sequence.len());
        true
    };
    sequence.reserve(hold as usize);
    let counts = sequence.frequencies(count, hold as usize, progress);
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&sequence).map_err(|e| Failure {
            message: format!("could not save the checkpoint: {e}"),
            code: 1,
            stdout: String::new(),
        })?;
    }
    line.end();
    let Some(counts) = counts else {
        let rule = sequence.rule();
        return Err(too_large(format!(
            "no period of {rule} is proved within {}",
            counted(hold as usize, "value")
        )));
    };
    let lines: String = counts
        .iter()
        .map(|(value, times)| format!("{value} {times}\n"))
        .collect();
    Ok(Output::Text(lines))
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

/// A whole number from `min` to `max` given to `flag`.
fn bounded(value: &str, flag: &str, min: usize, max: usize) -> Result<usize, Failure> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            usage(&format!(
                "{flag} takes a whole number from {min} to {max}, not '{value}'"
            ))
        })
}

fn analyse(args: &[String]) -> Result<String, Failure> {
    // Flags may come before or after the game id, as `outcome` takes them.
    let mut games = Vec::new();
    let mut index = 0;
    while index < args.len() {
        match args[index].as_str() {
            "--case" => index += 1,
            "--json" | "--misere" => {}
            flag if flag.starts_with("--") => {
                return Err(usage(&format!("analyse does not take '{flag}'")));
            }
            game => games.push(game),
        }
        index += 1;
    }
    let case = match flag_value(args, "--case")? {
        Some(value) => positive(value, "--case")? - 1,
        None => 0,
    };
    let [game] = games[..] else {
        return Err(usage("analyse takes one game id"));
    };
    let json = args.iter().any(|a| a == "--json");
    let mut session = games::open(game, &read_stdin()?, case)?;
    if args.iter().any(|a| a == "--misere") {
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
fn bench_all(args: &[String]) -> Result<String, Failure> {
    let runs = match flag_value(args, "--runs")? {
        Some(value) => positive(value, "--runs")?,
        None => 21,
    };
    let game = flag_value(args, "--game")?;
    let families = args.iter().any(|arg| arg == "--families");
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
