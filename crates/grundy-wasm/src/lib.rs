//! JavaScript bindings for grundy-core: conversion only, no game logic.
//!
//! Errors become JS `Error`s whose message is the core's, with `line` and
//! `column` properties when the core located the problem. Arguments arrive
//! as `JsValue`s and are checked here, before anything is allocated for
//! them: a wrong type is a `TypeError`, a number out of range a `RangeError`,
//! and text longer than the core's `MAX_INPUT_BYTES` is refused by length.

use grundy_core::ai::Skill;
use grundy_core::analysis::Convention;
use grundy_core::game::{too_long, MAX_INPUT_BYTES};
use grundy_core::input::escaped;
use grundy_core::sequence::{HeapOption, Rule, Sequence};
use grundy_core::{games, AnySession, Edit, EditKind, GameError};
use serde::Serialize;
use std::ops::Range;
use strum::IntoEnumIterator;
use wasm_bindgen::prelude::*;

mod packed;
use packed::Packed;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn js_error(error: GameError) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    for (key, value) in [("line", error.line), ("column", error.column)] {
        if let Some(value) = value {
            // Setting a property on a fresh Error object cannot fail.
            let _ = js_sys::Reflect::set(&js, &key.into(), &value.into());
        }
    }
    js_sys::Reflect::set(&js, &"detail".into(), &error.message.clone().into()).ok();
    js.into()
}

/// How a value that is not what an argument wants is named in a message.
fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        let shown: String = text.chars().take(24).collect();
        let cut = if shown.len() < text.len() { "…" } else { "" };
        return format!("the string \"{}{cut}\"", escaped(&shown));
    }
    if let Some(number) = value.as_f64() {
        return format!("the number {}", js_number(number));
    }
    match value.js_typeof().as_string().as_deref() {
        Some("object") if value.is_null() => "null".to_string(),
        Some(kind) => format!("a value of type {kind}"),
        None => "a value of unknown type".to_string(),
    }
}

/// A number as JavaScript writes it (`-5`, `2.5`, `Infinity`): the engine
/// carries no float formatting of its own.
fn js_number(number: f64) -> String {
    js_sys::Number::from(number)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

fn type_error(message: String) -> JsValue {
    js_sys::TypeError::new(&message).into()
}

/// A text argument, refused by its length before it is copied into wasm.
fn text_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    if !value.is_string() {
        return Err(type_error(format!(
            "{name} must be a string, not {}",
            describe(value)
        )));
    }
    let units = js_sys::JsString::from(value.clone()).length() as usize;
    // A UTF-16 unit takes at least one byte in UTF-8, so the unit count is
    // a lower bound on the bytes.
    if units > MAX_INPUT_BYTES {
        return Err(js_error(too_long(units)));
    }
    let text = value.as_string().unwrap_or_default();
    if text.len() > MAX_INPUT_BYTES {
        return Err(js_error(too_long(text.len())));
    }
    Ok(text)
}

/// A whole-number argument in `0..=max`; `undefined` or `null` is `default`.
fn count_arg(value: &JsValue, name: &str, max: u32, default: u32) -> Result<u32, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(default);
    }
    let number = value.as_f64().ok_or_else(|| {
        type_error(format!(
            "{name} must be a whole number, not {}",
            describe(value)
        ))
    })?;
    if number.fract() != 0.0 || !(0.0..=f64::from(max)).contains(&number) {
        return Err(js_sys::RangeError::new(&format!(
            "{name} must be a whole number from 0 to {max}, not {}",
            describe(value)
        ))
        .into());
    }
    Ok(number as u32)
}

/// A number argument, any finite or infinite value but `NaN`.
fn number_arg(value: &JsValue, name: &str) -> Result<f64, JsValue> {
    match value.as_f64() {
        Some(number) if !number.is_nan() => Ok(number),
        _ => Err(type_error(format!(
            "{name} must be a number, not {}",
            describe(value)
        ))),
    }
}

/// Crosses as one JSON string parsed by the engine's `JSON.parse`, many
/// times faster than building the objects field by field from wasm, and the
/// JSON that `grundy analyse --json` prints. An analysis's long lists go
/// apart, packed (see `packed.rs`).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let json = serde_json::to_string(value).map_err(|e| js_error(GameError::new(e.to_string())))?;
    js_sys::JSON::parse(&json)
}

