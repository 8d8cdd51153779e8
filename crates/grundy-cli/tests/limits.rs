//! Every game's largest and most adversarial inputs, each given to
//! `outcome --misere` and `analyse`, and the longest sequences: each must be
//! answered or refused (exit 0, 2 or 3, never a crash) within its budget, in
//! well under the 300 MB any command may take, peak memory measured.

use std::fmt::Write as _;
use std::fs::File;
use std::process::Command;
use std::time::{Duration, Instant};

/// The most memory any command may take.
const MAX_RSS_BYTES: u64 = 300 << 20;
/// Budgets stop a search in about a second natively; this leaves room for
/// a loaded machine and unoptimised code while still catching a search
/// that runs for minutes.
const MAX_TIME: Duration = Duration::from_secs(20);

/// What one run cost and said.
struct Run {
    code: Option<i32>,
    peak_rss: u64,
    time: Duration,
    stdout_bytes: u64,
    /// The output, when short enough to compare.
    stdout: String,
    stderr: String,
}

/// The high-water mark of a running process's resident memory, in bytes.
fn peak_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Runs `grundy args` on `input`, reading its peak resident memory every
/// millisecond while it runs (memory that grows past the limit takes far
/// longer than that to allocate).
fn run(args: &[&str], input: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("grundy-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let name = args.join("-").replace(['/', '.'], "_");
    let input_path = dir.join(format!("{name}.in"));
    let output_path = dir.join(format!("{name}.out"));
    let error_path = dir.join(format!("{name}.err"));
    std::fs::write(&input_path, input).unwrap();
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(File::open(&input_path).unwrap())
        .stdout(File::create(&output_path).unwrap())
        .stderr(File::create(&error_path).unwrap())
        .spawn()
        .expect("grundy runs");
    let mut peak = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        peak = peak.max(peak_rss(child.id()).unwrap_or(0));
        if start.elapsed() > MAX_TIME {
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    Run {
        code: status.code(),
        peak_rss: peak,
        time: start.elapsed(),
        stdout_bytes: std::fs::metadata(&output_path).unwrap().len(),
        stdout: std::fs::read(&output_path)
            .ok()
            .filter(|bytes| bytes.len() < 4096)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default(),
        stderr: std::fs::read_to_string(&error_path).unwrap(),
    }
}

/// The adversarial positions: (game, name, text).
fn positions() -> Vec<(&'static str, &'static str, String)> {
    let many = |count: usize, size: u32| vec![size.to_string(); count].join(" ") + "\n";
    let grid = |rows: usize, cols: usize, cell: char| {
        (0..rows).fold(String::new(), |mut out, _| {
            let _ = writeln!(out, "{}", cell.to_string().repeat(cols));
            out
        })
    };
    let chain: String = (0..100_000i64).fold("1\n100000\n".to_string(), |mut out, i| {
        let _ = writeln!(out, "{} {}", -i, i + 1);
        out
    });
    let disjoint: String = (0..100_000i64).fold("1\n100000\n".to_string(), |mut out, i| {
        let _ = writeln!(out, "{} {}", 2 * i, 2 * i + 1);
        out
    });
    let cycle: String = (0..1000).fold("1000 1000\n".to_string(), |mut out, i| {
        let _ = writeln!(out, "{i} {}", (i + 1) % 1000);
        out
    });
    // Every vertex i reaches 2i + 1 and 2i + 2 (mod n): an expander, with
    // cycles, so that play may go on forever.
    let mut digraph = "10000 20000\n".to_string();
    for v in 0..10_000 {
        let _ = writeln!(
            digraph,
            "{v} {}\n{v} {}",
            (2 * v + 1) % 10_000,
            (2 * v + 2) % 10_000
        );
    }
    digraph.push_str("16\n");
    digraph.push_str(
        &(0..16)
            .map(|t| (t * 601).to_string())
            .collect::<Vec<_>>()
            .join(" "),
    );
    digraph.push('\n');
    vec![
        ("nim", "64 heaps of 10^6", many(64, 1_000_000)),
        (
            "subtraction",
            "64 heaps of 2^20",
            format!("1,7,1000\n{}", many(64, 1 << 20)),
        ),
        ("octal", "0.4 with 100 001", "0.4\n100001\n".to_string()),
        (
            "octal",
            "Kayles, 64 heaps of 2^20",
            format!("0.77\n{}", many(64, 1 << 20)),
        ),
        (
            "octal",
            "4.7…7, 2^20",
            format!("4.{}\n1048576\n", "7".repeat(32)),
        ),
        ("grundy-game", "100 000", "100000\n".to_string()),
        ("grundy-game", "1000 33", "1000 33\n".to_string()),
        ("grundy-game", "64 heaps of 2^20", many(64, 1 << 20)),
        ("intervals", "a chain of 100 000", chain),
        ("intervals", "100 000 apart", disjoint),
        (
            "bacterial-tactics",
            "40×40 empty",
            format!("1\n40 40\n{}", grid(40, 40, '.')),
        ),
        (
            "darkraft",
            "40×40 of X",
            format!("40 40\n{}", grid(40, 40, 'X')),
        ),
        (
            "board-escape",
            "100×100 of tokens",
            format!("100 100 1000000000\n{}", grid(100, 100, 'T')),
        ),
        (
            "string-game",
            "a^300",
            format!("1\n{}\n2\na\naa\n", "a".repeat(300)),
        ),
        ("hackenbush", "a cycle of 1000", cycle),
        (
            "coins",
            "Mock Turtles, 10 000 heads",
            format!("mock-turtles\n{}\n", "H".repeat(10_000)),
        ),
        ("corners", "64×64 heads", grid(64, 64, 'H')),
        ("staircase", "64 steps of 10^6", many(64, 1_000_000)),
        (
            "northcott",
            "64 rows of 10^6",
            "1000000 1 1000000\n".repeat(64),
        ),
        ("lasker", "10 000 heaps of 10^6", many(10_000, 1_000_000)),
        ("digraph", "10 000 vertices", digraph),
        (
            "sum",
            "Nim 1000 1000 and Kayles 30 31",
            "--- nim\n1000 1000\n--- octal\n0.77\n30 31\n".to_string(),
        ),
    ]
}

fn check(args: &[&str], what: &str, input: &str) -> Run {
    let run = run(args, input);
    assert!(
        matches!(run.code, Some(0 | 2 | 3)),
        "{what}: exit {:?} ({})",
        run.code,
        run.stderr
    );
    assert!(
        run.code == Some(0) || run.stderr.starts_with("error: "),
        "{what}: exit {:?} without a message",
        run.code
    );
    assert!(
        run.peak_rss < MAX_RSS_BYTES,
        "{what}: {} MB",
        run.peak_rss >> 20
    );
    assert!(run.time < MAX_TIME, "{what}: {:?}", run.time);
    eprintln!(
        "{what}: exit {:?} in {:.2} s, {} MB",
        run.code,
        run.time.as_secs_f64(),
        run.peak_rss >> 20
    );
    run
}

#[test]
fn adversarial_positions_are_answered_or_refused_within_budget() {
    for (game, name, text) in positions() {
        let misere = check(
            &["outcome", game, "--misere"],
            &format!("{game} {name} misère"),
            &text,
        );
        assert!(
            misere.code != Some(2),
            "{game} {name}: a valid position is refused as bad input: {}",
            misere.stderr
        );
        check(
            &["analyse", game],
            &format!("{game} {name} analysed"),
            &text,
        );
    }
}

#[test]
fn long_sequences_are_written_as_they_are_computed() {
    let kayles = check(
        &["sequence", "0.77", "--count", "16777216"],
        "Kayles to 2^24",
        "",
    );
    assert_eq!(kayles.code, Some(0));
    // One digit and a space per value, but for the last.
    assert_eq!(kayles.stdout_bytes, 2 * 16_777_216);
    for rule in ["0.07", "0.137", "grundy"] {
        let run = check(&["sequence", rule, "--count", "1048576"], rule, "");
        assert_eq!(run.code, Some(0), "{rule}");
    }
}

#[test]
fn a_checkpoint_is_read_within_bounds() {
    let dir =
        std::env::temp_dir().join(format!("grundy-limits-checkpoints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lying = dir.join("lying");
    std::fs::write(&lying, "grundy sequence checkpoint 1\nrule 0.07\nvalues 1000000000000 width 4\nchecksum 0000000000000000\n\0\0").unwrap();
    let zeros = dir.join("zeros");
    std::fs::write(&zeros, vec![0u8; 1 << 20]).unwrap();
    for (file, what) in [
        ("/dev/zero", "/dev/zero"),
        ("/dev/full", "/dev/full"),
        (lying.to_str().unwrap(), "a header that lies"),
        (zeros.to_str().unwrap(), "a file of zeros"),
    ] {
        let run = check(
            &["sequence", "0.07", "--count", "1000", "--checkpoint", file],
            what,
            "",
        );
        assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
    }
}

/// Inputs that once escaped the limits: a far queen in a sum (tabled,
/// or an allocation of 10¹⁷ bytes), a part that can go on forever beside a
/// large heap, lone vertices under misère play. Each ends cleanly, at once.
#[test]
fn parts_of_a_sum_are_decided_as_they_are_alone() {
    const FAST: Duration = Duration::from_secs(10);
    let far_queen = "--- wythoff\n1000000000 1000000000\n";
    /// The command, what the input is, the input, the exit code, the answer.
    type Case<'a> = (&'a [&'a str], &'a str, &'a str, Option<i32>, &'a str);
    let cases: [Case; 9] = [
        (
            &["solve", "sum"],
            "a far queen alone",
            far_queen,
            Some(0),
            "First\n",
        ),
        (
            &["outcome", "sum"],
            "a far queen alone",
            far_queen,
            Some(0),
            "N\n",
        ),
        (
            &["nimber", "sum"],
            "a far queen alone",
            far_queen,
            Some(3),
            "",
        ),
        (
            &["solve", "sum"],
            "a far queen beside a heap",
            "--- nim\n3\n--- wythoff\n1000000000 1000000000\n",
            Some(3),
            "",
        ),
        (
            &["solve", "sum"],
            "a queen at 5000 beside a lost queen",
            "--- wythoff\n3 5\n--- wythoff\n5000 5000\n",
            Some(0),
            "First\n",
        ),
        (
            &["solve", "sum"],
            "a loop beside a heap of 10^6",
            "--- digraph\n2 1\n0 0\n1\n0\n--- nim\n1000000\n",
            Some(0),
            "Draw\n",
        ),
        (
            &["solve", "sum"],
            "a path beside a heap of 10^6",
            "--- digraph\n2 1\n0 1\n1\n0\n--- nim\n1000000\n",
            Some(0),
            "First\n",
        ),
        (
            &["outcome", "node-kayles", "--misere"],
            "64 lone vertices",
            "64 0\n",
            Some(0),
            "N\n",
        ),
        (
            &["outcome", "node-kayles", "--misere"],
            "63 lone vertices",
            "63 0\n",
            Some(0),
            "P\n",
        ),
    ];
    for (args, what, input, code, answer) in cases {
        let run = check(args, what, input);
        assert_eq!(run.code, code, "{what}: {}", run.stderr);
        assert!(run.time < FAST, "{what}: {:?}", run.time);
        assert_eq!(run.stdout, answer, "{what}");
    }
}
