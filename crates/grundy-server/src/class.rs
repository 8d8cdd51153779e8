//! A class in session: its roster, questions and answers in memory, kept
//! in step with the store, and the frames its teacher and students trade.

use crate::frames::{self, ClassFrame};
use crate::limits::{IDLE_BEFORE_ENDED, MAX_OPEN_CLASSES, MAX_STUDENTS_PER_CLASS};
use crate::marking::{asked_play, parse_play, play_word, AnswerKey, Kind, Marked};
use crate::puzzle_set::{SetAsked, SetChoice, MAX_DUE_AHEAD};
use crate::socket::{self, Conn, Peer, NORMAL, POLICY, RESTARTING};
use crate::store::{
    AnswerRecord, ClassFlag, ClassRecord, QuestionRecord, Store, StoreError, StudentRecord,
};
use crate::{engine, lesson, names, now_ms, App};
use grundy_core::analysis::Convention;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::OnceCell;

/// How long the teacher's roster and tally wait to gather changes, so that
/// 500 students arriving or answering send a few updates, not 500.
const GATHER: Duration = Duration::from_millis(50);
/// Answers are taken this long past a timed question's end, for the
/// network's delay.
const GRACE_MS: i64 = 2_000;

struct Student {
    record: StudentRecord,
    connections: Vec<Conn>,
}

/// A request to come back in as a student from a device without their
/// token: the token it would hold once the teacher lets it in, and its
/// connections meanwhile. Kept in memory only: after a restart the
/// student asks again.
struct Rejoin {
    token_hash: String,
    waiting: Vec<Conn>,
}

struct Question {
    record: QuestionRecord,
    /// Its place among the class's questions, from 1: what pages and the CSV call it.
    number: usize,
    /// Worked out when asked; for a question loaded from the store, by
    /// the first answer, which the answers arriving meanwhile wait for.
    key: Arc<OnceCell<Arc<AnswerKey>>>,
    answers: HashMap<i64, AnswerRecord>,
}

impl Question {
    fn kind(&self) -> Kind {
        Kind::parse(&self.record.kind).unwrap_or(Kind::Pn)
    }

    fn play(&self) -> Convention {
        parse_play(&self.record.play).unwrap_or_default()
    }

    fn shown(&self) -> Value {
        serde_json::from_str(&self.record.shown).unwrap_or(Value::Null)
    }

    /// When a timed question's time is up (answers are taken for
    /// `GRACE_MS` more, for the network's delay).
    fn closes_ms(&self) -> Option<i64> {
        let seconds = self.record.seconds?;
        Some(self.record.asked_ms + i64::from(seconds) * 1000)
    }

    /// Milliseconds left to answer, as a frame tells them: a client counts
    /// down from its own clock, which need not agree with the server's.
    fn closes_in_ms(&self) -> Option<i64> {
        self.closes_ms().map(|closes| (closes - now_ms()).max(0))
    }

    fn counts(&self) -> BTreeMap<&str, u32> {
        let mut counts = BTreeMap::new();
        for answer in self.answers.values() {
            *counts.entry(answer.tally.as_str()).or_insert(0) += 1;
        }
        counts
    }

    /// What a student is sent when the question opens: never its answer.
    fn asked_frame(&self) -> Value {
        json!({
            "type": "question",
            "question": self.record.id,
            "number": self.number,
            "kind": self.record.kind,
            "game": self.record.game,
            "position": self.record.position,
            "play": self.record.play,
            "seconds": self.record.seconds,
            "closesInMs": self.closes_in_ms(),
            "set": self.record.puzzle_set,
            "due": self.record.due_ms,
        })
    }

    /// Whether homework's due time has passed.
    fn overdue(&self) -> bool {
        self.record.due_ms.is_some_and(|due| now_ms() > due)
    }

    /// The question as the teacher's page lists it. A projector shows
    /// that page: the answer stays on the server until the reveal.
    fn teacher_view(&self) -> Value {
        let r = &self.record;
        json!({
            "question": r.id,
            "number": self.number,
            "kind": r.kind,
            "game": r.game,
            "position": r.position,
            "play": r.play,
            "seconds": r.seconds,
            "closesInMs": self.closes_in_ms(),
            "revealed": r.revealed,
            "answer": if r.revealed { self.shown() } else { Value::Null },
            "answered": self.answers.len(),
            "counts": self.counts(),
            "set": r.puzzle_set,
            "due": r.due_ms,
        })
    }

    /// Whether the question counts for a student: a set's puzzle (which
    /// waits for each student), or asked after they joined, or answered.
    fn counts_for(&self, student: &StudentRecord) -> bool {
        self.record.puzzle_set.is_some()
            || self.record.asked_ms >= student.joined_ms
            || self.answers.contains_key(&student.id)
    }

    /// Whether a student may see how they did: after the reveal, or for
    /// a set's puzzle, once they have answered it.
    fn shown_to(&self, student: i64) -> bool {
        self.record.revealed
            || (self.record.puzzle_set.is_some() && self.answers.contains_key(&student))
    }

    /// An answer in words: P or N, a value, or the move played.
    fn answered<'a>(&self, answer: &'a AnswerRecord) -> &'a str {
        match self.kind() {
            Kind::Move => &answer.tally,
            Kind::Pn | Kind::Value => answer.answer.trim_end(),
        }
    }
}

