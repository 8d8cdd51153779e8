//! Native timings of every benchmark case: a cold `open` + `analysis()`,
//! a contest answer, a proved period, a run of sequence values or an edit.

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
        let mut runner = bench::Runner::new(&case).expect("bench case opens");
        group.bench_function("run", |b| b.iter(|| runner.run().expect("bench case runs")));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = analysis
}
criterion_main!(benches);
