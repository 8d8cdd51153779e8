//! `grundy census`: the period search of `sequence --period` over a set of
//! octal or hexadecimal codes, a line per code in the order of the codes, on every core.
//! A run saves each finished line to its checkpoint file and goes on from
//! it; `--shard K/N` takes every N-th code, so that any scheduler can run
//! the shards on many machines, and `census merge` joins their outputs
//! into what one run prints.

use crate::checkpoint::{end_by, Interrupt};
use crate::cli::{CensusArgs, CensusFormat};
use crate::report::Found;
use clap::ValueEnum;
use grundy_core::input::counted;
use grundy_core::sequence::{OctalCode, Rule, Sequence};
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The codes a pattern names: `?` stands for each digit 0 to 7, or 0 to F
/// where `hexadecimal`. Codes whose last digit is 0 are left out: 0.770 is
/// 0.77, which a shorter pattern covers.
pub fn expand(pattern: &str, hexadecimal: bool) -> Result<Vec<OctalCode>, String> {
    let digits = if hexadecimal {
        "0123456789ABCDEF"
    } else {
        "01234567"
    };
    let mut texts = vec![String::new()];
    for ch in pattern.chars() {
        texts = if ch == '?' {
            texts
                .iter()
                .flat_map(|text| digits.chars().map(move |digit| format!("{text}{digit}")))
                .collect()
        } else {
            texts
                .into_iter()
                .map(|text| text + &ch.to_string())
                .collect()
        };
        if texts.len() > MAX_CODES {
            return Err(format!(
                "'{pattern}' names more than {MAX_CODES} codes; give fewer '?'"
            ));
        }
    }
    // A pattern's digits are of its radix, as its ?s are: 4.8? is
    // hexadecimal, and without --hexadecimal it is refused, not read so.
    let parse = if hexadecimal {
        OctalCode::parse_hexadecimal
    } else {
        OctalCode::parse
    };
    let mut codes = Vec::new();
    for text in texts.iter().filter(|text| !text.ends_with('0')) {
        // Each ? stands for one digit: a column of a code is the pattern's.
        codes.push(parse(text).map_err(|(column, why)| {
            let hint = if hexadecimal {
                ""
            } else {
                " (--hexadecimal reads 0 to F)"
            };
            format!("in the pattern '{pattern}', column {column}: {why}{hint}")
        })?);
    }
    Ok(codes)
}

/// The most codes one census takes: every code of six digits after the point.
pub const MAX_CODES: usize = 1 << 18;

/// The codes of a file, one a line, each written without the zero digits
/// at its end; blank lines and lines starting with # are skipped.
pub fn read_codes(path: &Path) -> Result<Vec<OctalCode>, String> {
    let text = fs::read_to_string(path)
        .map_err(|e| format!("cannot read the codes in {}: {e}", path.display()))?;
    let mut codes = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let code = OctalCode::parse_hexadecimal(line).map_err(|(column, why)| {
            format!("{}:{}:{column}: {why}", path.display(), number + 1)
        })?;
        // 0.770 is 0.77: a census has one line for the game.
        codes.push(code.trimmed());
        if codes.len() > MAX_CODES {
            return Err(format!(
                "{} holds more than {MAX_CODES} codes",
                path.display()
            ));
        }
    }
    Ok(codes)
}

/// The order every census prints its codes in, whatever order they were
/// named in: shorter codes first, then digit by digit. One run and its
/// shards merged then print the same lines.
fn order(code: &OctalCode) -> (usize, Vec<u8>) {
    (
        code.len(),
        (0..=code.len()).map(|i| code.digit(i)).collect(),
    )
}

/// A shard: the K-th of N, taking codes K − 1, K − 1 + N, … of the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Reads `K/N`, 1 ≤ K ≤ N.
pub fn shard(text: &str) -> Result<Shard, String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)));
    match parsed {
        Some((index, count)) if (1..=count).contains(&index) && count <= MAX_CODES => {
            Ok(Shard { index, count })
        }
        _ => Err(format!(
            "takes K/N, the K-th of N shards, 1 ≤ K ≤ N ≤ {MAX_CODES}, such as 2/8"
        )),
    }
}

