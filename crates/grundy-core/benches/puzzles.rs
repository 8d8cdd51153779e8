//! How fast `grundy puzzles` draws and proves puzzles, per game and play:
//! each iteration draws ten from a fresh generator, every winning move of
//! each proved by the engine, as the bank's build and a class set do.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy_core::puzzle::{Puzzles, Request};

/// Puzzles drawn per iteration: enough that a generator's first draws,
/// which may be quick or slow, do not decide the time.
const DRAWN: usize = 10;

fn puzzles(c: &mut Criterion) {
    // Every game with puzzles: those whose values are finite.
    let games = grundy_core::games::games().into_iter().map(|info| info.id);
    for game in games.filter(|game| Puzzles::new(Request::new(game, 1, false)).is_ok()) {
        for (play, misere) in [("normal", false), ("misere", true)] {
            let mut group = c.benchmark_group(format!("puzzles/{game}/{play}"));
            group.throughput(Throughput::Elements(DRAWN as u64));
            let mut seed = 0;
            group.bench_function("draw", |b| {
                b.iter(|| {
                    seed += 1;
                    let drawn = Puzzles::new(Request::new(game, seed, misere))
                        .expect("a game with puzzles");
                    drawn
                        .take(DRAWN)
                        .collect::<Result<Vec<_>, _>>()
                        .expect("a puzzle")
                })
            });
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = puzzles
}
criterion_main!(benches);
