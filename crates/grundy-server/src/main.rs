//! `grundy-serve`, which `grundy serve` runs: the playground, class
//! sessions and games between devices on one port.

use std::process::ExitCode;

const USAGE: &str = "usage: grundy serve [--bind ADDR] [--port P] [--data DIR] [--dist DIR] [--public-url URL]
                   [--allow-origin ORIGIN]… [--trust-proxy ADDR]…
       grundy serve --delete-class CODE [--data DIR]
  --bind ADDR             the address to listen on (default 127.0.0.1; 0.0.0.0 for the room's network)
  --port P                the port (default 8080; 0 picks a free one)
  --data DIR              where grundy.sqlite is kept (default ./grundy-data)
  --dist DIR              the built playground to serve (default ./dist)
  --public-url URL        the address students open (a proxy's, or a name), for the join link and its QR code
  --allow-origin ORIGIN   let pages of ORIGIN change state too, besides the server's own
  --trust-proxy ADDR      a proxy at ADDR names each client in X-Forwarded-For; limits count the client
  --delete-class CODE     erase a class, its roster, questions and answers, from a folder no server holds, and exit";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == [grundy_server::engine::WORKER_ARGUMENT] {
        return grundy_server::engine::worker();
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let config = match grundy_server::Config::from_args(&args) {
        Ok(config) => config,
        Err(problem) => {
            eprintln!("error: {problem}\n{USAGE}");
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