/// Which of the teacher's views is waiting to be sent.
#[derive(Default)]
struct Pending {
    roster: bool,
    tallies: Vec<i64>,
    /// Puzzle sets whose progress changed.
    sets: Vec<u32>,
    scheduled: bool,
}

pub struct Room {
    pub record: ClassRecord,
    students: BTreeMap<i64, Student>,
    teachers: Vec<Conn>,
    questions: Vec<Question>,
    /// Requests to rejoin, by the student asked for.
    rejoins: BTreeMap<i64, Rejoin>,
    pending: Pending,
}

/// Who is on the other end of a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Teacher,
    Student(i64),
}

fn text(value: &Value) -> Arc<str> {
    value.to_string().into()
}

impl Room {
    /// Loads a class and everything in it from the store.
    pub fn load(store: &dyn Store, record: ClassRecord) -> Result<Room, StoreError> {
        let students = store
            .students(&record.code)?
            .into_iter()
            .map(|record| {
                let student = Student {
                    record,
                    connections: Vec::new(),
                };
                (student.record.id, student)
            })
            .collect();
        let mut questions: Vec<Question> = store
            .questions(&record.code)?
            .into_iter()
            .enumerate()
            .map(|(index, record)| Question {
                record,
                number: index + 1,
                key: Arc::default(),
                answers: HashMap::new(),
            })
            .collect();
        for answer in store.answers(&record.code)? {
            if let Some(q) = questions
                .iter_mut()
                .find(|q| q.record.id == answer.question)
            {
                q.answers.insert(answer.student, answer);
            }
        }
        Ok(Room {
            record,
            students,
            teachers: Vec::new(),
            questions,
            rejoins: BTreeMap::new(),
            pending: Pending::default(),
        })
    }

    /// Who holds the token with this hash: the teacher, or a student not removed.
    pub fn role(&self, token_hash: &str) -> Option<Role> {
        if token_hash == self.record.teacher_hash {
            return Some(Role::Teacher);
        }
        self.students
            .values()
            .find(|s| s.record.token_hash == token_hash && !s.record.kicked)
            .map(|s| Role::Student(s.record.id))
    }

    /// Whether this token was a student's whom the teacher removed.
    pub fn was_removed(&self, token_hash: &str) -> bool {
        self.students
            .values()
            .any(|s| s.record.token_hash == token_hash && s.record.kicked)
    }

    /// Whether a student of this class has this name, or one that looks the same.
    pub fn has_name_like(&self, name: &str) -> bool {
        let key = names::name_key(name);
        self.students
            .values()
            .any(|s| names::name_key(&s.record.name) == key)
    }

    /// The student, removed or not, whose name looks the same as this one.
    pub fn student_named(&self, name: &str) -> Option<&StudentRecord> {
        let key = names::name_key(name);
        self.students
            .values()
            .map(|s| &s.record)
            .find(|s| names::name_key(&s.name) == key)
    }

    /// Asks the teacher to let `student` in on a device that will hold the
    /// token with this hash. A newer request replaces an older one.
    pub fn ask_rejoin(&mut self, student: i64, token_hash: String) {
        let request = Rejoin {
            token_hash,
            waiting: Vec::new(),
        };
        if let Some(old) = self.rejoins.insert(student, request) {
            settle(old, false);
        }
        self.pending.roster = true;
    }

    /// The student a waiting request's token asks to be.
    pub fn rejoin_of(&self, token_hash: &str) -> Option<i64> {
        self.rejoins
            .iter()
            .find(|(_, r)| r.token_hash == token_hash)
            .map(|(id, _)| *id)
    }

    /// Holds a waiting device's connection until the teacher answers.
    pub fn wait(&mut self, student: i64, conn: Conn) {
        let Some(request) = self.rejoins.get_mut(&student) else {
            return;
        };
        let name = self.students.get(&student).map(|s| s.record.name.clone());
        conn.send(&text(&json!({ "type": "waiting", "name": name })));
        socket::keep_within_cap(&mut request.waiting, conn);
    }

    /// Whether anyone is connected: its teacher or a student.
    pub fn is_live(&self) -> bool {
        !self.teachers.is_empty() || self.students.values().any(|s| !s.connections.is_empty())
    }

    pub fn is_full(&self) -> bool {
        self.students.len() >= MAX_STUDENTS_PER_CLASS
    }

    pub fn add_student(&mut self, record: StudentRecord) {
        let id = record.id;
        self.students.insert(
            id,
            Student {
                record,
                connections: Vec::new(),
            },
        );
        self.pending.roster = true;
    }

    /// A revealed question's result for one student; `counts` is false
    /// for a question asked before they joined, which their score leaves out.
    fn result_for(&self, question: &Question, student: i64) -> Value {
        let theirs = question.answers.get(&student);
        let counts = self
            .students
            .get(&student)
            .is_some_and(|s| question.counts_for(&s.record));
        json!({
            "type": "result",
            "question": question.record.id,
            "number": question.number,
            "answer": question.shown(),
            "yours": theirs.map(|a| question.answered(a)),
            "correct": theirs.map(|a| a.correct),
            "counts": counts,
            "set": question.record.puzzle_set,
        })
    }

    fn roster_frame(&self) -> Value {
        let students: Vec<Value> = self
            .students
            .values()
            .filter(|s| !s.record.kicked)
            .map(|s| {
                json!({
                    "id": s.record.id,
                    "name": s.record.name,
                    "connected": !s.connections.is_empty(),
                    "rejoin": self.rejoins.contains_key(&s.record.id),
                })
            })
            .collect();
        json!({ "type": "roster", "students": students })
    }

