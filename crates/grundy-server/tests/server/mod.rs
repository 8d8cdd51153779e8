//! A `grundy-serve` process (what `grundy serve` runs) on a free port, and the clients a test or a
//! benchmark talks to it with: plain HTTP/1.1 and WebSockets over real
//! sockets, as a browser would.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A running server; killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub data: PathBuf,
}

/// A fresh, empty data folder for one test.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

impl Server {
    /// Starts the server with `--port 0` on `data` and waits for its first line.
    pub fn start(data: &Path) -> Server {
        Server::start_with(data, &[])
    }

    /// Starts the server as [`Server::start`] does, with more options.
    pub fn start_with(data: &Path, options: &[&str]) -> Server {
        let dist = data.join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(
            dist.join("index.html"),
            "<!doctype html><title>Grundy</title>",
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy-serve"))
            .args(["--port", "0", "--data"])
            .arg(data)
            .arg("--dist")
            .arg(&dist)
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy-serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("listening on http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .parse()
            .unwrap();
        Server {
            child,
            port,
            data: data.to_path_buf(),
        }
    }

    /// A plain HTTP/1.1 request; the status, the headers (lower-cased
    /// names) and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> (u16, String, String) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
        let headers = format!("{auth}Content-Type: application/json\r\n");
        self.request_with(method, path, &headers, &body)
    }

    /// A plain HTTP/1.1 request with the headers given (each line ending
    /// in CRLF) beside Host, Content-Length and Connection, as a page of
    /// another site, or a script, would send it.
    pub fn request_with(
        &self,
        method: &str,
        path: &str,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        let host = format!("127.0.0.1:{}", self.port);
        self.request_to(&host, method, path, headers, body)
    }

    /// A request as [`Server::request_with`] sends it, naming `host` in
    /// its `Host` header, as a page reached by another name would.
    pub fn request_to(
        &self,
        host: &str,
        method: &str,
        path: &str,
        headers: &str,
        body: &str,
    ) -> (u16, String, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{headers}\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, rest) = reply.split_once("\r\n\r\n").unwrap();
        let status = head[9..12].parse().unwrap();
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        let body = if chunked {
            unchunk(rest)
        } else {
            rest.to_string()
        };
        (status, head.to_ascii_lowercase(), body)
    }

    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let (status, _, text) = self.request("POST", path, Some(&body), None);
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Creates a class; its code and the teacher's token.
    pub fn class(&self) -> (String, String) {
        let (status, reply) = self.post("/api/classes", json!({ "title": "Nim" }));
        assert_eq!(status, 201, "{reply}");
        (
            reply["code"].as_str().unwrap().to_string(),
            reply["teacher"].as_str().unwrap().to_string(),
        )
    }

    /// Joins class `code` as `name`; the student's id and token.
    pub fn join(&self, code: &str, name: &str) -> (i64, String) {
        let (status, reply) = self.post(
            &format!("/api/classes/{code}/students"),
            json!({ "name": name }),
        );
        assert_eq!(status, 201, "{reply}");
        (
            reply["id"].as_i64().unwrap(),
            reply["token"].as_str().unwrap().to_string(),
        )
    }

    /// Opens a live connection; its HTTP status where the upgrade is refused.
    pub async fn live(&self, path: &str, token: &str) -> Result<Socket, u16> {
        let url = format!("ws://127.0.0.1:{}{path}?token={token}", self.port);
        match tokio_tungstenite::connect_async(url).await {
            Ok((socket, _)) => Ok(socket),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(other) => panic!("connecting failed: {other}"),
        }
    }

    /// Opens a live connection from the local address `from` (any of
    /// 127.0.0.0/8 on loopback), as another device would.
    pub async fn live_from(
        &self,
        from: std::net::IpAddr,
        path: &str,
        token: &str,
    ) -> Result<Socket, u16> {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(std::net::SocketAddr::new(from, 0)).unwrap();
        let stream = socket
            .connect(std::net::SocketAddr::from(([127, 0, 0, 1], self.port)))
            .await
            .unwrap();
        let url = format!("ws://127.0.0.1:{}{path}?token={token}", self.port);
        let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
        match tokio_tungstenite::client_async(url, stream).await {
            Ok((socket, _)) => Ok(socket),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(other) => panic!("connecting failed: {other}"),
        }
    }

    /// The server's memory (resident, KB) and the CPU time it and the
    /// workers it has reaped have used.
    pub fn usage(&self) -> (u64, Duration) {
        let pid = self.child.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let rss = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
            .unwrap_or(0);
        // Fields 14 and 15 of /proc/PID/stat, after the name in parentheses.
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let field =
            |n: usize| -> u64 { fields.get(n - 3).and_then(|f| f.parse().ok()).unwrap_or(0) };
        // Clock ticks of 1/100 s, as Linux counts them for /proc: its
        // own, then its reaped children's.
        let ticks = field(14) + field(15) + field(16) + field(17);
        (rss, Duration::from_millis(ticks * 10))
    }

    /// The processes the server has started that have not been reaped.
    pub fn children(&self) -> usize {
        let pid = self.child.id().to_string();
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return 0;
        };
        entries
            .flatten()
            .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
            .filter(|stat| {
                // Field 4, the parent's id, after the name in parentheses.
                let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
                rest.split_whitespace().nth(1) == Some(pid.as_str())
            })
            .count()
    }

    pub async fn class_live(&self, code: &str, token: &str) -> Socket {
        self.live(&format!("/api/classes/{code}/live"), token)
            .await
            .unwrap()
    }

    /// Stops the process at once, as a power cut of the process would.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn unchunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    body
}

pub async fn send(socket: &mut Socket, frame: Value) {
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .unwrap();
}

/// The next frame of type `kind`, skipping others; panics after 10 s.
pub async fn expect(socket: &mut Socket, kind: &str) -> Value {
    let wait = async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let frame: Value = serde_json::from_str(&text).unwrap();
                    if frame["type"] == kind {
                        return frame;
                    }
                }
                Some(Ok(Message::Close(frame))) => {
                    panic!("closed while waiting for {kind}: {frame:?}")
                }
                Some(Ok(_)) => {}
                other => panic!("connection ended while waiting for {kind}: {other:?}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or_else(|_| panic!("no {kind} frame within 10 s"))
}

/// The close code the server ends the connection with.
pub async fn close_code(socket: &mut Socket) -> Option<u16> {
    let wait = async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
                _ => return None,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap()
}

/// A 16 × 16 Cram board of four 5 × 6 regions, each with one cell filled
/// where `seed` says: the playground opens it, and valuing it takes
/// seconds natively.
fn four_region_cram(seed: usize) -> String {
    let mut rows = vec![vec![b'#'; 16]; 16];
    for (region, (top, left)) in [(0, 0), (0, 6), (7, 0), (7, 6)].into_iter().enumerate() {
        for row in &mut rows[top..top + 6] {
            row[left..left + 5].fill(b'.');
        }
        rows[top + (seed + region) % 6][left + (seed * 2 + region) % 5] = b'#';
    }
    rows.iter()
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect()
}

/// A question whose key takes about half a minute of engine work natively:
/// the winning move of eight such boards side by side.
pub fn costly_question() -> Value {
    let sum: String = (0..8)
        .map(|seed| format!("--- cram\n{}", four_region_cram(seed)))
        .collect();
    json!({ "type": "ask", "kind": "move", "game": "sum", "position": sum })
}
