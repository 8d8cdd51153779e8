//! Every `console` example in the guide (`docs/guide/*.md`) and the README is
//! run with the built `grundy` and its output compared, so an example cannot
//! drift from what the command prints.
//!
//! In a block fenced as `console`, a line `$ command` is run by `sh` in a
//! folder of its own (shared by the block's commands, so one can write a
//! file the next reads), with `grundy` on the PATH. The lines under it are
//! its standard output; a line `...` stands for any number of lines, and a
//! last line `? N` is its exit status when not 0.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of an example and what it must print.
struct Example {
    source: String,
    command: String,
    expected: Vec<String>,
    status: i32,
}

/// The examples of every `console` block in `markdown`, `name` saying where each is.
fn examples(name: &str, markdown: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<Example>> = None;
    // A block inside a list item is indented as its fence is.
    let mut indent = 0;
    for (index, line) in markdown.lines().enumerate() {
        let trimmed = line
            .get(indent..)
            .filter(|_| line[..indent].trim().is_empty())
            .unwrap_or(line);
        match &mut block {
            None if line.trim_start() == "```console" => {
                indent = line.len() - line.trim_start().len();
                block = Some(Vec::new());
            }
            None => {}
            Some(_) if trimmed == "```" => blocks.push(block.take().unwrap()),
            Some(examples) => {
                if let Some(command) = trimmed.strip_prefix("$ ") {
                    examples.push(Example {
                        source: format!("{name}:{}", index + 1),
                        command: command.to_string(),
                        expected: Vec::new(),
                        status: 0,
                    });
                } else if let Some(example) = examples.last_mut() {
                    match trimmed.strip_prefix("? ") {
                        Some(status) => example.status = status.parse().expect("an exit status"),
                        None => example.expected.push(trimmed.to_string()),
                    }
                } else {
                    panic!("{name}:{}: output before any command", index + 1);
                }
            }
        }
    }
    blocks
}

/// Whether `actual` is `expected`, where a `...` line stands for any lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first() == Some(&first.as_str()) && matches(rest, &actual[1..])
        }
    }
}

fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut documents: Vec<PathBuf> = std::fs::read_dir(root.join("docs/guide"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    documents.sort();
    documents.push(root.join("README.md"));
    documents
}

#[test]
fn every_console_example_prints_what_it_shows() {
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        grundy.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = 0;
    let mut failures = Vec::new();
    for document in documents() {
        let name = document.file_name().unwrap().to_string_lossy().into_owned();
        for (index, block) in examples(&name, &std::fs::read_to_string(&document).unwrap())
            .into_iter()
            .enumerate()
        {
            let folder = std::env::temp_dir().join(format!(
                "grundy-guide-{}-{name}-{index}",
                std::process::id()
            ));
            std::fs::create_dir_all(&folder).unwrap();
            for example in block {
                let output = Command::new("sh")
                    .arg("-c")
                    .arg(&example.command)
                    .current_dir(&folder)
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                let stdout = String::from_utf8_lossy(&output.stdout);
                let lines: Vec<&str> = stdout.lines().collect();
                let status = output.status.code().unwrap_or(-1);
                if status != example.status || !matches(&example.expected, &lines) {
                    failures.push(format!(
                        "{}: $ {}\nexpected (status {}):\n{}\ngot (status {status}):\n{stdout}{}",
                        example.source,
                        example.command,
                        example.status,
                        example.expected.join("\n"),
                        String::from_utf8_lossy(&output.stderr)
                    ));
                }
                run += 1;
            }
            std::fs::remove_dir_all(&folder).unwrap();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The command-line chapter alone shows more than ten.
    assert!(run > 10, "only {run} examples found");
}

#[test]
fn a_dotted_line_stands_for_any_lines_and_nothing_else() {
    let expected: Vec<String> = ["a", "...", "d"].map(String::from).to_vec();
    assert!(matches(&expected, &["a", "d"]));
    assert!(matches(&expected, &["a", "b", "c", "d"]));
    assert!(!matches(&expected, &["a", "b", "c"]));
    assert!(!matches(&expected, &["x", "d"]));
    let blocks = examples(
        "t.md",
        "```console\n$ grundy x\n1\n? 3\n$ true\n```\n```sh\n$ not run\n```\n",
    );
    assert_eq!(blocks.len(), 1);
    assert_eq!(
        (blocks[0][0].expected.clone(), blocks[0][0].status),
        (vec!["1".to_string()], 3)
    );
    assert!(blocks[0][1].expected.is_empty());
}