    fn present(&self) -> usize {
        self.students.values().filter(|s| !s.record.kicked).count()
    }

    fn tally_frame(&self, question: &Question) -> Value {
        json!({
            "type": "tally",
            "question": question.record.id,
            "answered": question.answers.len(),
            "of": self.present(),
            "counts": question.counts(),
        })
    }

    /// The puzzles of a set, in order.
    fn puzzles(&self, set: u32) -> impl Iterator<Item = &Question> {
        self.questions
            .iter()
            .filter(move |q| q.record.puzzle_set == Some(set))
    }

    /// The sets of the class, by number.
    fn sets(&self) -> Vec<u32> {
        let mut sets: Vec<u32> = self
            .questions
            .iter()
            .filter_map(|q| q.record.puzzle_set)
            .collect();
        sets.dedup();
        sets
    }

    /// The puzzle of a set a student is on: the first they have not
    /// answered, while the set takes answers.
    fn next_puzzle(&self, set: u32, student: i64) -> Option<&Question> {
        self.puzzles(set)
            .find(|q| !q.answers.contains_key(&student))
            .filter(|q| !q.overdue())
    }

    /// The puzzle a student is sent: the question frame, with its place in its set.
    fn puzzle_frame(&self, question: &Question, set: u32) -> Value {
        let puzzles: Vec<i64> = self.puzzles(set).map(|q| q.record.id).collect();
        let mut frame = question.asked_frame();
        frame["place"] = (puzzles
            .iter()
            .position(|id| *id == question.record.id)
            .unwrap_or(0)
            + 1)
        .into();
        frame["of"] = puzzles.len().into();
        frame
    }

    /// What follows a student's answer to a set's puzzle: the next one,
    /// or that the set is done.
    fn after_puzzle(&self, set: u32, student: i64) -> Value {
        match self.next_puzzle(set, student) {
            Some(next) => self.puzzle_frame(next, set),
            None => {
                let answered: Vec<bool> = self
                    .puzzles(set)
                    .filter_map(|q| q.answers.get(&student).map(|a| a.correct))
                    .collect();
                json!({
                    "type": "set-done",
                    "set": set,
                    "answered": answered.len(),
                    "right": answered.iter().filter(|right| **right).count(),
                    "of": self.puzzles(set).count(),
                })
            }
        }
    }

    /// A set's progress as the teacher's page shows it: each student's
    /// puzzles answered and right, no answer.
    fn progress_frame(&self, set: u32) -> Value {
        let puzzles: Vec<&Question> = self.puzzles(set).collect();
        let first = puzzles.first().map(|q| &q.record);
        let students: Vec<Value> = self
            .students
            .values()
            .filter(|s| !s.record.kicked)
            .map(|s| {
                let theirs: Vec<&AnswerRecord> = puzzles
                    .iter()
                    .filter_map(|q| q.answers.get(&s.record.id))
                    .collect();
                json!({
                    "id": s.record.id,
                    "answered": theirs.len(),
                    "right": theirs.iter().filter(|a| a.correct).count(),
                })
            })
            .collect();
        json!({
            "type": "progress",
            "set": set,
            "game": first.map(|r| r.game.as_str()),
            "play": first.map(|r| r.play.as_str()),
            "due": first.and_then(|r| r.due_ms),
            "of": puzzles.len(),
            "students": students,
        })
    }

    /// The lesson as this role may read it: a student's copy holds no
    /// notes or answers.
    pub fn lesson_for(&self, role: Role) -> Option<String> {
        let lesson = self.record.lesson.as_deref()?;
        Some(match role {
            Role::Teacher => lesson.to_string(),
            Role::Student(_) => lesson::for_students(lesson),
        })
    }

    /// The class as a connection sees it. It says only whether there is a
    /// lesson, which a page asks for over HTTP: a lesson can be long, and
    /// a live connection keeps a buffer as large as the largest frame it
    /// has sent for as long as it is open.
    fn class_view(&self) -> Value {
        let r = &self.record;
        json!({
            "code": r.code,
            "title": r.title,
            "lesson": r.lesson.is_some(),
            "game": r.game,
            "position": r.position,
            "play": r.play,
            "slide": r.slide,
            "follow": r.follow,
            "paused": r.paused,
            "locked": r.locked,
            "ended": r.ended,
        })
    }

    /// The first frame a connection gets: the class as it stands, for its
    /// role. A student's holds no open question's answer.
    fn welcome(&self, role: Role) -> Value {
        match role {
            Role::Teacher => {
                let questions: Vec<Value> =
                    self.questions.iter().map(Question::teacher_view).collect();
                let sets: Vec<Value> = self
                    .sets()
                    .into_iter()
                    .map(|set| self.progress_frame(set))
                    .collect();
                json!({ "type": "welcome", "role": "teacher", "class": self.class_view(), "questions": questions, "sets": sets })
            }
            Role::Student(id) => {
                let Some(student) = self.students.get(&id).map(|s| &s.record) else {
                    return json!({ "type": "kicked" });
                };
                // Of a set, only the puzzle the student is on.
                let mut open: Vec<Value> = self
                    .questions
                    .iter()
                    .filter(|q| !q.record.revealed && q.record.puzzle_set.is_none())
                    .map(|q| {
                        let mut frame = q.asked_frame();
                        frame["answered"] = q.answers.contains_key(&id).into();
                        frame
                    })
                    .collect();
                for set in self.sets() {
                    if let Some(next) = self.next_puzzle(set, id) {
                        open.push(self.puzzle_frame(next, set));
                    }
                }
                let results: Vec<Value> = self
                    .questions
                    .iter()
                    .filter(|q| q.shown_to(id) && q.counts_for(student))
                    .map(|q| self.result_for(q, id))
                    .collect();
                json!({
                    "type": "welcome",
                    "role": "student",
                    "student": id,
                    "name": student.name,
                    "class": self.class_view(),
                    "questions": open,
                    "results": results,
                })
            }
        }
    }

