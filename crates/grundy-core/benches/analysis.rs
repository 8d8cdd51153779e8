//! Native timings of every benchmark case: a cold `open` + `analysis()`,
//! a contest answer, a proved period or a run of sequence values.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_core::bench;

fn analysis(c: &mut Criterion) {
    for case in bench::cases() {
        let id = format!("{}/{}", case.game, case.name);
        // Cases that take seconds get criterion's fewest samples.
        let mut group = c.benchmark_group(&id);
        if case.max_runs.is_some() {
            group.sample_size(10);
        }
        group.bench_function("run", |b| {
            b.iter(|| bench::run(&case).expect("bench case opens"))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = analysis
}
criterion_main!(benches);
