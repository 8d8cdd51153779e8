//! A student's copy of a lesson: what the server sends a student's phone
//! in place of the teacher's Markdown. The speaker's notes are left out,
//! and each game keeps only the keys that say what it is and who plays
//! it, so that no slide on a student's phone shows a value, steps through
//! an answer, runs a quiz or offers a solution; the student page draws
//! its games with values hidden as well.
//!
//! A lesson's text is Markdown as `web/src/lessons/lesson.ts` reads it:
//! fenced blocks whose info string is `notes` hold the notes, and `grundy`
//! blocks hold one `key: value` a line. Fences are found the way
//! CommonMark finds them (three or more backticks or tildes, closed by a
//! run as long of the same character), including fences inside block
//! quotes and list items, whose markers are kept.

use crate::limits::MAX_TITLE_CHARS;

/// The keys of a `grundy` block a student's copy keeps: the game, its
/// position and convention, and whom the student plays. Every other key
/// (values, controls, mode, reveal, quiz, hints, puzzle, solution, timer,
/// teams, and any unknown one) belongs to the teacher or shows an answer.
const STUDENT_KEYS: &[&str] = &["game", "position", "play", "opponent", "first", "level"];

/// What a student's copy of every `grundy` block adds: no values, and the
/// board's play controls only.
const STUDENT_SETTINGS: &[&str] = &["values: hidden", "controls: play"];

/// A fence open at the line being read.
struct Fence {
    marker: char,
    length: usize,
    kind: FenceKind,
    /// What stands before the fence's marker on its opening line (block
    /// quote or list markers), written again before each added line.
    prefix: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum FenceKind {
    Notes,
    Grundy,
    Other,
}

/// The lesson as a student is sent it.
pub fn for_students(lesson: &str) -> String {
    let mut out = String::with_capacity(lesson.len());
    let mut fence: Option<Fence> = None;
    // Inside a grundy block, after `position:` with its lines indented below it.
    let mut in_position = false;
    for line in lesson.lines() {
        let Some(open) = &fence else {
            match fence_at(line) {
                Some((prefix, marker, length, info)) => {
                    let kind = match info.split_whitespace().next() {
                        Some("notes") => FenceKind::Notes,
                        Some("grundy") => FenceKind::Grundy,
                        _ => FenceKind::Other,
                    };
                    if kind != FenceKind::Notes {
                        push_line(&mut out, line);
                    }
                    in_position = false;
                    fence = Some(Fence {
                        marker,
                        length,
                        kind,
                        prefix: prefix.to_string(),
                    });
                }
                None => push_line(&mut out, line),
            }
            continue;
        };
        if closes(line, open) {
            match open.kind {
                // The notes' place keeps a blank line, which their fence
                // gave the text around it, so paragraphs stay apart.
                FenceKind::Notes => push_line(&mut out, open.prefix.trim_end()),
                FenceKind::Grundy => {
                    for setting in STUDENT_SETTINGS {
                        push_line(&mut out, &format!("{}{setting}", open.prefix));
                    }
                    push_line(&mut out, line);
                }
                FenceKind::Other => push_line(&mut out, line),
            }
            fence = None;
            continue;
        }
        match open.kind {
            FenceKind::Notes => {}
            FenceKind::Other => push_line(&mut out, line),
            FenceKind::Grundy => {
                let content = inside(line, &open.prefix);
                if in_position && (content.starts_with("  ") || content.trim().is_empty()) {
                    push_line(&mut out, line);
                    continue;
                }
                in_position = false;
                let Some((key, value)) = content.split_once(':') else {
                    continue;
                };
                let key = key.trim().to_ascii_lowercase();
                if STUDENT_KEYS.contains(&key.as_str()) {
                    in_position = key == "position" && value.trim().is_empty();
                    push_line(&mut out, line);
                }
            }
        }
    }
    out
}

/// The lesson's title, as its slides show it: its first level-one
/// heading, cut to the longest title a class has.
pub fn title(lesson: &str) -> Option<String> {
    let heading = lesson
        .lines()
        .find_map(|line| line.strip_prefix("# "))?
        .trim()
        .trim_end_matches('#')
        .trim();
    let title: String = heading
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_TITLE_CHARS)
        .collect();
    (!title.is_empty()).then_some(title)
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push('\n');
}

