//! Native timings of a cold `open` + `analysis()` for every benchmark case.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_core::bench;

fn analysis(c: &mut Criterion) {
    for case in bench::cases() {
        let id = format!("{}/{}", case.game, case.name);
        c.bench_function(&id, |b| {
            b.iter(|| bench::run(&case).expect("bench case opens"))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = analysis
}
criterion_main!(benches);
