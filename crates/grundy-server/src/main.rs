//! `grundy-serve`, which `grundy serve` runs: the playground, class
//! sessions and games between devices on one port.

use clap::Parser;
use grundy_server::serve_args::ServeArgs;
use std::process::ExitCode;

/// Serve the playground, class sessions and games between devices
#[derive(Parser)]
#[command(name = "grundy serve", bin_name = "grundy serve", version)]
struct Cli {
    #[command(flatten)]
    args: ServeArgs,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == [grundy_server::engine::WORKER_ARGUMENT] {
        return grundy_server::engine::worker();
    }
    // Help and version as clap prints them; a mistake in one line, exit 2.
    let cli = Cli::try_parse().unwrap_or_else(|error| error.exit());
    let config = match grundy_server::Config::from_args(&cli.args) {
        Ok(config) => config,
        Err(problem) => {
            eprintln!("error: {problem} (see 'grundy serve --help')");
            return ExitCode::from(2);
        }
    };
    match grundy_server::run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("error: {problem}");
            ExitCode::from(1)
        }
    }
}
