//! `grundy serve`: class sessions and games between devices.
//!
//! One process serves the built playground and an API whose outside is
//! `docs/guide/class-server.md`: HTTP to create classes and games and to join them,
//! WebSockets for everything live. State lives in a [`store::Store`]
//! (SQLite here); rooms in memory mirror it and push changes to clients.
//! Every answer and move is judged by grundy-core, never by a client.

pub mod class;
pub mod engine;
pub mod expiry;
pub mod frames;
pub mod game;
mod http;
pub mod lesson;
pub mod limits;
pub mod marking;
pub mod names;
pub mod puzzle_set;
pub mod serve_args;
pub mod socket;
pub mod store;
pub mod token;

use limits::{PerAddress, MAX_CREATIONS_PER_WINDOW, MAX_FAILURES_PER_WINDOW};
use serve_args::ServeArgs;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use store::{SqliteStore, Store};
use tokio::sync::watch;

/// Where and what the server serves.
#[derive(Clone, Debug)]
pub struct Config {
    pub bind: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Holds `grundy.sqlite`.
    pub data: PathBuf,
    /// The built playground, served at `/`.
    pub dist: PathBuf,
    /// Origins besides the server's own whose pages may change state
    /// (`--allow-origin`, as `https://school.example`).
    pub allowed_origins: Vec<String>,
    /// Proxies whose `X-Forwarded-For` names the client (`--trust-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
    /// Where students reach the server, as `https://class.example/`
    /// (`--public-url`); the join address and its QR code start with it.
    pub public_url: Option<String>,
    /// Erase this class's data and exit, instead of serving (`--delete-class`).
    pub delete_class: Option<String>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            data: PathBuf::from("grundy-data"),
            dist: PathBuf::from("dist"),
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            public_url: None,
            delete_class: None,
        }
    }
}

impl Config {
    /// The configuration `grundy serve`'s options give, each value
    /// checked, with a sentence naming the option where one is wrong.
    pub fn from_args(args: &ServeArgs) -> Result<Config, String> {
        let mut config = Config::default();
        if let Some(bind) = &args.bind {
            config.bind = bind
                .parse()
                .map_err(|_| format!("--bind takes an IP address such as 0.0.0.0, not '{bind}'"))?;
        }
        if let Some(port) = args.port {
            config.port = port;
        }
        if let Some(data) = &args.data {
            config.data = data.clone();
        }
        if let Some(dist) = &args.dist {
            config.dist = dist.clone();
        }
        for value in &args.allow_origin {
            config.allowed_origins.push(origin(value)?);
        }
        for value in &args.trust_proxy {
            config.trusted_proxies.push(value.parse().map_err(|_| {
                format!(
                    "--trust-proxy takes the proxy's IP address such as 10.0.0.2, not '{value}'"
                )
            })?);
        }
        if let Some(value) = &args.public_url {
            config.public_url = Some(public_url(value)?);
        }
        if let Some(value) = &args.delete_class {
            config.delete_class = Some(token::normalise_code(value).ok_or_else(|| {
                format!(
                    "--delete-class takes a class's code, six letters and digits, not '{value}'"
                )
            })?);
        }
        Ok(config)
    }
}

/// An origin as `--allow-origin` names it: a scheme, a host and maybe a
/// port, as a browser's `Origin` header writes it (no path, no slash at
/// the end).
fn origin(value: &str) -> Result<String, String> {
    let trimmed = value.trim_end_matches('/');
    let (scheme, host) = trimmed.split_once("://").unwrap_or(("", ""));
    if !matches!(scheme, "http" | "https") || host.is_empty() || host.contains('/') {
        return Err(format!(
            "--allow-origin takes an origin such as https://school.example or http://10.0.0.5:8080, not '{value}'"
        ));
    }
    Ok(trimmed.to_ascii_lowercase())
}

/// A base address as `--public-url` names it: an origin, maybe with a
/// path, written with one slash at the end.
fn public_url(value: &str) -> Result<String, String> {
    let (scheme, host) = scheme_and_host(value);
    let plain = value.chars().all(|c| c.is_ascii_graphic());
    if !matches!(scheme, "http" | "https")
        || host.is_empty()
        || !plain
        || value.contains(['?', '#'])
    {
        return Err(format!(
            "--public-url takes the address students open, such as https://class.school.example/, not '{value}'"
        ));
    }
    Ok(format!("{}/", value.trim_end_matches('/')))
}

/// A URL's scheme and host (with its port), empty where it has none.
fn scheme_and_host(url: &str) -> (&str, &str) {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", ""));
    (scheme, rest.split('/').next().unwrap_or(""))
}

/// What every request and connection shares.
pub struct App {
    pub store: Arc<dyn Store>,
    pub rooms: class::Rooms,
    pub tables: game::Tables,
    /// Unknown codes and wrong tokens, per address.
    pub failures: PerAddress,
    /// Classes and games created, per address.
    pub creations: PerAddress,
    pub stopping: watch::Receiver<bool>,
    /// Live connections, per address and in all.
    pub connections: Arc<limits::Connections>,
    pub next_conn: AtomicU64,
    /// Addresses on the room's network where students reach the server,
    /// when it listens on every interface.
    pub lan: Vec<String>,
    pub dist: PathBuf,
    /// See [`Config::allowed_origins`].
    pub allowed_origins: Vec<String>,
    /// See [`Config::trusted_proxies`].
    pub trusted_proxies: Vec<IpAddr>,
    /// See [`Config::public_url`].
    pub public_url: Option<String>,
    /// The origins of this server's own pages: its addresses (loopback,
    /// the bound one, the room's network) and `--public-url`'s. A `Host`
    /// header is believed only when it names one of them, so that a page
    /// of a name resolved to this machine (DNS rebinding) is another site.
    pub own_origins: Vec<String>,
    /// Where the server listens, as a URL.
    pub listening: String,
}

