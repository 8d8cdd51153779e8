//! JavaScript bindings for grundy-core: conversion only, no game logic.
//!
//! Errors become JS `Error`s whose message is the core's, with `line` and
//! `column` properties when the core located the problem.

use grundy_core::ai::Skill;
use grundy_core::{bench, games, Analysis, AnySession, Edit, GameError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

/// Crosses as one JSON string parsed by the engine's `JSON.parse`: for an
/// analysis with thousands of moves this is many times faster than building
/// the objects field by field from wasm, and it is exactly the JSON that
/// `grundy analyse --json` prints.
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

/// An analysis with the time its solve took, as the UI receives it.
#[derive(Serialize)]
struct TimedAnalysis<'a> {
    #[serde(flatten)]
    analysis: &'a Analysis,
    #[serde(rename = "solveMs")]
    solve_ms: f64,
}

/// One open game: its position, history and warm solver caches.
#[wasm_bindgen]
pub struct Session {
    inner: Box<dyn AnySession>,
    /// How long the current position's analysis took, once computed.
    solve_ms: Option<f64>,
}

#[wasm_bindgen]
impl Session {
    /// Opens case `case` (0-based, default 0) of `text` as a game of `game`.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, text: &str, case: Option<u32>) -> Result<Session, JsValue> {
        let inner = games::open(game, text, case.unwrap_or(0) as usize).map_err(js_error)?;
        Ok(Session {
            inner,
            solve_ms: None,
        })
    }

    #[wasm_bindgen(js_name = gameId)]
    pub fn game_id(&self) -> String {
        self.inner.info().id.to_string()
    }

    /// The analysis of the current position, with `solveMs`.
    pub fn analysis(&mut self) -> Result<JsValue, JsValue> {
        let start = now_ms();
        let analysis = self.inner.analysis();
        let solve_ms = *self.solve_ms.get_or_insert(now_ms() - start);
        to_js(&TimedAnalysis { analysis, solve_ms })
    }

    pub fn play(&mut self, move_id: u32) -> Result<(), JsValue> {
        self.inner.play(move_id).map_err(js_error)?;
        self.solve_ms = None;
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        self.changed(|s| s.undo())
    }

    pub fn redo(&mut self) -> bool {
        self.changed(|s| s.redo())
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.inner.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.inner.can_redo()
    }

    /// Moves played since the position was loaded or edited.
    pub fn ply(&self) -> u32 {
        self.inner.ply() as u32
    }

    /// `[count, shown]`: how many cases the loaded text held, which is shown.
    pub fn cases(&self) -> Vec<u32> {
        let (count, shown) = self.inner.cases();
        vec![count as u32, shown as u32]
    }

    /// The move id the computer plays at `level` (1 optimal … 0 random).
    #[wasm_bindgen(js_name = aiMove)]
    pub fn ai_move(&mut self, level: f64, seed: f64) -> Option<u32> {
        self.inner.ai_move(Skill::new(level), seed as u64)
    }

    /// The current position in the game's text format.
    pub fn text(&self) -> String {
        self.inner.text()
    }

    /// Replaces the position; on error the current one stays.
    pub fn load(&mut self, text: &str, case: Option<u32>) -> Result<(), JsValue> {
        let result = self.inner.load(text, case.unwrap_or(0) as usize);
        self.after_change(result)
    }

    /// Applies a drawing edit such as `{ kind: "paint", row, col, tile }`.
    pub fn edit(&mut self, edit: JsValue) -> Result<(), JsValue> {
        let edit: Edit = serde_wasm_bindgen::from_value(edit)
            .map_err(|e| js_error(GameError::new(format!("not an edit: {e}"))))?;
        let result = self.inner.edit(&edit);
        self.after_change(result)
    }

    /// The tree of positions `depth` moves deep, refused past `budget` positions.
    pub fn tree(&mut self, depth: u32, budget: u32) -> Result<JsValue, JsValue> {
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
pub fn solve(game: &str, input: &str) -> Result<String, JsValue> {
    games::solve(game, input).map_err(js_error)
}

/// The benchmark cases, shared with the native benchmarks.
#[wasm_bindgen(js_name = benchCases)]
pub fn bench_cases() -> Result<JsValue, JsValue> {
    to_js(&bench::cases())
}
