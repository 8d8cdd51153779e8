-- Classes, their students, questions and answers; games between two
-- devices and their moves. Tokens are kept only as SHA-256 hashes.

CREATE TABLE classes (
    code         TEXT PRIMARY KEY,
    title        TEXT NOT NULL,
    lesson       TEXT,
    game         TEXT,
    position     TEXT,
    teacher_hash TEXT NOT NULL,
    locked       INTEGER NOT NULL DEFAULT 0,
    ended        INTEGER NOT NULL DEFAULT 0,
    follow       INTEGER NOT NULL DEFAULT 1,
    slide        INTEGER NOT NULL DEFAULT 0,
    created_ms   INTEGER NOT NULL
);

CREATE TABLE students (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    class_code TEXT NOT NULL REFERENCES classes(code),
    name       TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    kicked     INTEGER NOT NULL DEFAULT 0,
    joined_ms  INTEGER NOT NULL,
    UNIQUE (class_code, name)
);

CREATE TABLE questions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    class_code TEXT NOT NULL REFERENCES classes(code),
    kind       TEXT NOT NULL,
    game       TEXT NOT NULL,
    position   TEXT NOT NULL,
    play       TEXT NOT NULL,
    seconds    INTEGER,
    asked_ms   INTEGER NOT NULL,
    -- The answer as the reveal shows it (JSON), worked out when asked.
    shown      TEXT NOT NULL,
    revealed   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX questions_by_class ON questions (class_code);

CREATE TABLE answers (
    question_id INTEGER NOT NULL REFERENCES questions(id),
    student_id  INTEGER NOT NULL REFERENCES students(id),
    answer      TEXT NOT NULL,
    -- What the live tally counts the answer as (a move's label).
    tally       TEXT NOT NULL,
    correct     INTEGER NOT NULL,
    seconds     REAL NOT NULL,
    PRIMARY KEY (question_id, student_id)
);

CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    play       TEXT NOT NULL,
    start      TEXT NOT NULL,
    seat0_hash TEXT NOT NULL,
    seat1_hash TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply     INTEGER NOT NULL,
    after   TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