    /// Attaches a connection and sends it the class as it stands.
    pub fn connect(&mut self, role: Role, conn: Conn) {
        conn.send(&text(&self.welcome(role)));
        match role {
            Role::Teacher => {
                conn.send(&text(&self.roster_frame()));
                socket::keep_within_cap(&mut self.teachers, conn);
            }
            Role::Student(id) => {
                if let Some(student) = self.students.get_mut(&id) {
                    socket::keep_within_cap(&mut student.connections, conn);
                }
                self.pending.roster = true;
            }
        }
        if self.record.ended {
            self.tell_ended();
        }
    }

    pub fn disconnect(&mut self, role: Role, conn_id: u64) {
        match role {
            Role::Teacher => self.teachers.retain(|c| c.id != conn_id),
            Role::Student(id) => {
                if let Some(student) = self.students.get_mut(&id) {
                    student.connections.retain(|c| c.id != conn_id);
                }
                self.pending.roster = true;
            }
        }
    }

    fn tell_teachers(&mut self, frame: &Value) {
        let frame = text(frame);
        self.teachers.retain(|c| c.send(&frame));
    }

    fn tell_students(&mut self, frame: &Value) {
        let frame = text(frame);
        for student in self.students.values_mut().filter(|s| !s.record.kicked) {
            student.connections.retain(|c| c.send(&frame));
        }
    }

    fn tell_student(&mut self, id: i64, frame: &Value) {
        let frame = text(frame);
        if let Some(student) = self.students.get_mut(&id) {
            student.connections.retain(|c| c.send(&frame));
        }
    }

    fn tell_ended(&mut self) {
        let ended = json!({ "type": "ended" });
        self.tell_teachers(&ended);
        self.tell_students(&ended);
        for student in self.students.values_mut() {
            for conn in student.connections.drain(..) {
                conn.close(NORMAL, "the class has ended");
            }
        }
    }

    /// Ends the class: students are told and let go; results stay.
    pub fn end(&mut self, store: &dyn Store) -> Result<(), StoreError> {
        if !self.record.ended {
            store.set_class(&self.record.code, ClassFlag::Ended(true))?;
            self.record.ended = true;
        }
        self.tell_ended();
        Ok(())
    }

    /// Sends the teacher what has gathered since the last send.
    fn flush(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        if pending.roster {
            let roster = self.roster_frame();
            self.tell_teachers(&roster);
        }
        let mut sets = pending.sets;
        sets.sort_unstable();
        sets.dedup();
        for set in sets {
            let frame = self.progress_frame(set);
            self.tell_teachers(&frame);
        }
        let mut tallies = pending.tallies;
        tallies.dedup();
        for id in tallies {
            if let Some(q) = self.questions.iter().find(|q| q.record.id == id) {
                let frame = self.tally_frame(q);
                self.tell_teachers(&frame);
            }
        }
    }

    fn question(&self, id: i64) -> Result<&Question, String> {
        self.questions
            .iter()
            .find(|q| q.record.id == id)
            .ok_or_else(|| format!("this class has no question {id}"))
    }

    /// The results for the teacher's table.
    pub fn results(&self) -> Value {
        let students: Vec<Value> = self
            .students
            .values()
            .map(
                |s| json!({ "id": s.record.id, "name": s.record.name, "removed": s.record.kicked }),
            )
            .collect();
        let questions: Vec<Value> = self.questions.iter().map(Question::teacher_view).collect();
        let answers: Vec<Value> = self
            .questions
            .iter()
            .flat_map(|q| {
                let mut rows: Vec<&AnswerRecord> = q.answers.values().collect();
                rows.sort_by_key(|a| a.student);
                // The table may be on the projector: who was right stays
                // unsaid until the reveal (the CSV export says it).
                let revealed = q.record.revealed || q.record.puzzle_set.is_some();
                let moved = q.kind() == Kind::Move;
                rows.into_iter().map(move |a| {
                    json!({
                        "student": a.student,
                        "question": a.question,
                        "answer": q.answered(a),
                        // The board a move left, for the teacher to show.
                        "after": moved.then_some(a.answer.as_str()),
                        "correct": revealed.then_some(a.correct),
                        "seconds": a.seconds,
                    })
                })
            })
            .collect();
        json!({ "students": students, "questions": questions, "answers": answers })
    }

