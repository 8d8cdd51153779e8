fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = std::fs::read_to_string(&args[2]).unwrap();
    let budget: usize = args[3].parse().unwrap();
    let t = std::time::Instant::now();
    let r = grundy_core::games::misere_report(&args[1], &input, budget).unwrap();
    let s = t.elapsed().as_secs_f64();
    println!(
        "{:?} explored {} in {:.3} s: {:.0} pos/s | {}",
        r.outcome,
        r.explored,
        s,
        r.explored as f64 / s,
        r.method
    );
}