/// See [`App::own_origins`].
fn own_origins(address: SocketAddr, lan: &[String], public_url: Option<&str>) -> Vec<String> {
    let port = address.port();
    let mut origins: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .map(|host| format!("http://{host}:{port}/"))
        .chain(lan.iter().cloned())
        .collect();
    if !address.ip().is_unspecified() {
        origins.push(url_of(address));
    }
    if let Some(public) = public_url {
        let (scheme, host) = scheme_and_host(public);
        origins.push(format!("{scheme}://{host}/"));
    }
    origins
        .into_iter()
        .map(|url| url.trim_end_matches('/').to_ascii_lowercase())
        .collect()
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// An address as a URL writes it.
fn url_of(address: SocketAddr) -> String {
    match address.ip() {
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", address.port()),
        IpAddr::V4(ip) => format!("http://{ip}:{}/", address.port()),
    }
}

/// The addresses of this machine's network interfaces other than loopback.
fn lan_addresses(port: u16) -> Vec<String> {
    let mut found: Vec<String> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback() && i.ip().is_ipv4())
        .map(|i| url_of(SocketAddr::new(i.ip(), port)))
        .collect();
    found.dedup();
    found
}

/// A QR code of `text` drawn with half-block characters, for a terminal.
pub fn terminal_qr(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .build(),
    )
}

/// Runs the server until SIGTERM or Ctrl+C, on a runtime of its own; or,
/// with [`Config::delete_class`], erases that class and returns.
pub fn run(config: Config) -> Result<(), String> {
    if let Some(code) = &config.delete_class {
        return delete_class(&config.data, code);
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?
        .block_on(serve(config))
}

async fn serve(config: Config) -> Result<(), String> {
    // Held until the server stops: a second server on the folder is refused.
    let _lock = store::lock_data_folder(&config.data)?;
    let store = Arc::new(SqliteStore::open(&config.data).map_err(|e| e.to_string())?);
    let listener = tokio::net::TcpListener::bind((config.bind, config.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.bind, config.port))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let lan = if config.bind.is_unspecified() {
        lan_addresses(address.port())
    } else {
        Vec::new()
    };
    let (stop, stopping) = watch::channel(false);
    let app = Arc::new(App {
        store: store.clone(),
        rooms: Default::default(),
        tables: Default::default(),
        failures: PerAddress::new(MAX_FAILURES_PER_WINDOW),
        creations: PerAddress::new(MAX_CREATIONS_PER_WINDOW),
        stopping,
        connections: Default::default(),
        next_conn: AtomicU64::new(1),
        lan: lan.clone(),
        dist: config.dist.clone(),
        allowed_origins: config.allowed_origins.clone(),
        trusted_proxies: config.trusted_proxies.clone(),
        public_url: config.public_url.clone(),
        own_origins: own_origins(address, &lan, config.public_url.as_deref()),
        listening: url_of(address),
    });
    announce(address, &lan, &config);
    tokio::spawn(sweep_now_and_then(app.clone()));
    let router = http::router(app);
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        stop_signal().await;
        let _ = stop.send(true);
    })
    .await
    .map_err(|e| e.to_string())?;
    store.close().map_err(|e| e.to_string())?;
    Ok(())
}

/// Erases a class, its roster, questions and answers from a data folder
/// no server holds (its lock is taken, so a running server refuses it).
fn delete_class(data: &std::path::Path, code: &str) -> Result<(), String> {
    if !data.join(store::DATABASE_FILE).is_file() {
        return Err(format!("{} holds no class server's data", data.display()));
    }
    let _lock = store::lock_data_folder(data)?;
    let store = SqliteStore::open(data).map_err(|e| e.to_string())?;
    let erased = store.erase_class(code).map_err(|e| e.to_string())?;
    store.close().map_err(|e| e.to_string())?;
    if !erased {
        return Err(format!(
            "{} holds no class with code {code}",
            data.display()
        ));
    }
    println!("erased class {code}: its roster, questions and answers");
    Ok(())
}

/// Lets go of expired classes and games as the server starts, then
/// every [`limits::SWEEP`].
async fn sweep_now_and_then(app: Arc<App>) {
    let mut ticks = tokio::time::interval(limits::SWEEP);
    loop {
        ticks.tick().await;
        let app = app.clone();
        match tokio::task::spawn_blocking(move || expiry::sweep(&app)).await {
            Ok(Ok(_)) => {}
            Ok(Err(problem)) => eprintln!("error: expired classes and games stay: {problem}"),
            Err(_) => eprintln!("error: the sweep of expired classes and games failed"),
        }
    }
}

/// Prints where the server listens (first line, for scripts) and, on the
/// room's network, where students join, with a QR code.
fn announce(address: SocketAddr, lan: &[String], config: &Config) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "listening on {}", url_of(address));
    if !config.dist.join("index.html").is_file() {
        let _ = writeln!(
            out,
            "note: {} holds no built playground; run `npm run build` to serve the pages",
            config.dist.display()
        );
    }
    if let Some(first) = lan.first() {
        let _ = writeln!(out, "students on this network join at:");
        for url in lan {
            let _ = writeln!(out, "  {url}class.html");
        }
        if let Some(qr) = terminal_qr(&format!("{first}class.html")) {
            let _ = writeln!(out, "{qr}");
        }
    } else if config.bind.is_unspecified() {
        let _ = writeln!(out, "no network interface other than loopback was found");
    }
    let _ = out.flush();
}

async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => return interrupt.await.unwrap_or(()),
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
