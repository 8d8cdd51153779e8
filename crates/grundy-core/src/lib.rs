//! Sprague–Grundy solvers for impartial games.
//!
//! Every game implements [`Game`] and reports positions as an [`Analysis`]:
//! independent components with their nimbers, and every legal move with the
//! nimber it leads to. [`games::open`] gives a [`Session`] with history and
//! an AI for any game by id; [`games::solve`] answers contest inputs.

pub mod ai;
pub mod analysis;
pub mod bench;
pub mod budget;
pub mod coin_tiles;
pub mod fast_map;
pub mod game;
pub mod games;
pub mod graph;
pub mod heap_game;
pub mod heaps;
pub mod input;
pub mod key;
pub mod nimber;
pub mod puzzle;
pub mod quotient;
pub mod rect_table;
pub mod rng;
pub mod search;
pub mod sequence;
pub mod session;
pub mod sort;

pub use analysis::{Analysis, Board, Component, Edit, EditKind, MoveInfo, Outcome, Region, Step};
pub use game::{Game, GameError, GameInfo};
pub use nimber::{mex, Nimber};
pub use session::{AnySession, Session};
