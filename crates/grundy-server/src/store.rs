//! Where classes and games are kept: a trait the rooms write through, and
//! its SQLite implementation. Every write is committed before it returns,
//! so a reply sent after it acknowledges something that survives a crash.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// The migrations, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/0001_classes_and_games.sql"),
    include_str!("../migrations/0002_class_play_and_pause.sql"),
    include_str!("../migrations/0003_course_sessions.sql"),
    include_str!("../migrations/0004_game_activity.sql"),
    include_str!("../migrations/0005_puzzle_sets.sql"),
];

/// A class's last activity: made, joined or asked in.
const CLASS_ACTIVITY: &str = "MAX(c.created_ms, \
    COALESCE((SELECT MAX(joined_ms) FROM students s WHERE s.class_code = c.code), 0), \
    COALESCE((SELECT MAX(asked_ms) FROM questions q WHERE q.class_code = c.code), 0))";

#[derive(Debug)]
pub enum StoreError {
    /// A uniqueness rule refused the write: a name taken, an answer given.
    Conflict,
    Database(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("already recorded"),
            StoreError::Database(message) => write!(f, "database: {message}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        match error {
            rusqlite::Error::SqliteFailure(e, _)
                if e.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                StoreError::Conflict
            }
            other => StoreError::Database(other.to_string()),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassRecord {
    pub code: String,
    pub title: String,
    pub lesson: Option<String>,
    pub game: Option<String>,
    pub position: Option<String>,
    pub teacher_hash: String,
    pub locked: bool,
    pub ended: bool,
    pub follow: bool,
    pub slide: u32,
    /// The convention of the class's board: `normal` or `misere`.
    pub play: String,
    /// Every student's screen shows only "eyes on the teacher".
    pub paused: bool,
    /// For a later session of a course, the code of its first session.
    pub course: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudentRecord {
    pub id: i64,
    pub name: String,
    pub token_hash: String,
    pub kicked: bool,
    /// When the student joined: questions asked before count for them only if they answered.
    pub joined_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionRecord {
    pub id: i64,
    pub kind: String,
    pub game: String,
    pub position: String,
    pub play: String,
    pub seconds: Option<u32>,
    pub asked_ms: i64,
    /// The answer as the reveal shows it, as JSON.
    pub shown: String,
    pub revealed: bool,
    /// For a puzzle of a set, the set's number in the class, from 1.
    pub puzzle_set: Option<u32>,
    /// For homework, when answers stop being taken (ms since 1970).
    pub due_ms: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnswerRecord {
    pub question: i64,
    pub student: i64,
    pub answer: String,
    pub tally: String,
    pub correct: bool,
    pub seconds: f64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub id: String,
    pub game: String,
    pub play: String,
    pub start: String,
    pub seat_hashes: [String; 2],
    /// The position after each move, in order.
    pub moves: Vec<String>,
}

/// The class flags a teacher changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassFlag {
    Locked(bool),
    /// Ended, or open again: a class reopened keeps its code, roster and results.
    Ended(bool),
    Follow(bool),
    Slide(u32),
    Paused(bool),
}

/// Everything the server keeps. A store for many servers (PostgreSQL, say)
/// implements the same calls.
pub trait Store: Send + Sync {
    fn create_class(&self, class: &ClassRecord, now_ms: i64) -> StoreResult<()>;
    fn class(&self, code: &str) -> StoreResult<Option<ClassRecord>>;
    fn set_class(&self, code: &str, flag: ClassFlag) -> StoreResult<()>;
    /// Classes not ended.
    fn open_classes(&self) -> StoreResult<u64>;
    /// Up to `limit` open classes last active before `before_ms` (made,
    /// joined or asked in), those never asked anything first, then the
    /// least recently active: the first to end when the server is full.
    fn idlest_open_classes(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>>;
    /// Up to `limit` classes, open or ended, last active before `before_ms`.
    fn classes_idle_since(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>>;
    /// Erases a class: its roster, questions and answers too. False when
    /// there is no such class.
    fn erase_class(&self, code: &str) -> StoreResult<bool>;
    fn add_student(
        &self,
        code: &str,
        name: &str,
        token_hash: &str,
        now_ms: i64,
    ) -> StoreResult<i64>;
    fn students(&self, code: &str) -> StoreResult<Vec<StudentRecord>>;
    fn kick(&self, code: &str, student: i64) -> StoreResult<()>;
    /// Gives a student a new token: the teacher let them back in on another device.
    fn set_student_token(&self, code: &str, student: i64, token_hash: &str) -> StoreResult<()>;
    /// The codes of a course's sessions, the first first.
    fn sessions(&self, course: &str) -> StoreResult<Vec<String>>;
    /// Adds questions at once (a puzzle set's all or none); their ids, in order.
    fn add_questions(&self, code: &str, questions: &[QuestionRecord]) -> StoreResult<Vec<i64>>;
    fn questions(&self, code: &str) -> StoreResult<Vec<QuestionRecord>>;
    fn reveal(&self, question: i64) -> StoreResult<()>;
    /// Refused with [`StoreError::Conflict`] when the student has answered.
    fn add_answer(&self, answer: &AnswerRecord) -> StoreResult<()>;
    /// Every answer of a class, by question then student.
    fn answers(&self, code: &str) -> StoreResult<Vec<AnswerRecord>>;
    fn create_game(&self, game: &GameRecord, now_ms: i64) -> StoreResult<()>;
    fn game(&self, id: &str) -> StoreResult<Option<GameRecord>>;
    fn games(&self) -> StoreResult<u64>;
    /// Up to `limit` games last played before `before_ms`, the idlest first.
    fn games_idle_since(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>>;
    /// Deletes a game and its moves.
    fn delete_game(&self, id: &str) -> StoreResult<()>;
    /// Refused with [`StoreError::Conflict`] when move `ply` is recorded.
    fn add_move(&self, id: &str, ply: u32, after: &str, now_ms: i64) -> StoreResult<()>;
}

/// SQLite in WAL mode, one connection behind a lock: writes are short and
/// few (a class of 500 answers 500 times a question), and one writer is
/// what SQLite allows anyway.
pub struct SqliteStore {
    connection: Mutex<Connection>,
}

/// The database in a data folder.
pub const DATABASE_FILE: &str = "grundy.sqlite";

/// The file in a data folder that the server holding it keeps locked.
pub const LOCK_FILE: &str = "grundy.lock";

/// Takes the data folder `dir` (made if missing) for this process alone:
/// an exclusive OS lock on `dir/grundy.lock`, which holds the process id.
/// Two servers on one database would each keep rooms and limits of their
/// own and drift apart, so a second one is refused at once, naming the
/// folder and the first. The lock ends with the returned file, or with the
/// process, however it ends.
pub fn lock_data_folder(dir: &Path) -> Result<std::fs::File, String> {
    use std::io::{Read, Seek, Write};
    create_private_dir(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(LOCK_FILE);
    let mut file =
        private_file(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = match holder.trim() {
                "" => String::new(),
                pid => format!(" (process {pid})"),
            };
            return Err(format!(
                "another grundy serve{holder} is using the data folder {}; stop it, or give this one another --data",
                dir.display()
            ));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(format!("cannot lock {}: {e}", path.display()));
        }
    }
    file.set_len(0)
        .and_then(|_| file.rewind())
        .and_then(|_| writeln!(file, "{}", std::process::id()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(file)
}

/// Makes `dir` if missing, readable by its owner alone where it is made.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Opens `path` to read and write, made if missing, and leaves it readable
/// and writable by its owner alone: students' names, answers and hashed
/// tokens are no one else's to read. SQLite gives its WAL and
/// shared-memory files the database's mode.
fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    #[cfg(unix)]
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    Ok(file)
}

impl SqliteStore {
    /// Opens (or creates) `dir/`[`DATABASE_FILE`] and brings its schema up to date.
    pub fn open(dir: &Path) -> StoreResult<SqliteStore> {
        create_private_dir(dir)
            .map_err(|e| StoreError::Database(format!("cannot create {}: {e}", dir.display())))?;
        let database = dir.join(DATABASE_FILE);
        private_file(&database).map_err(|e| {
            StoreError::Database(format!("cannot create {}: {e}", database.display()))
        })?;
        let mut connection = Connection::open(&database)?;
        // WAL with synchronous=NORMAL: a commit is in the log before the
        // call returns, so a killed process loses nothing it acknowledged;
        // only a power cut can lose the last moments.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.pragma_update(None, "foreign_keys", true)?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&mut connection)?;
        Ok(SqliteStore {
            connection: Mutex::new(connection),
        })
    }

    /// Runs `work` on the connection, every query's one way in. SQLite
    /// blocks (for the lock, and for the disk at each commit), so on a
    /// worker of the server's runtime the call tells tokio first, which
    /// hands the thread's other tasks to another worker while it waits;
    /// elsewhere (a blocking thread, a command without a runtime) it runs
    /// as it is.
    fn with<T>(&self, work: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> StoreResult<T> {
        tokio::task::block_in_place(|| {
            let connection = self
                .connection
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            Ok(work(&connection)?)
        })
    }

    /// Folds the log into the database file, for a clean stop.
    pub fn close(&self) -> StoreResult<()> {
        self.with(|c| c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);"))
    }
}

fn migrate(connection: &mut Connection) -> StoreResult<()> {
    let applied: i64 = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let applied = applied.max(0) as usize;
    if applied > MIGRATIONS.len() {
        return Err(StoreError::Database(format!(
            "the database is at schema version {applied}, newer than this server's {}",
            MIGRATIONS.len()
        )));
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(applied) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(migration)?;
        transaction.pragma_update(None, "user_version", index as i64 + 1)?;
        transaction.commit()?;
    }
    Ok(())
}

fn count(row: &rusqlite::Row) -> rusqlite::Result<u64> {
    row.get::<_, i64>(0).map(|n| n.max(0) as u64)
}

fn class_from(row: &rusqlite::Row) -> rusqlite::Result<ClassRecord> {
    Ok(ClassRecord {
        code: row.get(0)?,
        title: row.get(1)?,
        lesson: row.get(2)?,
        game: row.get(3)?,
        position: row.get(4)?,
        teacher_hash: row.get(5)?,
        locked: row.get(6)?,
        ended: row.get(7)?,
        follow: row.get(8)?,
        slide: row.get(9)?,
        play: row.get(10)?,
        paused: row.get(11)?,
        course: row.get(12)?,
    })
}

fn question_from(row: &rusqlite::Row) -> rusqlite::Result<QuestionRecord> {
    Ok(QuestionRecord {
        id: row.get(0)?,
        kind: row.get(1)?,
        game: row.get(2)?,
        position: row.get(3)?,
        play: row.get(4)?,
        seconds: row.get(5)?,
        asked_ms: row.get(6)?,
        shown: row.get(7)?,
        revealed: row.get(8)?,
        puzzle_set: row.get(9)?,
        due_ms: row.get(10)?,
    })
}

impl Store for SqliteStore {
    fn create_class(&self, class: &ClassRecord, now_ms: i64) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO classes (code, title, lesson, game, position, teacher_hash, \
                 locked, ended, follow, slide, created_ms, play, paused, course) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    class.code,
                    class.title,
                    class.lesson,
                    class.game,
                    class.position,
                    class.teacher_hash,
                    class.locked,
                    class.ended,
                    class.follow,
                    class.slide,
                    now_ms,
                    class.play,
                    class.paused,
                    class.course
                ],
            )
            .map(drop)
        })
    }

    fn class(&self, code: &str) -> StoreResult<Option<ClassRecord>> {
        self.with(|c| {
            c.query_row(
                "SELECT code, title, lesson, game, position, teacher_hash, locked, ended, follow, slide, \
                 play, paused, course FROM classes WHERE code = ?1",
                [code],
                class_from,
            )
            .optional()
        })
    }

    fn set_class(&self, code: &str, flag: ClassFlag) -> StoreResult<()> {
        let (sql, value) = match flag {
            ClassFlag::Locked(on) => ("UPDATE classes SET locked = ?2 WHERE code = ?1", on as u32),
            ClassFlag::Ended(on) => ("UPDATE classes SET ended = ?2 WHERE code = ?1", on as u32),
            ClassFlag::Follow(on) => ("UPDATE classes SET follow = ?2 WHERE code = ?1", on as u32),
            ClassFlag::Slide(index) => ("UPDATE classes SET slide = ?2 WHERE code = ?1", index),
            ClassFlag::Paused(on) => ("UPDATE classes SET paused = ?2 WHERE code = ?1", on as u32),
        };
        self.with(|c| c.execute(sql, params![code, value]).map(drop))
    }

    fn open_classes(&self) -> StoreResult<u64> {
        self.with(|c| c.query_row("SELECT COUNT(*) FROM classes WHERE ended = 0", [], count))
    }

    fn idlest_open_classes(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(&format!(
                "SELECT code FROM (SELECT c.code AS code, \
                       EXISTS (SELECT 1 FROM questions q WHERE q.class_code = c.code) AS asked, \
                       {CLASS_ACTIVITY} AS active FROM classes c WHERE c.ended = 0) \
                     WHERE active < ?1 ORDER BY asked, active LIMIT ?2"
            ))?;
            let rows = statement.query_map(params![before_ms, limit as i64], |row| row.get(0))?;
            rows.collect()
        })
    }

    fn classes_idle_since(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(&format!(
                "SELECT code FROM (SELECT c.code AS code, {CLASS_ACTIVITY} AS active FROM classes c) \
                 WHERE active < ?1 ORDER BY active LIMIT ?2"
            ))?;
            let rows = statement.query_map(params![before_ms, limit as i64], |row| row.get(0))?;
            rows.collect()
        })
    }