/// Milliseconds from the page's or worker's high-resolution clock.
fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// One open game: its position, history and warm solver caches.
#[wasm_bindgen]
pub struct Session {
    inner: Box<dyn AnySession>,
    /// How long the current position's analysis took, once computed.
    solve_ms: Option<f64>,
    /// The lists the last `analysis()` left out, until they are taken.
    packed: Packed,
}

#[wasm_bindgen]
impl Session {
    /// Opens case `case` (0-based, default 0) of `text` as a game of `game`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue, text: JsValue, case: JsValue) -> Result<Session, JsValue> {
        let game = text_arg(&game, "the game id")?;
        let text = text_arg(&text, "the position")?;
        let case = count_arg(&case, "the case", u32::MAX, 0)?;
        let inner = games::open(&game, &text, case as usize).map_err(js_error)?;
        Ok(Session {
            inner,
            solve_ms: None,
            packed: Packed::default(),
        })
    }

    #[wasm_bindgen(js_name = gameId)]
    pub fn game_id(&self) -> String {
        self.inner.info().id.to_string()
    }

    /// The analysis of the current position. Its long lists (moves and a
    /// number line's intervals, its sum parts' too) are left out of the
    /// JSON: take them, packed as `packed.rs` says, with `takePackedNumbers`
    /// and `takePackedText`.
    pub fn analysis(&mut self) -> Result<JsValue, JsValue> {
        let start = now_ms();
        let analysis = self.inner.analysis_mut();
        self.solve_ms.get_or_insert(now_ms() - start);
        let lists = analysis.take_lists();
        self.packed = Packed::of(&lists);
        let shell = to_js(analysis);
        analysis.put_lists(lists);
        shell
    }

    /// How long the current position's analysis took to compute, in ms
    /// (a number of its own, so the engine carries no float formatting).
    #[wasm_bindgen(js_name = solveMs)]
    pub fn solve_ms(&self) -> f64 {
        self.solve_ms.unwrap_or(0.0)
    }

    /// The numbers of what the last `analysis()` left out, once. Copied
    /// into a new array from the memory they are in: returning the `Vec`
    /// took 10-11 ms rather than 6 for 100 000 intervals' 3.9 million.
    #[wasm_bindgen(js_name = takePackedNumbers)]
    pub fn take_packed_numbers(&mut self) -> js_sys::Float64Array {
        let numbers = js_sys::Float64Array::from(self.packed.numbers.as_slice());
        self.packed.numbers = Vec::new();
        numbers
    }

    /// The labels and variants of the moves the last `analysis()` left out, once.
    #[wasm_bindgen(js_name = takePackedText)]
    pub fn take_packed_text(&mut self) -> String {
        std::mem::take(&mut self.packed.text)
    }

    /// Plays the move with this id from the current analysis's list.
    pub fn play(&mut self, move_id: JsValue) -> Result<(), JsValue> {
        let id = self.move_id(&move_id)?;
        self.inner.play(id).map_err(js_error)?;
        self.solve_ms = None;
        Ok(())
    }

    /// The move with this id from the current analysis's list, alone: the
    /// computer's move, without sending the whole list again.
    #[wasm_bindgen(js_name = moveInfo)]
    pub fn move_info(&mut self, move_id: JsValue) -> Result<JsValue, JsValue> {
        let id = self.move_id(&move_id)?;
        to_js(&self.inner.analysis().moves[id as usize])
    }

    /// `move_id` checked against the current analysis's list.
    fn move_id(&mut self, move_id: &JsValue) -> Result<u32, JsValue> {
        let count = self.inner.analysis().moves.len();
        let id = move_id
            .as_f64()
            .filter(|&id| id.fract() == 0.0 && id >= 0.0 && id < count as f64)
            .ok_or_else(|| {
                let range = match count {
                    0 => "there are no moves left".to_string(),
                    1 => "the only move is 0".to_string(),
                    _ => format!("the moves are 0 to {}", count - 1),
                };
                let message = format!("there is no move {} here; {range}", describe(move_id));
                if move_id.as_f64().is_some() {
                    js_error(GameError::new(message))
                } else {
                    type_error(message)
                }
            })?;
        Ok(id as u32)
    }

    /// Steps through moves until `ply` moves have been played since the
    /// drawing, or as near as the history goes.
    pub fn seek(&mut self, ply: u32) {
        self.changed(|s| {
            let before = s.ply();
            grundy_core::session::seek(s, ply as usize);
            s.ply() != before
        });
    }

    pub fn undo(&mut self) -> bool {
        self.changed(|s| s.undo())
    }

    pub fn redo(&mut self) -> bool {
        self.changed(|s| s.redo())
    }

    /// What Undo would take back: `"move"`, `"edit"`, or null.
    #[wasm_bindgen(js_name = undoStep)]
    pub fn undo_step(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.undo_step())
    }

    /// What Redo would bring back: `"move"`, `"edit"`, or null.
    #[wasm_bindgen(js_name = redoStep)]
    pub fn redo_step(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.redo_step())
    }

    /// Moves played since the position was loaded or last drawn.
    pub fn ply(&self) -> u32 {
        self.inner.ply() as u32
    }

    /// Drawing edits between the loaded position and the current one.
    pub fn drawn(&self) -> u32 {
        self.inner.drawn() as u32
    }

    /// `[count, shown]`: how many cases the loaded text held, which is shown.
    pub fn cases(&self) -> Vec<u32> {
        let (count, shown) = self.inner.cases();
        vec![count as u32, shown as u32]
    }

    /// The move id the computer plays at `level` (1 optimal … 0 random).
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&mut self, level: JsValue, seed: JsValue) -> Result<Option<u32>, JsValue> {
        let level = number_arg(&level, "the level")?;
        let seed = number_arg(&seed, "the seed")?;
        Ok(self.inner.ai_move(Skill::new(level), seed as u64))
    }

    /// The current position in the game's text format.
    pub fn text(&self) -> String {
        self.inner.text()
    }

    /// Replaces the position; on error the current one stays.
    pub fn load(&mut self, text: JsValue, case: JsValue) -> Result<(), JsValue> {
        let text = text_arg(&text, "the position")?;
        let case = count_arg(&case, "the case", u32::MAX, 0)?;
        let result = self.inner.load(&text, case as usize);
        self.after_change(result)
    }

    /// Applies a drawing edit such as `{ kind: "paint", row, col, tile }`.
    pub fn edit(&mut self, edit: JsValue) -> Result<(), JsValue> {
        if !edit.is_object() {
            return Err(type_error(format!(
                "an edit is an object such as {{ kind: 'paint', row: 0, col: 0, tile: '#' }}, not {}",
                describe(&edit)
            )));
        }
        let edit = read_edit(&edit).map_err(|e| js_error(GameError::new(e)))?;
        let result = self.inner.edit(&edit);
        self.after_change(result)
    }

    /// Chooses the play the analysis describes: `"normal"` or `"misere"`.
    #[wasm_bindgen(js_name = setConvention)]
    pub fn set_convention(&mut self, convention: JsValue) -> Result<(), JsValue> {
        let convention = match text_arg(&convention, "the convention")?.as_str() {
            "normal" => Convention::Normal,
            "misere" => Convention::Misere,
            other => {
                return Err(js_error(GameError::new(format!(
                    "the play is 'normal' or 'misere', not '{}'",
                    other.chars().take(24).collect::<String>()
                ))))
            }
        };
        self.inner.set_convention(convention);
        self.after_change(Ok(()))
    }

    /// The tree of positions `depth` moves deep, refused past `budget` positions.
    pub fn tree(&mut self, depth: JsValue, budget: JsValue) -> Result<JsValue, JsValue> {
        let depth = count_arg(&depth, "the depth", u32::MAX, 1)?;
        let budget = count_arg(&budget, "the budget", u32::MAX, 2000)?;
        let tree = self
            .inner
            .tree(depth as usize, budget as usize)
            .map_err(js_error)?;
        to_js(&tree)
    }

    /// The contest's answer for the current position.
    pub fn answer(&mut self) -> Result<String, JsValue> {
        self.inner.answer().map_err(js_error)
    }
}

