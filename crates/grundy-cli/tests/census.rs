//! `grundy census`: a period search over many codes agrees with
//! `sequence --period` code by code, its shards merge into one run's
//! output, and a run killed outright goes on from its checkpoint.

mod common;

use common::grundy;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A census small enough for a test: two digits, few values each.
const SMALL: [&str; 6] = ["census", "0.??", "--max", "20000", "--work", "100000000"];

fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-census-{name}-{}", std::process::id()))
}

#[test]
fn each_line_is_what_sequence_period_says_of_its_code() {
    let out = grundy(&SMALL, "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Every 0.d1d2 but those ending in 0 (0.70 is 0.7): 8 · 7.
    assert_eq!(text.lines().count(), 56);
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let code = words[0];
        // `preperiod A period P` or `unknown up to N`: four words.
        let (period, rest) = (words[1..5].join(" "), &words[5..]);
        let max = match period.strip_prefix("unknown up to ") {
            Some(computed) => computed.to_string(),
            None => "20000".to_string(),
        };
        let alone = grundy(&["sequence", code, "--period", "--max", &max], "");
        assert_eq!(stdout(&alone), format!("{period}\n"), "{code}");
        assert_eq!(rest[0], "largest", "{line}");
    }
    assert!(text.contains("\n0.77 preperiod 71 period 12 largest 8\n"));
    // 0.06 is unsolved.
    assert!(text.contains("\n0.06 unknown up to "), "{text}");
    let json = grundy(&[&SMALL[..], &["--format", "json"]].concat(), "");
    let objects: Vec<serde_json::Value> = stdout(&json)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 56);
    let kayles = objects.iter().find(|o| o["rule"] == "0.77").unwrap();
    assert_eq!(
        [&kayles["preperiod"], &kayles["period"], &kayles["largest"]],
        [71, 12, 8].map(serde_json::Value::from).each_ref()
    );
    let unsolved = objects.iter().find(|o| o["rule"] == "0.06").unwrap();
    assert_eq!(unsolved["proved"], false);
    assert!(unsolved["rare"]["mask"].as_u64().unwrap() > 0);
}