    /// The results CSV's rows, one per answer, each led by `lead` (in a
    /// course's export, the session's number and code).
    pub fn answer_rows(&self, lead: &str, csv: &mut String) {
        for q in &self.questions {
            let mut rows: Vec<&AnswerRecord> = q.answers.values().collect();
            rows.sort_by_key(|a| a.student);
            for a in rows {
                let student = self.students.get(&a.student).map(|s| &s.record);
                let after = match q.kind() {
                    Kind::Move => a.answer.trim_end(),
                    Kind::Pn | Kind::Value => "",
                };
                let fields = [
                    csv_field(student.map_or("", |s| s.name.as_str())),
                    student.is_some_and(|s| s.kicked).to_string(),
                    q.number.to_string(),
                    match q.record.puzzle_set {
                        Some(set) => format!("set {set}"),
                        None => q.record.kind.clone(),
                    },
                    csv_field(&q.record.game),
                    q.record.play.clone(),
                    csv_field(q.record.position.trim_end()),
                    csv_field(q.answered(a)),
                    csv_field(after),
                    a.correct.to_string(),
                    format!("{:.1}", a.seconds),
                ];
                csv.push_str(lead);
                csv.push_str(&fields.join(","));
                csv.push('\n');
            }
        }
    }

    /// The per-student sheet's rows, each led by `lead`: the questions
    /// that count for a student (asked after they joined, or answered),
    /// how many they answered and how many they got right.
    pub fn student_rows(&self, lead: &str, csv: &mut String) {
        for student in self.students.values().map(|s| &s.record) {
            let theirs: Vec<&Question> = self
                .questions
                .iter()
                .filter(|q| q.counts_for(student))
                .collect();
            let answers: Vec<&AnswerRecord> = theirs
                .iter()
                .filter_map(|q| q.answers.get(&student.id))
                .collect();
            let fields = [
                csv_field(&student.name),
                student.kicked.to_string(),
                theirs.len().to_string(),
                answers.len().to_string(),
                answers.iter().filter(|a| a.correct).count().to_string(),
            ];
            csv.push_str(lead);
            csv.push_str(&fields.join(","));
            csv.push('\n');
        }
    }
}

/// The results CSV's first line.
pub const CSV_HEADER: &str =
    "student,removed,question,kind,game,play,position,answer,position_after,correct,seconds";

/// The per-student sheet's first line.
pub const SUMMARY_HEADER: &str = "student,removed,asked,answered,right";

/// What a course's export puts before either header: each row's session
/// (from 1) and its class code.
pub const SESSION_COLUMNS: &str = "session,class,";

/// A CSV field: quoted where it holds a comma, quote or line break, and
/// with a leading quote mark where a spreadsheet would read it as a formula.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_string()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

/// The rooms of the classes this server has seen since it started.
pub type Rooms = Mutex<HashMap<String, Arc<Mutex<Room>>>>;

/// Makes room for one more open class where the server holds its most:
/// the idlest open class with nobody connected, idle for
/// [`IDLE_BEFORE_ENDED`], is ended (its results stay, and it can be
/// reopened). Refused when every open class is in use.
pub fn make_room(app: &App) -> Result<(), String> {
    let store = app.store.as_ref();
    if store.open_classes().map_err(|e| e.to_string())? < MAX_OPEN_CLASSES {
        return Ok(());
    }
    let idle_since = now_ms() - IDLE_BEFORE_ENDED.as_millis() as i64;
    let candidates = store
        .idlest_open_classes(idle_since, 50)
        .map_err(|e| e.to_string())?;
    for code in candidates {
        let loaded = app
            .rooms
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&code)
            .cloned();
        let ended = match loaded {
            Some(room) => {
                let mut room = lock(&room);
                if room.is_live() {
                    continue;
                }
                room.end(store)
            }
            None => store.set_class(&code, ClassFlag::Ended(true)),
        };
        return ended.map_err(|e| e.to_string());
    }
    Err(format!(
        "this server holds {MAX_OPEN_CLASSES} open classes, each in use; end one first"
    ))
}

/// Locks a room; a panic elsewhere while it was held does not lose it.
pub fn lock(room: &Mutex<Room>) -> std::sync::MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(|p| p.into_inner())
}

/// Asks for the teacher's views to be sent once changes have gathered.
pub fn schedule_flush(room: &Arc<Mutex<Room>>) {
    let mut guard = lock(room);
    if guard.pending.scheduled {
        return;
    }
    guard.pending.scheduled = true;
    drop(guard);
    let room = room.clone();
    tokio::spawn(async move {
        tokio::time::sleep(GATHER).await;
        lock(&room).flush();
    });
}

/// One teacher's or student's connection to a class.
pub struct ClassPeer {
    pub app: Arc<App>,
    pub room: Arc<Mutex<Room>>,
    pub role: Role,
    pub conn_id: u64,
    /// The client's address, whose answer keys take turns.
    pub address: IpAddr,
}

impl ClassPeer {
    fn store(&self) -> &dyn Store {
        self.app.store.as_ref()
    }

    fn reply(&self, frame: Value) {
        let frame = text(&frame);
        let mut room = lock(&self.room);
        match self.role {
            Role::Teacher => {
                if let Some(conn) = room.teachers.iter().find(|c| c.id == self.conn_id) {
                    conn.send(&frame);
                }
            }
            Role::Student(id) => {
                if let Some(student) = room.students.get_mut(&id) {
                    // Every device of the student sees it was answered.
                    student.connections.retain(|c| c.send(&frame));
                }
            }
        }
    }