impl Session {
    fn changed(&mut self, step: impl FnOnce(&mut dyn AnySession) -> bool) -> bool {
        let moved = step(self.inner.as_mut());
        if moved {
            self.solve_ms = None;
        }
        moved
    }

    fn after_change(&mut self, result: Result<(), GameError>) -> Result<(), JsValue> {
        result.map_err(js_error)?;
        self.solve_ms = None;
        Ok(())
    }
}

/// Every game's id, name, rules, text-format help and samples.
#[wasm_bindgen]
pub fn games() -> Result<JsValue, JsValue> {
    to_js(&games::games())
}

/// Answers a whole contest input, exactly as `grundy solve` does.
#[wasm_bindgen]
pub fn solve(game: JsValue, input: JsValue) -> Result<String, JsValue> {
    let game = text_arg(&game, "the game id")?;
    let input = text_arg(&input, "the input")?;
    games::solve(&game, &input).map_err(js_error)
}

/// Beyond 2^53 − 1 a JS number no longer names one integer.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One field of an edit object, read as a JS value: the edit's fields are
/// few and flat, so they are read directly rather than through a
/// deserializer (whose code for the whole enum weighed 48 KB of wasm).
struct EditFields<'a>(&'a JsValue);

impl EditFields<'_> {
    /// The field `name`, undefined when it is missing.
    fn field(&self, name: &str) -> JsValue {
        js_sys::Reflect::get(self.0, &name.into()).unwrap_or(JsValue::UNDEFINED)
    }

    fn get(&self, name: &str) -> Result<JsValue, String> {
        let value = self.field(name);
        if value.is_undefined() {
            return Err(format!("the edit needs a value for {name}"));
        }
        Ok(value)
    }

    fn wrong(&self, name: &str, value: &JsValue, wanted: &str) -> String {
        format!(
            "a value of this edit has the wrong type: found {} for {name}, expected {wanted}",
            describe(value)
        )
    }

    fn number(&self, name: &str) -> Result<f64, String> {
        let value = self.get(name)?;
        value
            .as_f64()
            .filter(|n| n.is_finite())
            .ok_or_else(|| self.wrong(name, &value, "a number"))
    }

    /// A number from 0 to 1, such as how full a random position is.
    fn fraction(&self, name: &str) -> Result<f64, String> {
        let value = self.number(name)?;
        if !(0.0..=1.0).contains(&value) {
            return Err(format!("{name} is from 0 to 1, not {}", js_number(value)));
        }
        Ok(value)
    }

    /// A whole number within `low..=high`.
    fn whole(&self, name: &str, low: f64, high: f64) -> Result<f64, String> {
        let value = self.number(name)?;
        if value.fract() != 0.0 {
            return Err(format!(
                "{name} must be a whole number, not {}",
                js_number(value)
            ));
        }
        if value < low || value > high {
            return Err(if low == 0.0 {
                format!(
                    "{} is out of range for this edit; use a whole number from 0",
                    js_number(value)
                )
            } else {
                format!("{} is out of range for this edit", js_number(value))
            });
        }
        Ok(value)
    }

    fn index(&self, name: &str) -> Result<u32, String> {
        Ok(self.whole(name, 0.0, f64::from(u32::MAX))? as u32)
    }

    /// An index that may be left out (undefined or null).
    fn optional_index(&self, name: &str) -> Result<Option<u32>, String> {
        let value = self.field(name);
        if value.is_undefined() || value.is_null() {
            Ok(None)
        } else {
            self.index(name).map(Some)
        }
    }

    fn integer(&self, name: &str) -> Result<i64, String> {
        Ok(self.whole(name, -MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)? as i64)
    }

    fn text(&self, name: &str) -> Result<String, String> {
        let value = self.get(name)?;
        value
            .as_string()
            .ok_or_else(|| self.wrong(name, &value, "a string"))
    }

    fn texts(&self, name: &str) -> Result<Vec<String>, String> {
        let value = self.get(name)?;
        let wrong = || self.wrong(name, &value, "a list of strings");
        if !js_sys::Array::is_array(&value) {
            return Err(wrong());
        }
        js_sys::Array::from(&value)
            .iter()
            .map(|item| item.as_string().ok_or_else(wrong))
            .collect()
    }

    fn letter(&self, name: &str) -> Result<char, String> {
        let text = self.text(name)?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(letter), None) => Ok(letter),
            _ => Err(format!(
                "{name} must be one character, not \"{}\"",
                escaped(&text)
            )),
        }
    }
}