/// A census ready to run: its codes in order, its header, what its
/// checkpoint had saved, and how to compute each code.
pub struct Census {
    codes: Vec<OctalCode>,
    header: String,
    sharded: bool,
    lines: BTreeMap<usize, String>,
    journal: Option<Journal>,
    interrupt: Option<Interrupt>,
    threads: usize,
    max: usize,
    work: u64,
    format: CensusFormat,
}

/// Reads the census `args` asks for, and opens its checkpoint; a mistake
/// in them is refused before any work.
pub fn prepare(args: &CensusArgs) -> Result<Census, String> {
    let mut codes = match (&args.pattern, &args.codes) {
        (Some(pattern), None) => expand(pattern, args.hexadecimal)?,
        (None, Some(path)) => read_codes(path)?,
        _ => return Err("give a pattern such as '0.???' or --codes FILE".to_string()),
    };
    codes.sort_by_key(order);
    codes.dedup();
    let shard = args.shard.unwrap_or(Shard { index: 1, count: 1 });
    let codes: Vec<OctalCode> = codes
        .into_iter()
        .skip(shard.index - 1)
        .step_by(shard.count)
        .collect();
    let (max, work) = (args.max as usize, args.work);
    let header = format!(
        "{HEADER}{}{} --max {max} --work {work} --shard {}/{} --format {}",
        if args.hexadecimal {
            "--hexadecimal "
        } else {
            ""
        },
        args.pattern.clone().unwrap_or_else(|| {
            format!(
                "--codes {}",
                args.codes
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string())
            )
        }),
        shard.index,
        shard.count,
        args.format
            .to_possible_value()
            .expect("every format has a name")
            .get_name()
    );
    let mut lines: BTreeMap<usize, String> = BTreeMap::new();
    let journal = match &args.checkpoint {
        Some(path) => Some(Journal::open(path, &header, &codes, &mut lines)?),
        None => None,
    };
    let interrupt = journal.as_ref().map(|_| Interrupt::catch()).transpose()?;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    Ok(Census {
        codes,
        header,
        sharded: args.shard.is_some(),
        lines,
        journal,
        interrupt,
        threads,
        max,
        work,
        format: args.format,
    })
}

impl Census {
    /// Runs the census, writing each code's line to `out` as soon as every
    /// code before it is written too, so that a run stopped at any moment
    /// has written whole lines of the first codes; a shard's output starts
    /// with its header, for `census merge` to check.
    pub fn write(mut self, out: &mut impl Write) -> io::Result<()> {
        if self.sharded {
            writeln!(out, "{}", self.header)?;
        }
        let codes = &self.codes;
        let left: Vec<usize> = (0..codes.len())
            .filter(|i| !self.lines.contains_key(i))
            .collect();
        let mut progress = CodesLine::new(codes.len(), self.lines.len());
        let mut written = 0;
        let mut write_ready = |lines: &BTreeMap<usize, String>| -> io::Result<()> {
            while let Some(line) = lines.get(&written) {
                out.write_all(line.as_bytes())?;
                written += 1;
            }
            out.flush()
        };
        write_ready(&self.lines)?;
        let next = AtomicUsize::new(0);
        let (sender, receiver) = mpsc::channel::<(usize, Option<String>)>();
        let (format, max, work, interrupt) = (self.format, self.max, self.work, &self.interrupt);
        std::thread::scope(|scope| -> io::Result<()> {
            for _ in 0..self.threads.min(left.len()) {
                let sender = sender.clone();
                let (next, left) = (&next, &left);
                scope.spawn(move || loop {
                    let Some(&index) = left.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let stopped = || interrupt.as_ref().is_some_and(|i| i.signal().is_some());
                    let mut sequence = Sequence::new(Rule::Octal(codes[index].clone()));
                    let proved = sequence
                        .prove_period(max, |sequence| sequence.work() <= work && !stopped())
                        // Out of work between two checks: the values so far may prove it.
                        .or_else(|| sequence.proved_period());
                    let found = (!stopped()).then(|| Found::of(&sequence, proved, sequence.len()));
                    let line = found.map(|found| match format {
                        CensusFormat::Text => found.census_line(),
                        CensusFormat::Json => found.json(),
                    });
                    if sender.send((index, line)).is_err() {
                        return;
                    }
                });
            }
            drop(sender);
            for (index, line) in receiver {
                if let Some(signal) = interrupt.as_ref().and_then(Interrupt::signal) {
                    progress.end();
                    eprintln!(
                        "grundy: stopped; {} of {} saved: the same command goes on from there",
                        counted(self.lines.len(), "code"),
                        codes.len()
                    );
                    end_by(signal);
                }
                let Some(line) = line else { continue };
                if let Some(journal) = &mut self.journal {
                    journal.append(&line)?;
                }
                self.lines.insert(index, line);
                write_ready(&self.lines)?;
                progress.show(self.lines.len());
            }
            Ok(())
        })?;
        progress.end();
        Ok(())
    }
}

