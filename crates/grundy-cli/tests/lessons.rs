//! The lessons the playground ships, read as the command line reads their
//! positions: every block's position is answered, and what a slide claims
//! of a position is what `grundy` says of it.

mod common;

/// One ```` ```grundy ```` block: its file and its `key: value` settings,
/// the position's lines joined as the game's text.
struct Block {
    file: String,
    game: String,
    position: String,
    misere: bool,
}

fn blocks() -> Vec<Block> {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/lessons");
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    let mut blocks = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line.trim() != "```grundy" {
                continue;
            }
            let mut block = Block {
                file: path.file_name().unwrap().to_string_lossy().into_owned(),
                game: String::new(),
                position: String::new(),
                misere: false,
            };
            for line in lines.by_ref().take_while(|l| l.trim() != "```") {
                if let Some(indented) = line.strip_prefix("  ") {
                    block.position.push_str(indented);
                    block.position.push('\n');
                } else if let Some((key, value)) = line.split_once(':') {
                    match (key.trim(), value.trim()) {
                        ("game", game) => block.game = game.to_string(),
                        ("position", position) if !position.is_empty() => {
                            block.position = position.replace(" / ", "\n") + "\n";
                        }
                        ("play", play) => block.misere = play == "misere",
                        _ => {}
                    }
                }
            }
            blocks.push(block);
        }
    }
    blocks
}

/// `grundy args` on `input`: its exit code and output.
fn grundy(args: &[&str], input: &str) -> (Option<i32>, String) {
    let output = common::grundy(args, input);
    let said = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let complaint = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), said + &complaint)
}

/// Who wins the block's position as it is played there: N, P or a draw.
fn outcome(block: &Block) -> String {
    let (code, said) = if block.game == "digraph" {
        grundy(&["solve", "digraph"], &block.position)
    } else if block.misere {
        grundy(&["outcome", &block.game, "--misere"], &block.position)
    } else {
        grundy(&["outcome", &block.game], &block.position)
    };
    assert_eq!(code, Some(0), "{} {}: {said}", block.file, block.game);
    said
}

#[test]
fn every_block_of_every_lesson_is_answered() {
    let blocks = blocks();
    assert!(blocks.len() >= 28, "{} blocks", blocks.len());
    for block in &blocks {
        assert!(
            !block.position.is_empty(),
            "{}: a block without a position",
            block.file
        );
        outcome(block);
    }
}

/// What the slides say of their positions, each beside the block it is about.
#[test]
fn what_the_slides_claim_is_what_grundy_says() {
    let blocks = blocks();
    let find = |file: &str, game: &str, position: &str| {
        blocks
            .iter()
            .find(|b| b.file == file && b.game == game && b.position == position)
            .unwrap_or_else(|| panic!("{file} has no {game} block at {position:?}"))
    };
    // "The P-positions are 0, 4, 8, 12, …": taking 1, 2 or 3, a heap is P
    // exactly when it is a multiple of 4, the 12 on the slide among them.
    find("1-subtraction.md", "subtraction", "1,2,3\n12\n");
    for heap in 0..=24 {
        let (_, said) = grundy(&["outcome", "subtraction"], &format!("1,2,3\n{heap}\n"));
        assert_eq!(said, if heap % 4 == 0 { "P" } else { "N" }, "heap {heap}");
    }
    // "Two equal heaps are a P-position": the quiz beside it asks of
    // unequal heaps, so that the sentence does not answer it.
    let quiz = find("2-nim.md", "nim", "2 3\n");
    assert_eq!(outcome(quiz), "N");
    assert_eq!(grundy(&["outcome", "nim"], "4 4\n").1, "P");
    // "An odd number of heaps [of one] leaves the last counter to the player
    // to move, who loses".
    let ones = find("3-misere-nim.md", "nim", "1 1 1\n");
    assert_eq!(outcome(ones), "P");
    // "The winning move may be in either game": the puzzle's sum has two
    // parts, and its total is not 0.
    let puzzle = find("5-sums.md", "sum", "--- nim\n3 6\n--- octal\n0.77\n7\n");
    assert_eq!(outcome(puzzle), "N");
    // "Worth the nim-sum of its heads' places": 2 ⊕ 4.
    let turtles = find("6-coins.md", "coins", "turtles\nTHTHT\n");
    assert_eq!(grundy(&["nimber", "coins"], &turtles.position).1, "6");
    // "1, 2, 4, 7, 8": the coins at 1, 4 and 5 are worth 1 ⊕ 7 ⊕ 8.
    let mock = find("6-coins.md", "coins", "mock-turtles\nHTTHH\n");
    assert_eq!(grundy(&["nimber", "coins"], &mock.position).1, "14");
    // "2 ⊗ 2 = 3 and 3 ⊗ 3 = 2": the grid's two heads are worth 3 ⊕ 2.
    let corners = find("6-coins.md", "corners", "TTTT\nTTTT\nTTHT\nTTTH\n");
    assert_eq!(grundy(&["nimber", "corners"], &corners.position).1, "1");
    // "A stalk of 1 ⊕ 2 = 3 on top of the trunk's 1 edge: worth 4."
    let tree = find("7-hackenbush.md", "hackenbush", "5 4\n0 1\n1 2\n1 3\n3 4\n");
    assert_eq!(grundy(&["nimber", "hackenbush"], &tree.position).1, "4");
    // "Two equal rows of 12 pins are worth 4 ⊕ 4 = 0 … misère, the player to
    // move wins", where Bouton's rule on the values says misère Nim 4 4 is lost.
    let rows = find("7-hackenbush.md", "octal", "0.77\n12 12\n");
    assert!(rows.misere);
    assert_eq!(grundy(&["nimber", "octal"], "0.77\n12\n").1, "4");
    assert_eq!(grundy(&["outcome", "nim", "--misere"], "4 4\n").1, "P");
    assert_eq!(outcome(rows), "N");
}
