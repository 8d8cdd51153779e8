//! `grundy sequence`: G(0), G(1), … of a heap game, written as they are
//! computed; how often each value occurs; the proved period; and the
//! checkpoints that let a long run stop and go on.

use crate::checkpoint::{self, Checkpoint, Interrupt};
use crate::cli::{self, Cli, Format, SequenceArgs, DEFAULT_PERIOD_MAX};
use crate::report::{json_number, Found};
use crate::{Failure, Output};
use clap::CommandFactory;
use grundy_core::input::counted;
use grundy_core::sequence::{Period, Rule, Sequence};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Memory a value held costs while computing, at most: 2 bytes, room for
/// all of them reserved at once, 1 more for the moment they widen from one
/// byte to two (both lists are held then), and 4 in the rare values' index
/// for the half of them that can be rare where values have no sparse
/// structure.
const BYTES_PER_HELD_VALUE: u64 = 5;

/// Writes G(0) … G(count − 1) in `format`, computing them a block at a
/// time: as text on one line, separated by single spaces; one a line; as
/// `n G(n)` lines; or in a JSON object with the largest value. Past the
/// values computed, a proved period gives them.
pub(crate) fn write_values(
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

/// `grundy sequence <rule> --count N [--freq] | --period [--max N]`.
pub(crate) fn sequence(args: SequenceArgs) -> Result<Output, Failure> {
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