/// What a census's header line (`# grundy census … --shard K/N --format
/// F`) says: the run without its shard, and the shard.
fn header_shard(line: &str) -> Option<(String, Shard)> {
    let rest = line.strip_prefix(HEADER)?;
    let (before, after) = rest.rsplit_once(" --shard ")?;
    let (shard_text, format) = after.split_once(' ')?;
    Some((format!("{before} {format}"), shard(shard_text).ok()?))
}

/// How every census's header line starts.
const HEADER: &str = "# grundy census ";

/// A census's checkpoint: its header, then each finished code's line as it
/// is printed, appended and flushed one at a time, so that a run stopped
/// at any moment loses at most the codes under way.
struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens the journal at `path`, reading into `lines` what an earlier
    /// run of the same census finished; a new file starts with `header`.
    fn open(
        path: &PathBuf,
        header: &str,
        codes: &[OctalCode],
        lines: &mut BTreeMap<usize, String>,
    ) -> Result<Journal, String> {
        let cannot = |e: io::Error| format!("cannot use {} as a checkpoint: {e}", path.display());
        match fs::read_to_string(path) {
            Ok(text) => {
                let mut rows = text.split_inclusive('\n');
                if rows.next().map(str::trim_end) != Some(header) {
                    return Err(format!(
                        "{} holds another census; its first line should be '{header}'",
                        path.display()
                    ));
                }
                let index: BTreeMap<String, usize> = codes
                    .iter()
                    .enumerate()
                    .map(|(i, code)| (code.to_string(), i))
                    .collect();
                let mut whole = header.len() + 1;
                // A line cut short when the run was killed is computed again.
                for row in rows.filter(|row| row.ends_with('\n')) {
                    let code = line_code(row).and_then(|code| index.get(&code));
                    let Some(&i) = code else {
                        return Err(format!(
                            "{} holds a line that is not one of this census's codes: {}",
                            path.display(),
                            row.trim_end()
                        ));
                    };
                    lines.insert(i, row.to_string());
                    whole += row.len();
                }
                let file = OpenOptions::new().write(true).open(path).map_err(cannot)?;
                file.set_len(whole as u64).map_err(cannot)?;
                let mut journal = Journal {
                    file,
                    path: path.clone(),
                };
                io::Seek::seek(&mut journal.file, io::SeekFrom::End(0)).map_err(cannot)?;
                if !lines.is_empty() {
                    eprintln!(
                        "grundy: going on from the {} saved in {}",
                        counted(lines.len(), "code"),
                        path.display()
                    );
                }
                Ok(journal)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let mut file = File::create(path).map_err(cannot)?;
                writeln!(file, "{header}").map_err(cannot)?;
                Ok(Journal {
                    file,
                    path: path.clone(),
                })
            }
            Err(e) => Err(cannot(e)),
        }
    }

    fn append(&mut self, line: &str) -> io::Result<()> {
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| {
                io::Error::other(format!(
                    "could not save the checkpoint {}: {e}",
                    self.path.display()
                ))
            })
    }
}

