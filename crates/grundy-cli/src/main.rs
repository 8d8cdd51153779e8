//! `grundy`: answers contest inputs, prints analyses and times the solvers.

use grundy_core::ai::Skill;
use grundy_core::game::MAX_INPUT_BYTES;
use grundy_core::{bench, games, Analysis, GameError};
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage:
  grundy solve <game>              read a contest input on stdin, print the contest's answer
  grundy nimber <game>             read one position on stdin, print its nimber
  grundy outcome <game>            read one position on stdin, print N (the player to move wins) or P
  grundy analyse <game> [--json] [--case N]
                                   print the analysis of the position on stdin
  grundy games                     list the games
  grundy bench [--runs N] [--game ID]  time a cold analysis of every benchmark case (JSON)
";

/// A failure to report: a message and the exit code that goes with it.
struct Failure {
    message: String,
    code: u8,
}

impl From<GameError> for Failure {
    fn from(error: GameError) -> Failure {
        Failure {
            message: error.to_string(),
            code: 2,
        }
    }
}

fn usage(problem: &str) -> Failure {
    Failure {
        message: format!("{problem}\n{USAGE}"),
        code: 2,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(output) => {
            let mut stdout = io::stdout().lock();
            // A closed pipe (`grundy … | head`) is not worth a panic.
            let _ = stdout.write_all(output.as_bytes());
            let _ = stdout.flush();
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("error: {}", failure.message.trim_end());
            ExitCode::from(failure.code)
        }
    }
}

fn run(args: &[String]) -> Result<String, Failure> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| usage("no command given"))?;
    match command.as_str() {
        "solve" => {
            let [game] = rest else {
                return Err(usage("solve takes exactly one game id"));
            };
            Ok(games::solve(game, &read_stdin()?)?)
        }
        "nimber" => {
            let [game] = rest else {
                return Err(usage("nimber takes exactly one game id"));
            };
            Ok(format!("{}\n", games::nimber(game, &read_stdin()?)?.0))
        }
        "outcome" => {
            let [game] = rest else {
                return Err(usage("outcome takes exactly one game id"));
            };
            let wins = !games::nimber(game, &read_stdin()?)?.is_zero();
            Ok(if wins { "N\n" } else { "P\n" }.to_string())
        }
        "analyse" | "analyze" => analyse(rest),
        "games" => Ok(list_games()),
        "bench" => bench_all(rest),
        "help" | "--help" | "-h" => Ok(USAGE.to_string()),
        other => Err(usage(&format!("unknown command '{other}'"))),
    }
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

fn analyse(args: &[String]) -> Result<String, Failure> {
    let game = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or_else(|| usage("analyse needs a game id"))?;
    let json = args.iter().any(|a| a == "--json");
    let case = match flag_value(args, "--case")? {
        Some(value) => positive(value, "--case")? - 1,
        None => 0,
    };
    let mut session = games::open(game, &read_stdin()?, case)?;
    let analysis = session.analysis().clone();
    if json {
        let text = serde_json::to_string_pretty(&analysis).map_err(|e| Failure {
            message: e.to_string(),
            code: 1,
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
    let verdict = if analysis.nimber.is_zero() {
        "the player to move loses (P-position)"
    } else {
        "the player to move wins (N-position)"
    };
    out += &format!("nimber {}: {verdict}\n", analysis.nimber);
    out += &format!("total  {}\n", analysis.sum_expression());
    out += &format!("components ({}):\n", analysis.components.len());
    for component in &analysis.components {
        out += &format!(
            "  {:>6}  {}\n",
            component.nimber.to_string(),
            component.label
        );
    }
    for fact in &analysis.facts {
        out += &format!("{}: {}\n", fact.label, fact.value);
    }
    let winning = analysis.winning_moves().count();
    out += &format!("moves ({}, {winning} winning):\n", analysis.moves.len());
    for m in &analysis.moves {
        let parts: Vec<String> = m.parts.iter().map(|p| p.to_string()).collect();
        let mark = if m.after.is_zero() { "wins" } else { "" };
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

/// Times a cold open + analysis of every benchmark case (or one game's)
/// and prints the medians as JSON lines, the native column of `npm run bench`.
fn bench_all(args: &[String]) -> Result<String, Failure> {
    let runs = match flag_value(args, "--runs")? {
        Some(value) => positive(value, "--runs")?,
        None => 21,
    };
    let game = flag_value(args, "--game")?;
    let mut out = String::new();
    for case in bench::cases()
        .into_iter()
        .filter(|case| game.is_none_or(|game| game == case.game))
    {
        let mut samples = Vec::with_capacity(runs);
        for _ in 0..runs {
            let start = Instant::now();
            bench::run(&case)?;
            samples.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let median = bench::median(&mut samples).unwrap_or(f64::NAN);
        let line = serde_json::json!({
            "game": case.game,
            "name": case.name,
            "median_ms": median,
            "runs": runs,
        });
        out += &format!("{line}\n");
    }
    Ok(out)
}