/// Splits a line into the block quote and list markers before its
/// content (with the spaces among them) and the content.
fn strip_markers(line: &str) -> (&str, &str) {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let after = if let Some(after) = trimmed.strip_prefix('>') {
            after
        } else if let Some(after) = trimmed
            .strip_prefix(['-', '*', '+'])
            .filter(|after| after.starts_with([' ', '\t']))
        {
            after
        } else {
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            match trimmed[digits..].strip_prefix(['.', ')']) {
                Some(after) if digits > 0 && after.starts_with([' ', '\t']) => after,
                _ => {
                    let content = &line[line.len() - trimmed.len()..];
                    return (&line[..line.len() - content.len()], content);
                }
            }
        };
        rest = after;
    }
}

/// A line of a fenced block without the markers its fence stands in: the
/// opening line's own, or as many spaces and `>` on a line that continues
/// a list item or a lazy quote.
fn inside<'a>(line: &'a str, prefix: &str) -> &'a str {
    if let Some(rest) = line.strip_prefix(prefix) {
        return rest;
    }
    let mut rest = line;
    for _ in prefix.chars() {
        match rest.strip_prefix([' ', '>']) {
            Some(shorter) => rest = shorter,
            None => break,
        }
    }
    rest
}

/// A fence opening on this line: the markers before it, its character,
/// its length and its info string.
fn fence_at(line: &str) -> Option<(&str, char, usize, &str)> {
    let (prefix, content) = strip_markers(line);
    let marker = content.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = content.len() - content.trim_start_matches(marker).len();
    let info = content[length..].trim();
    // A backtick fence's info string holds no backtick (CommonMark).
    (length >= 3 && !(marker == '`' && info.contains('`')))
        .then_some((prefix, marker, length, info))
}

/// Whether this line closes `fence`: a run of its character at least as
/// long, and nothing after it but spaces.
fn closes(line: &str, fence: &Fence) -> bool {
    let content = strip_markers(line).1;
    let run = content.len() - content.trim_start_matches(fence.marker).len();
    run >= fence.length && content[run..].trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::for_students;

    #[test]
    fn a_lesson_is_titled_by_its_first_heading() {
        assert_eq!(
            super::title("Intro\n# Nim and the nim-sum #\n## Play").as_deref(),
            Some("Nim and the nim-sum")
        );
        assert_eq!(super::title("## Only a slide\n"), None);
    }

    #[test]
    fn notes_are_left_out_and_the_text_around_them_kept() {
        let lesson = "# Nim\n\nSay hello.\n```notes\nThe answer is *2*.\n```\nThen play.\n";
        let student = for_students(lesson);
        assert!(!student.contains("answer"), "{student}");
        assert!(student.contains("Say hello.\n\nThen play."), "{student}");
    }

    #[test]
    fn notes_in_a_quote_a_list_or_a_longer_fence_are_left_out() {
        for lesson in [
            "> ```notes\n> secret\n> ```\n",
            "- item\n  ```notes\n  secret\n  ```\n",
            "1. item\n   ~~~~ notes\n   ```\n   secret\n   ~~~~\n",
            "````notes\n```\nsecret\n```\n````\n",
            "```notes\nsecret, and the fence never closes\n",
        ] {
            assert!(!for_students(lesson).contains("secret"), "{lesson}");
        }
    }

    #[test]
    fn a_fence_of_another_kind_is_kept_whole() {
        let lesson = "````text\n```notes\nshown as code\n```\n````\nafter\n";
        assert_eq!(for_students(lesson), lesson);
    }

    #[test]
    fn a_game_keeps_what_it_is_and_loses_what_shows_an_answer() {
        let lesson = "```grundy\ngame: nim\nposition: 3 4 5\nreveal: steps\nvalues: shown\nquiz: yes\n\
                      Hints: yes\nplay: misere\nopponent: ai\nsolution: shown\nmode: analyse\n```\n";
        assert_eq!(
            for_students(lesson),
            "```grundy\ngame: nim\nposition: 3 4 5\nplay: misere\nopponent: ai\nvalues: hidden\ncontrols: play\n```\n"
        );
    }

    #[test]
    fn a_position_written_below_its_key_is_kept_line_by_line() {
        let lesson =
            "> ```grundy\n> game: cram\n> position:\n>   ..#\n>   values: x\n> quiz: yes\n> ```\n";
        assert_eq!(
            for_students(lesson),
            "> ```grundy\n> game: cram\n> position:\n>   ..#\n>   values: x\n> values: hidden\n> controls: play\n> ```\n"
        );
    }
}