    async fn ask(
        &self,
        kind: &str,
        game: String,
        position: String,
        play: Option<String>,
        seconds: Option<u32>,
    ) -> Result<(), String> {
        let kind = Kind::parse(kind).ok_or("a question's kind is \"pn\", \"value\" or \"move\"")?;
        let play = asked_play(play.as_deref())?;
        if seconds == Some(0) || seconds.is_some_and(|s| s > 3600) {
            return Err("a question's time is 1 to 3600 seconds".into());
        }
        let (key, written) = engine::answer_key(self.address, kind, &game, &position, play).await?;
        let mut record = QuestionRecord {
            id: 0,
            kind: kind.word().into(),
            game,
            position: written,
            play: play_word(play).into(),
            seconds,
            asked_ms: now_ms(),
            shown: key.shown().to_string(),
            revealed: false,
            puzzle_set: None,
            due_ms: None,
        };
        let mut room = lock(&self.room);
        if room.record.ended {
            return Err("the class has ended".into());
        }
        record.id = self
            .store()
            .add_questions(&room.record.code, std::slice::from_ref(&record))
            .map_err(|e| e.to_string())?[0];
        let question = Question {
            record,
            number: room.questions.len() + 1,
            key: Arc::new(OnceCell::new_with(Some(Arc::new(key)))),
            answers: HashMap::new(),
        };
        let id = question.record.id;
        let asked = question.asked_frame();
        // Every teacher's page lists it, whichever of them asked.
        let mut listed = question.teacher_view();
        listed["type"] = "asked".into();
        let tally = room.tally_frame(&question);
        room.questions.push(question);
        room.tell_teachers(&listed);
        room.tell_teachers(&tally);
        room.tell_students(&asked);
        drop(room);
        if let Some(seconds) = seconds {
            self.close_when_time_is_up(id, seconds);
        }
        Ok(())
    }

    /// Draws a puzzle set and gives each student its first puzzle; each
    /// answer then brings that student their next.
    async fn ask_puzzles(&self, choice: SetChoice) -> Result<(), String> {
        let play = asked_play(choice.play.as_deref())?;
        let now = now_ms();
        if let Some(due) = choice.due {
            if due <= now {
                return Err("homework is due at a time still to come".into());
            }
            if due - now > MAX_DUE_AHEAD.as_millis() as i64 {
                return Err(format!(
                    "homework is due within {} days",
                    MAX_DUE_AHEAD.as_secs() / 86_400
                ));
            }
        }
        let seed = u64::from_le_bytes(crate::token::random_bytes());
        let asked = SetAsked::read(
            choice.game,
            play,
            choice.theme,
            choice.rating.as_deref(),
            choice.count,
            seed,
        )?;
        let game = asked.game.clone();
        let drawn = engine::puzzle_set(self.address, asked).await?;
        let mut room = lock(&self.room);
        if room.record.ended {
            return Err("the class has ended".into());
        }
        let set = room.sets().last().map_or(1, |last| last + 1);
        let records: Vec<QuestionRecord> = drawn
            .iter()
            .map(|puzzle| QuestionRecord {
                id: 0,
                kind: Kind::Move.word().into(),
                game: game.clone(),
                position: puzzle.position.clone(),
                play: play_word(play).into(),
                seconds: None,
                asked_ms: now_ms(),
                shown: puzzle.key.shown().to_string(),
                revealed: false,
                puzzle_set: Some(set),
                due_ms: choice.due,
            })
            .collect();
        let ids = self
            .store()
            .add_questions(&room.record.code, &records)
            .map_err(|e| e.to_string())?;
        for ((mut record, id), puzzle) in records.into_iter().zip(ids).zip(drawn) {
            record.id = id;
            let question = Question {
                record,
                number: room.questions.len() + 1,
                key: Arc::new(OnceCell::new_with(Some(Arc::new(puzzle.key)))),
                answers: HashMap::new(),
            };
            room.questions.push(question);
        }
        let progress = room.progress_frame(set);
        room.tell_teachers(&progress);
        let students: Vec<i64> = room.students.keys().copied().collect();
        for id in students {
            let first = room.after_puzzle(set, id);
            room.tell_student(id, &first);
        }
        Ok(())
    }