/// An edit such as `{ kind: 'paint', row: 0, col: 0, tile: '#' }`, with a
/// message naming the field that is missing or wrong. Its kind is one of
/// `EditKind`'s, matched on all of them, so a new kind does not compile
/// here until it is read.
fn read_edit(value: &JsValue) -> Result<Edit, String> {
    let f = EditFields(value);
    let name = f.text("kind")?;
    let kind = EditKind::iter()
        .find(|kind| <&str>::from(kind) == name)
        .ok_or_else(|| {
            let kinds: Vec<&str> = EditKind::iter().map(<&str>::from).collect();
            format!(
                "there is no edit of kind '{}'; the kinds are {}",
                escaped(&name),
                kinds.join(", ")
            )
        })?;
    Ok(match kind {
        EditKind::Paint => Edit::Paint {
            row: f.index("row")?,
            col: f.index("col")?,
            tile: f.letter("tile")?,
        },
        EditKind::Resize => Edit::Resize {
            rows: f.index("rows")?,
            cols: f.index("cols")?,
        },
        EditKind::SetHeap => Edit::SetHeap {
            index: f.index("index")?,
            size: f.index("size")?,
        },
        EditKind::RemoveHeap => Edit::RemoveHeap {
            index: f.index("index")?,
        },
        EditKind::Random => Edit::Random {
            seed: f.whole("seed", 0.0, MAX_SAFE_INTEGER)? as u64,
            density: f.fraction("density")?,
        },
        EditKind::SetNumber => Edit::SetNumber {
            name: f.text("name")?,
            value: f.integer("value")?,
        },
        EditKind::SetText => Edit::SetText {
            text: f.text("text")?,
        },
        EditKind::SetWords => Edit::SetWords {
            words: f.texts("words")?,
        },
        EditKind::AddPart => Edit::AddPart {
            game: f.text("game")?,
        },
        EditKind::RemovePart => Edit::RemovePart {
            index: f.index("index")?,
        },
        EditKind::SetSpan => Edit::SetSpan {
            index: f.index("index")?,
            first: f.integer("first")?,
            last: f.integer("last")?,
        },
        EditKind::RemoveSpan => Edit::RemoveSpan {
            index: f.index("index")?,
        },
        EditKind::SetRule => Edit::SetRule {
            rule: f.text("rule")?,
        },
        EditKind::AddVertex => Edit::AddVertex {
            x: f.integer("x")?,
            y: f.integer("y")?,
            from: f.optional_index("from")?,
        },
        EditKind::MoveVertex => Edit::MoveVertex {
            index: f.index("index")?,
            x: f.integer("x")?,
            y: f.integer("y")?,
        },
        EditKind::RemoveVertex => Edit::RemoveVertex {
            index: f.index("index")?,
        },
        EditKind::AddEdge => Edit::AddEdge {
            from: f.index("from")?,
            to: f.index("to")?,
        },
        EditKind::RemoveEdge => Edit::RemoveEdge {
            index: f.index("index")?,
        },
        EditKind::AddToken => Edit::AddToken {
            vertex: f.index("vertex")?,
        },
        EditKind::RemoveToken => Edit::RemoveToken {
            vertex: f.index("vertex")?,
        },
    })
}

