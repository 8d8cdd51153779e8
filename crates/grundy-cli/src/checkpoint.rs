//! `grundy sequence … --checkpoint FILE`: a run of days survives. The
//! values computed so far are saved every `--checkpoint-every` seconds and
//! when SIGINT or SIGTERM arrives, always by writing a new file and
//! renaming it over the old, so that a run killed at any instant (SIGKILL,
//! a power cut) leaves the last whole checkpoint. The same command run
//! again goes on from it, and prints what an uninterrupted run prints.

use grundy_core::input::counted;
use grundy_core::sequence::{Rule, Sequence};
use signal_hook::consts::{SIGINT, SIGTERM};
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the values are saved unless `--checkpoint-every` says.
pub const DEFAULT_EVERY_SECONDS: f64 = 60.0;

/// SIGINT and SIGTERM, taken over so that a run asked to stop ends between
/// two steps of its work: with a whole last line and its checkpoint saved.
#[derive(Clone)]
pub struct Interrupt {
    /// The signal that asked the run to stop; 0 while none has.
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    pub fn catch() -> Result<Interrupt, String> {
        let signal = Arc::new(AtomicUsize::new(0));
        for sig in [SIGINT, SIGTERM] {
            signal_hook::flag::register_usize(sig, Arc::clone(&signal), sig as usize)
                .map_err(|e| format!("cannot catch signal {sig}: {e}"))?;
        }
        Ok(Interrupt { signal })
    }

    /// The signal that asked the run to stop, if one has.
    pub fn signal(&self) -> Option<usize> {
        Some(self.signal.load(Ordering::Relaxed)).filter(|&signal| signal != 0)
    }
}

/// Ends the run as `signal` would have: exit 128 + its number.
pub fn end_by(signal: usize) -> ! {
    std::process::exit(128 + signal as i32)
}

pub struct Checkpoint {
    path: PathBuf,
    every: Duration,
    saved: Instant,
    interrupt: Interrupt,
}

impl Checkpoint {
    /// Saves to `path` every `every`, and when `interrupt` catches a
    /// signal, before the run ends.
    pub fn new(path: PathBuf, every: Duration, interrupt: Interrupt) -> Checkpoint {
        Checkpoint {
            path,
            every,
            saved: Instant::now(),
            interrupt,
        }
    }

    /// The sequence the file holds, to go on from, or a new one where
    /// there is no file yet.
    pub fn open(&self, rule: Rule) -> Result<Sequence, String> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                self.check_writable()?;
                return Ok(Sequence::new(rule));
            }
            Err(e) => return Err(format!("cannot read {}: {e}", self.path.display())),
        };
        // A device or a pipe could be read forever; a checkpoint is a file.
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!(
                "{} is not a regular file; a checkpoint is one",
                self.path.display()
            ));
        }
        let sequence = Sequence::read_checkpoint(&mut BufReader::new(file)).map_err(|why| {
            format!(
                "{} is not a checkpoint to go on from: {why}",
                self.path.display()
            )
        })?;
        if *sequence.rule() != rule {
            return Err(format!(
                "{} holds values of {}, not {rule}; give another file",
                self.path.display(),
                sequence.rule()
            ));
        }
        eprintln!(
            "grundy: going on from the {} saved in {}",
            counted(sequence.len(), "value"),
            self.path.display()
        );
        Ok(sequence)
    }

    /// The file each save writes before it renames it over the checkpoint.
    fn temporary(&self) -> PathBuf {
        let mut temporary = self.path.clone().into_os_string();
        temporary.push(".part");
        PathBuf::from(temporary)
    }

    /// Whether a save can be written where the checkpoint lies, before any
    /// work: a folder that does not exist or cannot be written to is found
    /// at once, not after hours of values.
    pub fn check_writable(&self) -> Result<(), String> {
        let temporary = self.temporary();
        File::create(&temporary)
            .and_then(|_| fs::remove_file(&temporary))
            .map_err(|e| format!("cannot write the checkpoint {}: {e}", self.path.display()))
    }

    /// Writes the values to a new file beside the checkpoint, then renames
    /// it over the checkpoint; an error names the checkpoint.
    pub fn save(&mut self, sequence: &Sequence) -> io::Result<()> {
        self.write(sequence).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("could not save the checkpoint {}: {e}", self.path.display()),
            )
        })
    }

    fn write(&mut self, sequence: &Sequence) -> io::Result<()> {
        let temporary = self.temporary();
        let mut out = BufWriter::new(File::create(&temporary)?);
        sequence.write_checkpoint(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        fs::rename(&temporary, &self.path)?;
        self.saved = Instant::now();
        Ok(())
    }

    /// Between steps of the work: saves when it is time, and when a signal
    /// has come, saves and ends the run as the signal would have (exit
    /// 128 + its number). A save that fails is reported and the run goes on.
    pub fn tick(&mut self, sequence: &Sequence) {
        let signal = self.interrupt.signal();
        if signal.is_none() && self.saved.elapsed() < self.every {
            return;
        }
        let saved = self.save(sequence);
        if let Err(e) = &saved {
            eprintln!("grundy: {e}");
        }
        if let Some(signal) = signal {
            if saved.is_ok() {
                eprintln!(
                    "grundy: stopped; {} saved in {}: the same command goes on from there",
                    counted(sequence.len(), "value"),
                    self.path.display()
                );
            }
            end_by(signal);
        }
    }
}