    /// Tells every device that a timed question has closed, when its time
    /// is up: pages stop taking answers even where their clock runs slow.
    fn close_when_time_is_up(&self, question: i64, seconds: u32) {
        let room = self.room.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(u64::from(seconds))).await;
            let mut room = lock(&room);
            if room.question(question).is_ok_and(|q| !q.record.revealed) {
                let closed = json!({ "type": "closed", "question": question });
                room.tell_teachers(&closed);
                room.tell_students(&closed);
            }
        });
    }

    async fn answer(&self, student: i64, question: i64, answer: Value) -> Result<(), String> {
        let (key, game, position, kind, play) = {
            let room = lock(&self.room);
            let q = room.question(question)?;
            if q.record.revealed {
                return Err("this question has been revealed; answers are closed".into());
            }
            if q.answers.contains_key(&student) {
                return Err("you have answered this question; your first answer stands".into());
            }
            if q.closes_ms()
                .is_some_and(|closes| now_ms() > closes + GRACE_MS)
            {
                return Err("time is up for this question".into());
            }
            if q.overdue() {
                return Err("this homework was due before now; it takes no more answers".into());
            }
            if let Some(set) = q.record.puzzle_set {
                if room
                    .next_puzzle(set, student)
                    .is_none_or(|next| next.record.id != question)
                {
                    return Err(
                        "a set's puzzles are answered in order: answer the one on your screen"
                            .into(),
                    );
                }
            }
            (
                q.key.clone(),
                q.record.game.clone(),
                q.record.position.clone(),
                q.kind(),
                q.play(),
            )
        };
        let key = key
            .get_or_try_init(|| {
                let game = game.clone();
                async move {
                    let (key, _) =
                        engine::answer_key(self.address, kind, &game, &position, play).await?;
                    Ok::<_, String>(Arc::new(key))
                }
            })
            .await?
            .clone();
        let marked: Marked = if key_needs_engine(&key) {
            engine::run(move || key.mark(&answer, &game, play))
                .await
                .map_err(|_| "the engine failed on this answer".to_string())??
        } else {
            key.mark(&answer, &game, play)?
        };
        let room_arc = self.room.clone();
        {
            let mut room = lock(&room_arc);
            let asked = &room.question(question)?.record;
            let (asked_ms, revealed) = (asked.asked_ms, asked.revealed);
            if revealed {
                return Err("this question has been revealed; answers are closed".into());
            }
            let record = AnswerRecord {
                question,
                student,
                answer: marked.kept,
                tally: marked.tally,
                correct: marked.correct,
                seconds: (now_ms() - asked_ms).max(0) as f64 / 1000.0,
            };
            match self.store().add_answer(&record) {
                Ok(()) => {}
                Err(StoreError::Conflict) => {
                    return Err("you have answered this question; your first answer stands".into())
                }
                Err(e) => return Err(e.to_string()),
            }
            if let Some(q) = room.questions.iter_mut().find(|q| q.record.id == question) {
                q.answers.insert(student, record);
            }
            room.pending.tallies.push(question);
        }
        self.reply(json!({ "type": "answered", "question": question }));
        // A set's puzzle shows its result at once, then the next puzzle.
        {
            let mut room = lock(&room_arc);
            let q = room.question(question)?;
            if let Some(set) = q.record.puzzle_set {
                let result = room.result_for(q, student);
                let next = room.after_puzzle(set, student);
                room.tell_student(student, &result);
                room.tell_student(student, &next);
                room.pending.sets.push(set);
            }
        }
        schedule_flush(&room_arc);
        Ok(())
    }

    fn reveal(&self, question: i64) -> Result<(), String> {
        let mut room = lock(&self.room);
        let index = room
            .questions
            .iter()
            .position(|q| q.record.id == question)
            .ok_or_else(|| format!("this class has no question {question}"))?;
        if room.questions[index].record.puzzle_set.is_some() {
            return Err(
                "a set's puzzle shows its answer to each student once they answer it".into(),
            );
        }
        if !room.questions[index].record.revealed {
            self.store().reveal(question).map_err(|e| e.to_string())?;
            room.questions[index].record.revealed = true;
        }
        let ids: Vec<i64> = room
            .students
            .values()
            .filter(|s| !s.record.kicked)
            .map(|s| s.record.id)
            .collect();
        for id in ids {
            let result = room.result_for(&room.questions[index], id);
            room.tell_student(id, &result);
        }
        let q = &room.questions[index];
        let revealed = json!({
            "type": "revealed",
            "question": question,
            "answer": q.shown(),
            "answered": q.answers.len(),
            "correct": q.answers.values().filter(|a| a.correct).count(),
            "counts": q.counts(),
        });
        room.tell_teachers(&revealed);
        Ok(())
    }

    fn set(&self, flag: ClassFlag) -> Result<(), String> {
        let mut room = lock(&self.room);
        self.store()
            .set_class(&room.record.code, flag)
            .map_err(|e| e.to_string())?;
        match flag {
            ClassFlag::Slide(index) => {
                room.record.slide = index;
                let frame = json!({ "type": "slide", "index": index });
                room.tell_students(&frame);
                room.tell_teachers(&frame);
            }
            ClassFlag::Follow(on) => {
                room.record.follow = on;
                let frame = json!({ "type": "follow", "on": on, "slide": room.record.slide });
                room.tell_students(&frame);
                room.tell_teachers(&frame);
            }
            ClassFlag::Locked(on) => {
                room.record.locked = on;
                room.tell_teachers(&json!({ "type": "lock", "on": on }));
            }
            ClassFlag::Paused(on) => {
                room.record.paused = on;
                let frame = json!({ "type": "pause", "on": on });
                room.tell_students(&frame);
                room.tell_teachers(&frame);
            }
            ClassFlag::Ended(true) => room.end(self.store()).map_err(|e| e.to_string())?,
            ClassFlag::Ended(false) => {
                room.record.ended = false;
                room.tell_teachers(&json!({ "type": "reopened" }));
            }
        }
        Ok(())
    }

    /// Opens an ended class again, for next week's lesson: students come
    /// back with the tokens their pages kept, and everything asked stays.
    fn reopen(&self) -> Result<(), String> {
        if !lock(&self.room).record.ended {
            return Err("this class is open".into());
        }
        make_room(&self.app)?;
        self.set(ClassFlag::Ended(false))
    }

    /// Answers a request to rejoin: let in, the waiting device's token
    /// becomes the student's and their other devices are let go.
    fn admit(&self, student: i64, on: bool) -> Result<(), String> {
        let mut room = lock(&self.room);
        let Some(request) = room.rejoins.remove(&student) else {
            return Err("nobody is asking to rejoin as this student".into());
        };
        if on {
            let code = room.record.code.clone();
            if let Err(e) = self
                .store()
                .set_student_token(&code, student, &request.token_hash)
            {
                room.rejoins.insert(student, request);
                return Err(e.to_string());
            }
            if let Some(entry) = room.students.get_mut(&student) {
                entry.record.token_hash = request.token_hash.clone();
                let replaced = text(&json!({ "type": "replaced" }));
                for conn in entry.connections.drain(..) {
                    conn.send(&replaced);
                    conn.close(POLICY, "signed in on another device");
                }
            }
        }
        settle(request, on);
        room.pending.roster = true;
        drop(room);
        schedule_flush(&self.room);
        Ok(())
    }

    fn kick(&self, student: i64) -> Result<(), String> {
        let mut room = lock(&self.room);
        let code = room.record.code.clone();
        let Some(entry) = room.students.get_mut(&student) else {
            return Err(format!("this class has no student {student}"));
        };
        self.store()
            .kick(&code, student)
            .map_err(|e| e.to_string())?;
        entry.record.kicked = true;
        for conn in entry.connections.drain(..) {
            tell_removed(&conn);
        }
        if let Some(request) = room.rejoins.remove(&student) {
            settle(request, false);
        }
        room.pending.roster = true;
        drop(room);
        schedule_flush(&self.room);
        Ok(())
    }
}