/// The most values a sequence computes in the browser: held in one or
/// two bytes each, 2²⁶ take at most 128 MiB.
const MAX_SEQUENCE: u32 = 1 << 26;

/// G(0), G(1), … of a heap game's rule, computed in steps so that a worker
/// can report progress between them.
#[wasm_bindgen]
pub struct HeapSequence {
    inner: Sequence,
}

impl HeapSequence {
    /// `start..end` as the caller gives them, cut to the values known.
    fn known_range(&self, start: &JsValue, end: &JsValue) -> Result<Range<usize>, JsValue> {
        let known = self.inner.len() as u32;
        let end = count_arg(end, "the end", MAX_SEQUENCE, 0)?.min(known) as usize;
        let start = count_arg(start, "the start", MAX_SEQUENCE, 0)?.min(end as u32) as usize;
        Ok(start..end)
    }
}

#[wasm_bindgen]
impl HeapSequence {
    /// `rule` as `grundy sequence` names it: `0.77`, `grundy` or `S=1,3,4`.
    #[wasm_bindgen(constructor)]
    pub fn new(rule: JsValue) -> Result<HeapSequence, JsValue> {
        let rule = text_arg(&rule, "the rule")?;
        let rule = Rule::parse_name(rule.trim()).map_err(js_error)?;
        Ok(HeapSequence {
            inner: Sequence::new(rule),
        })
    }

    pub fn rule(&self) -> String {
        self.inner.rule().to_string()
    }