    fn erase_class(&self, code: &str) -> StoreResult<bool> {
        self.with(|c| {
            let transaction = c.unchecked_transaction()?;
            transaction.execute(
                "DELETE FROM answers WHERE question_id IN \
                 (SELECT id FROM questions WHERE class_code = ?1)",
                [code],
            )?;
            transaction.execute("DELETE FROM questions WHERE class_code = ?1", [code])?;
            transaction.execute("DELETE FROM students WHERE class_code = ?1", [code])?;
            let erased = transaction.execute("DELETE FROM classes WHERE code = ?1", [code])?;
            transaction.commit()?;
            Ok(erased > 0)
        })
    }

    fn add_student(
        &self,
        code: &str,
        name: &str,
        token_hash: &str,
        now_ms: i64,
    ) -> StoreResult<i64> {
        self.with(|c| {
            c.execute(
                "INSERT INTO students (class_code, name, token_hash, joined_ms) VALUES (?1, ?2, ?3, ?4)",
                params![code, name, token_hash, now_ms],
            )?;
            Ok(c.last_insert_rowid())
        })
    }

    fn students(&self, code: &str) -> StoreResult<Vec<StudentRecord>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT id, name, token_hash, kicked, joined_ms FROM students WHERE class_code = ?1 ORDER BY id",
            )?;
            let rows = statement.query_map([code], |row| {
                Ok(StudentRecord {
                    id: row.get(0)?,
                    name: row.get(1)?,
                    token_hash: row.get(2)?,
                    kicked: row.get(3)?,
                    joined_ms: row.get(4)?,
                })
            })?;
            rows.collect()
        })
    }

    fn kick(&self, code: &str, student: i64) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "UPDATE students SET kicked = 1 WHERE class_code = ?1 AND id = ?2",
                params![code, student],
            )
            .map(drop)
        })
    }

    fn set_student_token(&self, code: &str, student: i64, token_hash: &str) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "UPDATE students SET token_hash = ?3 WHERE class_code = ?1 AND id = ?2",
                params![code, student, token_hash],
            )
            .map(drop)
        })
    }

    fn sessions(&self, course: &str) -> StoreResult<Vec<String>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT code FROM classes WHERE code = ?1 OR course = ?1 ORDER BY created_ms, rowid",
            )?;
            let rows = statement.query_map([course], |row| row.get(0))?;
            rows.collect()
        })
    }

    fn add_questions(&self, code: &str, questions: &[QuestionRecord]) -> StoreResult<Vec<i64>> {
        self.with(|c| {
            let transaction = c.unchecked_transaction()?;
            let mut ids = Vec::with_capacity(questions.len());
            for q in questions {
                transaction.execute(
                    "INSERT INTO questions (class_code, kind, game, position, play, seconds, asked_ms, shown, puzzle_set, due_ms) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![code, q.kind, q.game, q.position, q.play, q.seconds, q.asked_ms, q.shown, q.puzzle_set, q.due_ms],
                )?;
                ids.push(transaction.last_insert_rowid());
            }
            transaction.commit()?;
            Ok(ids)
        })
    }

    fn questions(&self, code: &str) -> StoreResult<Vec<QuestionRecord>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT id, kind, game, position, play, seconds, asked_ms, shown, revealed, puzzle_set, due_ms \
                 FROM questions WHERE class_code = ?1 ORDER BY id",
            )?;
            let rows = statement.query_map([code], question_from)?;
            rows.collect()
        })
    }

    fn reveal(&self, question: i64) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "UPDATE questions SET revealed = 1 WHERE id = ?1",
                [question],
            )
            .map(drop)
        })
    }

    fn add_answer(&self, a: &AnswerRecord) -> StoreResult<()> {
        self.with(|c| {
            c.prepare_cached(
                "INSERT INTO answers (question_id, student_id, answer, tally, correct, seconds) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                a.question, a.student, a.answer, a.tally, a.correct, a.seconds
            ])
            .map(drop)
        })
    }

    fn answers(&self, code: &str) -> StoreResult<Vec<AnswerRecord>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT a.question_id, a.student_id, a.answer, a.tally, a.correct, a.seconds \
                 FROM answers a JOIN questions q ON q.id = a.question_id \
                 WHERE q.class_code = ?1 ORDER BY a.question_id, a.student_id",
            )?;
            let rows = statement.query_map([code], |row| {
                Ok(AnswerRecord {
                    question: row.get(0)?,
                    student: row.get(1)?,
                    answer: row.get(2)?,
                    tally: row.get(3)?,
                    correct: row.get(4)?,
                    seconds: row.get(5)?,
                })
            })?;
            rows.collect()
        })
    }

    fn create_game(&self, g: &GameRecord, now_ms: i64) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO games (id, game, play, start, seat0_hash, seat1_hash, created_ms, active_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
                params![
                    g.id,
                    g.game,
                    g.play,
                    g.start,
                    g.seat_hashes[0],
                    g.seat_hashes[1],
                    now_ms
                ],
            )
            .map(drop)
        })
    }

    fn game(&self, id: &str) -> StoreResult<Option<GameRecord>> {
        self.with(|c| {
            let game = c
                .query_row(
                    "SELECT id, game, play, start, seat0_hash, seat1_hash FROM games WHERE id = ?1",
                    [id],
                    |row| {
                        Ok(GameRecord {
                            id: row.get(0)?,
                            game: row.get(1)?,
                            play: row.get(2)?,
                            start: row.get(3)?,
                            seat_hashes: [row.get(4)?, row.get(5)?],
                            moves: Vec::new(),
                        })
                    },
                )
                .optional()?;
            let Some(mut game) = game else {
                return Ok(None);
            };
            let mut statement =
                c.prepare_cached("SELECT after FROM moves WHERE game_id = ?1 ORDER BY ply")?;
            game.moves = statement
                .query_map([id], |row| row.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            Ok(Some(game))
        })
    }

    fn games(&self) -> StoreResult<u64> {
        self.with(|c| c.query_row("SELECT COUNT(*) FROM games", [], count))
    }

    fn games_idle_since(&self, before_ms: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT id FROM games WHERE active_ms < ?1 ORDER BY active_ms LIMIT ?2",
            )?;
            let rows = statement.query_map(params![before_ms, limit as i64], |row| row.get(0))?;
            rows.collect()
        })
    }

    fn delete_game(&self, id: &str) -> StoreResult<()> {
        self.with(|c| {
            let transaction = c.unchecked_transaction()?;
            transaction.execute("DELETE FROM moves WHERE game_id = ?1", [id])?;
            transaction.execute("DELETE FROM games WHERE id = ?1", [id])?;
            transaction.commit()
        })
    }

    fn add_move(&self, id: &str, ply: u32, after: &str, now_ms: i64) -> StoreResult<()> {
        self.with(|c| {
            let transaction = c.unchecked_transaction()?;
            transaction.execute(
                "INSERT INTO moves (game_id, ply, after) VALUES (?1, ?2, ?3)",
                params![id, ply, after],
            )?;
            transaction.execute(
                "UPDATE games SET active_ms = ?2 WHERE id = ?1",
                params![id, now_ms],
            )?;
            transaction.commit()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn class(code: &str) -> ClassRecord {
        ClassRecord {
            code: code.into(),
            title: "Nim".into(),
            lesson: None,
            game: Some("nim".into()),
            position: Some("3 4 5".into()),
            teacher_hash: "t".into(),
            locked: false,
            ended: false,
            follow: true,
            slide: 0,
            play: "misere".into(),
            paused: false,
            course: None,
        }
    }

    #[test]
    fn what_is_written_is_read_back_after_reopening() {
        let dir = temp_dir("reopen");
        {
            let store = SqliteStore::open(&dir).unwrap();
            store.create_class(&class("ABCDEF"), 1).unwrap();
            let id = store.add_student("ABCDEF", "Ada", "h1", 2).unwrap();
            assert!(matches!(
                store.add_student("ABCDEF", "Ada", "h2", 3),
                Err(StoreError::Conflict)
            ));
            store.set_class("ABCDEF", ClassFlag::Slide(4)).unwrap();
            store.set_class("ABCDEF", ClassFlag::Paused(true)).unwrap();
            let q = QuestionRecord {
                id: 0,
                kind: "pn".into(),
                game: "nim".into(),
                position: "1 2 3".into(),
                play: "normal".into(),
                seconds: Some(30),
                asked_ms: 5,
                shown: "\"P\"".into(),
                revealed: false,
                puzzle_set: Some(1),
                due_ms: Some(99),
            };
            let qid = store
                .add_questions("ABCDEF", std::slice::from_ref(&q))
                .unwrap()[0];
            let answer = AnswerRecord {
                question: qid,
                student: id,
                answer: "P".into(),
                tally: "P".into(),
                correct: true,
                seconds: 1.5,
            };
            store.add_answer(&answer).unwrap();
            assert!(matches!(
                store.add_answer(&answer),
                Err(StoreError::Conflict)
            ));
            store.set_student_token("ABCDEF", id, "h3").unwrap();
            let mut next = class("GHJKMN");
            next.course = Some("ABCDEF".into());
            store.create_class(&next, 9).unwrap();
        }
        let store = SqliteStore::open(&dir).unwrap();
        let read = store.class("ABCDEF").unwrap().unwrap();
        assert_eq!(
            (read.slide, read.paused, read.play.as_str()),
            (4, true, "misere")
        );
        let students = store.students("ABCDEF").unwrap();
        assert_eq!(
            (
                students[0].name.as_str(),
                students[0].joined_ms,
                students[0].token_hash.as_str()
            ),
            ("Ada", 2, "h3")
        );
        assert_eq!(store.sessions("ABCDEF").unwrap(), ["ABCDEF", "GHJKMN"]);
        // ABCDEF has a question: the empty GHJKMN ends first, and only
        // classes idle since before the time given are named.
        assert_eq!(
            store.idlest_open_classes(100, 5).unwrap(),
            ["GHJKMN", "ABCDEF"]
        );
        assert_eq!(store.idlest_open_classes(9, 5).unwrap(), ["ABCDEF"]);
        assert!(store.idlest_open_classes(5, 5).unwrap().is_empty());
        let next = store.class("GHJKMN").unwrap().unwrap();
        assert_eq!(next.course.as_deref(), Some("ABCDEF"));
        let question = &store.questions("ABCDEF").unwrap()[0];
        assert_eq!(
            (question.seconds, question.puzzle_set, question.due_ms),
            (Some(30), Some(1), Some(99))
        );
        assert_eq!(store.answers("ABCDEF").unwrap()[0].seconds, 1.5);
        let journal: String = store
            .with(|c| c.pragma_query_value(None, "journal_mode", |r| r.get(0)))
            .unwrap();
        assert_eq!(journal, "wal");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_game_keeps_its_moves_in_order() {
        let dir = temp_dir("game");
        let store = SqliteStore::open(&dir).unwrap();
        let game = GameRecord {
            id: "g".into(),
            game: "nim".into(),
            play: "normal".into(),
            start: "3".into(),
            seat_hashes: ["a".into(), "b".into()],
            moves: vec![],
        };
        store.create_game(&game, 0).unwrap();
        store.add_move("g", 1, "2", 1).unwrap();
        store.add_move("g", 2, "0", 2).unwrap();
        assert!(matches!(
            store.add_move("g", 2, "1", 3),
            Err(StoreError::Conflict)
        ));
        assert_eq!(store.game("g").unwrap().unwrap().moves, vec!["2", "0"]);
        assert_eq!(store.game("nope").unwrap(), None);
        // Its last move, not its making, says when it was last played.
        store
            .create_game(
                &GameRecord {
                    id: "h".into(),
                    ..game
                },
                1,
            )
            .unwrap();
        assert_eq!(store.games_idle_since(2, 5).unwrap(), ["h"]);
        assert_eq!(store.games_idle_since(3, 5).unwrap(), ["h", "g"]);
        store.delete_game("g").unwrap();
        assert_eq!(
            (store.games().unwrap(), store.game("g").unwrap()),
            (1, None)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_erased_class_leaves_nothing_behind() {
        let dir = temp_dir("erase");
        let store = SqliteStore::open(&dir).unwrap();
        store.create_class(&class("ABCDEF"), 1).unwrap();
        store.create_class(&class("GHJKMN"), 50).unwrap();
        let student = store.add_student("ABCDEF", "Ada", "h1", 2).unwrap();
        let question = QuestionRecord {
            id: 0,
            kind: "pn".into(),
            game: "nim".into(),
            position: "1 2 3".into(),
            play: "normal".into(),
            seconds: None,
            asked_ms: 3,
            shown: "\"P\"".into(),
            revealed: false,
            puzzle_set: None,
            due_ms: None,
        };
        let question = store.add_questions("ABCDEF", &[question]).unwrap()[0];
        store
            .add_answer(&AnswerRecord {
                question,
                student,
                answer: "P".into(),
                tally: "P".into(),
                correct: true,
                seconds: 1.0,
            })
            .unwrap();
        assert_eq!(store.classes_idle_since(10, 5).unwrap(), ["ABCDEF"]);
        assert!(store.erase_class("ABCDEF").unwrap());
        assert!(!store.erase_class("ABCDEF").unwrap());
        let left: u64 = store
            .with(|c| {
                c.query_row(
                    "SELECT (SELECT COUNT(*) FROM students) + (SELECT COUNT(*) FROM questions) \
                     + (SELECT COUNT(*) FROM answers) + (SELECT COUNT(*) FROM classes WHERE code = 'ABCDEF')",
                    [],
                    count,
                )
            })
            .unwrap();
        assert_eq!(left, 0);
        assert!(store.class("GHJKMN").unwrap().is_some());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