/// The code a census line is about: a text line's first word, or a JSON
/// line's `rule`.
fn line_code(line: &str) -> Option<String> {
    if line.starts_with('{') {
        let json: serde_json::Value = serde_json::from_str(line).ok()?;
        json["rule"].as_str().map(str::to_string)
    } else {
        line.split_whitespace().next().map(str::to_string)
    }
}

/// `grundy census merge FILE…`: the lines of shards' outputs (or of their
/// checkpoints), in the order one run prints them. Each file starts with
/// its run's header; files of different runs, a shard given twice or
/// missing, and a code found twice with different lines are refused,
/// naming the first file at fault.
pub fn merge(files: &[PathBuf]) -> Result<String, String> {
    let mut lines: BTreeMap<(usize, Vec<u8>), String> = BTreeMap::new();
    // The run every file must be of, with the header and the file that
    // said so, and the file each shard came from.
    let mut run: Option<(String, &str, &Path)> = None;
    let mut shards: BTreeMap<usize, &Path> = BTreeMap::new();
    let mut count = 0;
    let texts: Vec<String> = files
        .iter()
        .map(|path| {
            fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        })
        .collect::<Result<_, _>>()?;
    for (path, text) in files.iter().zip(&texts) {
        let header = text.lines().next().unwrap_or_default();
        let (this_run, shard) = header_shard(header).ok_or_else(|| {
            format!(
                "{}:1: not a shard's output: it should start with the line \
                 '{HEADER}… --shard K/N …' that `grundy census --shard` prints",
                path.display()
            )
        })?;
        match &run {
            None => {
                run = Some((this_run, header, path));
                count = shard.count;
            }
            Some((first_run, first_header, first_path))
                if *first_run != this_run || count != shard.count =>
            {
                return Err(format!(
                    "{} is of another census ('{header}') than {} ('{first_header}')",
                    path.display(),
                    first_path.display(),
                ));
            }
            Some(_) => {}
        }
        if let Some(earlier) = shards.insert(shard.index, path) {
            return Err(format!(
                "{} is shard {}/{count} again, as {} is",
                path.display(),
                shard.index,
                earlier.display()
            ));
        }
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let code = line_code(line)
                .and_then(|code| OctalCode::parse_hexadecimal(&code).ok())
                .ok_or_else(|| {
                    format!(
                        "{}:{}: not a census line: {}",
                        path.display(),
                        number + 1,
                        grundy_core::input::shorten(line)
                    )
                })?;
            let line = format!("{line}\n");
            match lines.insert(order(&code), line.clone()) {
                Some(earlier) if earlier != line => {
                    return Err(format!(
                        "{code} has two different lines: '{}' and, in {}, '{}'",
                        earlier.trim_end(),
                        path.display(),
                        line.trim_end()
                    ))
                }
                _ => {}
            }
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !shards.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        let shard = if missing.len() == 1 {
            "shard"
        } else {
            "shards"
        };
        return Err(format!(
            "{shard} {} missing: a census merges only when every shard is there",
            missing.join(", ")
        ));
    }
    Ok(lines.into_values().collect())
}

/// The line a census keeps up to date on a terminal: codes done of all.
struct CodesLine {
    terminal: bool,
    total: usize,
    written: bool,
}

impl CodesLine {
    fn new(total: usize, done: usize) -> CodesLine {
        let mut line = CodesLine {
            terminal: io::stderr().is_terminal(),
            total,
            written: false,
        };
        line.show(done);
        line
    }

    fn show(&mut self, done: usize) {
        if self.terminal {
            eprint!("\r{done} of {} codes   ", self.total);
            self.written = true;
        }
    }

    fn end(&self) {
        if self.written {
            eprintln!();
        }
    }
}