    /// Computes values until `len` are known, calling `progress(known)`
    /// between steps if it is given; returns how many are known.
    pub fn extend(
        &mut self,
        len: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<u32, JsValue> {
        let len = count_arg(&len, "the length", MAX_SEQUENCE, 0)?;
        self.inner
            .extend_with_progress(len as usize, reporter(progress));
        Ok(self.inner.len() as u32)
    }

    /// Computes until a period is proved or `max` values are known, calling
    /// `progress(known)` between steps; returns the period as `period` does.
    pub fn prove(
        &mut self,
        max: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsValue> {
        let max = count_arg(&max, "the most values", MAX_SEQUENCE, MAX_SEQUENCE)?;
        self.inner.prove_period(max as usize, reporter(progress));
        self.period()
    }

    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }

    /// G(n) for n in `start..end`, cut to the values known.
    pub fn values(&self, start: JsValue, end: JsValue) -> Result<Vec<u32>, JsValue> {
        Ok(self.inner.values(self.known_range(&start, &end)?))
    }

    /// 1 where G(n) is a rare value (under the sparse space mask), for n in
    /// `start..end`; all 0 for rules without splits.
    pub fn rare(&self, start: JsValue, end: JsValue) -> Result<Vec<u8>, JsValue> {
        let splits = self.inner.has_splits();
        let range = self.known_range(&start, &end)?;
        let first = range.start;
        Ok(self
            .inner
            .values(range)
            .into_iter()
            .enumerate()
            .map(|(i, v)| u8::from(splits && self.inner.is_rare(first + i, v)))
            .collect())
    }

    /// How often each value occurs among the values known, as pairs
    /// `value, times` one after another, by increasing value.
    pub fn frequencies(&mut self) -> Vec<f64> {
        let known = self.inner.len();
        let counts = self.inner.frequencies(known as u64, known, |_| true);
        counts
            .unwrap_or_default()
            .into_iter()
            .flat_map(|(value, times)| [f64::from(value), times as f64])
            .collect()
    }

    /// `{ preperiod, period }` if the values known prove it, else `undefined`.
    pub fn period(&self) -> Result<JsValue, JsValue> {
        match self.inner.proved_period() {
            Some(period) => to_js(&period),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The options of a heap of n, for explaining G(n): how many there are,
    /// their distinct values in order, and the first `limit` of them as
    /// `{ take, leaves, value }`.
    pub fn options(&mut self, n: JsValue, limit: JsValue) -> Result<JsValue, JsValue> {
        let n = count_arg(&n, "the heap", MAX_SEQUENCE - 1, 0)? as usize;
        let limit = count_arg(&limit, "the limit", MAX_SEQUENCE, 64)? as usize;
        let options = self.inner.options(n);
        let mut values: Vec<u32> = options.iter().map(|o| o.value).collect();
        grundy_core::sort::sort(&mut values);
        values.dedup();
        /// What the explainer of G(n) shows.
        #[derive(Serialize)]
        struct Options<'a> {
            count: usize,
            values: Vec<u32>,
            shown: &'a [HeapOption],
            value: u32,
        }
        to_js(&Options {
            count: options.len(),
            values,
            shown: &options[..limit.min(options.len())],
            value: self.inner.known(n),
        })
    }
}

/// A progress callback for the core: calls `progress` with the count done,
/// and never stops the work (a worker is cancelled by ending it).
fn reporter(progress: Option<js_sys::Function>) -> impl FnMut(&Sequence) -> bool {
    move |sequence| {
        if let Some(f) = &progress {
            let _ = f.call1(&JsValue::NULL, &JsValue::from(sequence.len() as u32));
        }
        true
    }
}

/// The benchmark page's entry points, built only into its own .wasm (the
/// `bench` feature) so the playground does not ship the cases.
#[cfg(feature = "bench")]
mod bench_exports {
    use super::*;
    use grundy_core::bench;

    /// The benchmark cases, shared with the native benchmarks.
    #[wasm_bindgen(js_name = benchCases)]
    pub fn bench_cases() -> Result<JsValue, JsValue> {
        to_js(&bench::cases())
    }

    /// Does a benchmark case's work (`period`, `values`, `misere`, …) on
    /// `game` and `input` in the core, as natively: the wasm column of the
    /// benchmarks whose work is all in the core.
    #[wasm_bindgen(js_name = benchRun)]
    pub fn bench_run(work: JsValue, game: JsValue, input: JsValue) -> Result<u32, JsValue> {
        let work: bench::Work = text_arg(&work, "the kind of work")?
            .parse()
            .map_err(|e: String| js_error(GameError::new(e)))?;
        let game = text_arg(&game, "the game id")?;
        let input = text_arg(&input, "the input")?;
        bench::run_work(work, &game, &input)
            .map(|size| size as u32)
            .map_err(js_error)
    }

    #[wasm_bindgen]
    impl Session {
        /// The analysis as plain JSON, moves and all, to check what
        /// `analysis()` packs against.
        #[wasm_bindgen(js_name = analysisJson)]
        pub fn analysis_json(&mut self) -> Result<JsValue, JsValue> {
            to_js(self.inner.analysis())
        }
    }
}