/// Tells a waiting device the teacher's answer: let in, it reconnects
/// with its token, now the student's; refused, it stops.
fn settle(request: Rejoin, admitted: bool) {
    let (frame, code, reason) = if admitted {
        ("admitted", RESTARTING, "let in: reconnect")
    } else {
        ("refused", POLICY, "the teacher did not let this device in")
    };
    let frame = text(&json!({ "type": frame }));
    for conn in request.waiting {
        conn.send(&frame);
        conn.close(code, reason);
    }
}

/// A device waiting for the teacher to let it in: it may only ping.
pub struct Waiting {
    pub room: Arc<Mutex<Room>>,
    pub student: i64,
    pub conn_id: u64,
}

impl Peer for Waiting {
    async fn frame(&mut self, frame: &str) -> Result<(), String> {
        match frames::parse::<ClassFrame>(frame).map_err(|e| e.0)? {
            ClassFrame::Ping => {
                let room = lock(&self.room);
                let waiting = room.rejoins.get(&self.student).map(|r| &r.waiting);
                if let Some(conn) = waiting.into_iter().flatten().find(|c| c.id == self.conn_id) {
                    conn.send(&text(&json!({ "type": "pong" })));
                }
                Ok(())
            }
            _ => Err("waiting for the teacher to let this device in".into()),
        }
    }

    fn gone(&mut self) {
        if let Some(request) = lock(&self.room).rejoins.get_mut(&self.student) {
            request.waiting.retain(|c| c.id != self.conn_id);
        }
    }
}

/// Tells a removed student's connection so, and closes it for good.
pub fn tell_removed(conn: &Conn) {
    conn.send(&text(&json!({ "type": "kicked" })));
    conn.close(POLICY, "removed by the teacher");
}

/// Whether marking this key reads a position (and so belongs off the
/// connection's task).
fn key_needs_engine(key: &AnswerKey) -> bool {
    matches!(key, AnswerKey::Move(_))
}

impl Peer for ClassPeer {
    async fn frame(&mut self, text: &str) -> Result<(), String> {
        let frame: ClassFrame = frames::parse(text).map_err(|e| e.0)?;
        let teacher_only = || "only the teacher can do that".to_string();
        match (frame, self.role) {
            (ClassFrame::Ping, _) => {
                self.reply(json!({ "type": "pong" }));
                Ok(())
            }
            (ClassFrame::Answer { question, answer }, Role::Student(id)) => {
                self.answer(id, question, answer).await
            }
            (ClassFrame::Answer { .. }, Role::Teacher) => {
                Err("the teacher asks; students answer".into())
            }
            (_, Role::Student(_)) => Err(teacher_only()),
            (
                ClassFrame::Ask {
                    kind,
                    game,
                    position,
                    play,
                    seconds,
                },
                Role::Teacher,
            ) => self.ask(&kind, game, position, play, seconds).await,
            (ClassFrame::Puzzles(choice), Role::Teacher) => self.ask_puzzles(choice).await,
            (ClassFrame::Reveal { question }, Role::Teacher) => self.reveal(question),
            (ClassFrame::Slide { index }, Role::Teacher) => self.set(ClassFlag::Slide(index)),
            (ClassFrame::Follow { on }, Role::Teacher) => self.set(ClassFlag::Follow(on)),
            (ClassFrame::Lock { on }, Role::Teacher) => self.set(ClassFlag::Locked(on)),
            (ClassFrame::Pause { on }, Role::Teacher) => self.set(ClassFlag::Paused(on)),
            (ClassFrame::Reopen, Role::Teacher) => self.reopen(),
            (ClassFrame::Kick { student }, Role::Teacher) => self.kick(student),
            (ClassFrame::Admit { student, on }, Role::Teacher) => self.admit(student, on),
        }
    }

    fn gone(&mut self) {
        lock(&self.room).disconnect(self.role, self.conn_id);
        if matches!(self.role, Role::Student(_)) {
            schedule_flush(&self.room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("Ada"), "Ada");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=1+1"), "'=1+1");
        assert_eq!(csv_field("3 4\n5"), "\"3 4\n5\"");
    }
}