#[test]
fn shards_merged_are_one_run() {
    for format in ["text", "json"] {
        let whole = stdout(&grundy(&[&SMALL[..], &["--format", format]].concat(), ""));
        let files: Vec<PathBuf> = (1..=3)
            .map(|k| {
                let shard = format!("{k}/3");
                let out = grundy(
                    &[&SMALL[..], &["--format", format, "--shard", &shard]].concat(),
                    "",
                );
                assert!(out.status.success(), "{}", stderr(&out));
                let file = temporary(&format!("shard-{k}-{format}"));
                std::fs::write(&file, stdout(&out)).unwrap();
                file
            })
            .collect();
        // Each starts with its run's header, which the merge checks.
        let sizes: Vec<usize> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap().lines().count())
            .collect();
        assert_eq!(sizes, [20, 20, 19]);
        // In any order.
        let names: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
        let merged = grundy(&["census", "merge", names[2], names[0], names[1]], "");
        assert!(merged.status.success(), "{}", stderr(&merged));
        assert_eq!(stdout(&merged), whole, "{format}");
        // Two of three shards, or one given twice, are not a census.
        for (files, says) in [
            (vec![names[0], names[2]], "shard 2/3 missing"),
            (
                vec![names[0], names[1], names[0], names[2]],
                "is shard 1/3 again",
            ),
        ] {
            let out = grundy(&[&["census", "merge"][..], &files].concat(), "");
            assert_eq!(out.status.code(), Some(2), "{files:?}");
            assert!(stderr(&out).contains(says), "{}", stderr(&out));
            assert!(stdout(&out).is_empty());
        }
        for file in files {
            let _ = std::fs::remove_file(file);
        }
    }
    // Shards of runs with different arguments are refused, naming the file.
    let (a, b) = (temporary("max-a"), temporary("max-b"));
    for (file, max, shard) in [(&a, "20000", "1/2"), (&b, "30000", "2/2")] {
        let args = [
            "census",
            "0.??",
            "--max",
            max,
            "--work",
            "100000000",
            "--shard",
            shard,
        ];
        std::fs::write(file, stdout(&grundy(&args, ""))).unwrap();
    }
    let out = grundy(
        &["census", "merge", a.to_str().unwrap(), b.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("{} is of another census", b.display())),
        "{}",
        stderr(&out)
    );
    // A run's output without a shard's header is refused.
    let whole = temporary("whole");
    std::fs::write(&whole, stdout(&grundy(&SMALL, ""))).unwrap();
    let out = grundy(&["census", "merge", whole.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(":1: not a shard's output"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(whole);
    // Two different lines for one code are refused, with both named.
    let header =
        |k| format!("# grundy census 0.?? --max 100 --work 1 --shard {k}/2 --format text\n");
    std::fs::write(&a, header(1) + "0.77 preperiod 71 period 12 largest 8\n").unwrap();
    std::fs::write(&b, header(2) + "0.77 unknown up to 100 largest 8\n").unwrap();
    let out = grundy(
        &["census", "merge", a.to_str().unwrap(), b.to_str().unwrap()],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("0.77 has two different lines"),
        "{}",
        stderr(&out)
    );
    std::fs::write(&b, header(1) + "7.77 preperiod 1 period 1\n").unwrap();
    let out = grundy(&["census", "merge", b.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(":2: not a census line"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(a);
    let _ = std::fs::remove_file(b);
}

#[test]
fn a_census_killed_outright_goes_on_from_its_checkpoint() {
    // Unsolved codes keep each thread busy long enough to be killed.
    let args = ["census", "0.0??", "--max", "200000", "--work", "2000000000"];
    let whole = grundy(&args, "");
    assert!(whole.status.success(), "{}", stderr(&whole));
    let file = temporary("checkpoint");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .args(["--checkpoint", path])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The header and at least one code's line are saved.
    while std::fs::read_to_string(&file).map_or(0, |t| t.lines().count()) < 2 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::read_to_string(&file).unwrap().lines().count() - 1;
    let resumed = grundy(&[&args[..], &["--checkpoint", path]].concat(), "");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("going on from the"),
        "{saved} saved: {}",
        stderr(&resumed)
    );
    assert_eq!(stdout(&resumed), stdout(&whole));
    // Without a checkpoint, the lines written before a kill are whole, and
    // the first of the run's.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut written = String::new();
    std::io::BufRead::read_line(&mut reader, &mut written).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    std::io::Read::read_to_string(&mut reader, &mut written).unwrap();
    assert!(
        written.ends_with('\n')
            && written.len() < stdout(&whole).len()
            && stdout(&whole).starts_with(&written),
        "{written}"
    );
    // The checkpoint is itself a shard's output.
    let merged = grundy(&["census", "merge", path], "");
    assert_eq!(stdout(&merged), stdout(&whole));
    // Another census's checkpoint is refused, not mixed in.
    let other = grundy(&["census", "0.??", "--checkpoint", path], "");
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("holds another census"),
        "{}",
        stderr(&other)
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn codes_come_from_a_pattern_or_a_file_and_mistakes_are_located() {
    let file = temporary("codes");
    // 0.770 is Kayles too, written longer.
    std::fs::write(&file, "# Kayles and Dawson's\n0.77\n\n.07\n0.770\n").unwrap();
    let out = grundy(&["census", "--codes", file.to_str().unwrap()], "");
    assert_eq!(
        stdout(&out),
        "0.07 preperiod 53 period 34 largest 9\n0.77 preperiod 71 period 12 largest 8\n"
    );
    std::fs::write(&file, "0.77\n0.7G\n").unwrap();
    let out = grundy(&["census", "--codes", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!(
            "{}:2:4: 'G' is not a hexadecimal digit",
            file.display()
        )),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(&file);
    let out = grundy(&["census", "0.G?", "--hexadecimal"], "");
    assert!(
        stderr(&out).contains("in the pattern '0.G?', column 3: 'G' is not a hexadecimal digit"),
        "{}",
        stderr(&out)
    );
    // A pattern's digits are of the radix its ?s are: 8 is not octal.
    let out = grundy(&["census", "4.8?", "--max", "300"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: in the pattern '4.8?', column 3: '8' is not an octal digit; digits are 0 to 7 (--hexadecimal reads 0 to F)\n"
    );
    let out = grundy(&["census", "4.8?", "--hexadecimal", "--max", "300"], "");
    assert_eq!(stdout(&out).lines().count(), 15, "{}", stderr(&out));
    // Hexadecimal digits: 0.1 to 0.F, each as `sequence --period` says.
    let out = grundy(&["census", "0.?", "--hexadecimal", "--max", "300"], "");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15);
    for line in lines {
        let code = line.split(' ').next().unwrap();
        let alone = grundy(&["sequence", code, "--period", "--max", "300"], "");
        assert!(
            line.starts_with(&format!("{code} {}", stdout(&alone).trim_end())),
            "{line}"
        );
    }
    let out = grundy(&["census", "0.??", "--shard", "4/3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("1 ≤ K ≤ N"), "{}", stderr(&out));
    let out = grundy(&["census", "0.???????"], "");
    assert!(
        stderr(&out).contains("names more than 262144 codes"),
        "{}",
        stderr(&out)
    );
}
