//! The HTTP side: JSON endpoints, the upgrade to a live connection (with
//! its token checked first), the playground's files and the headers every
//! response carries.

use crate::class::{self, ClassPeer, Role, Room};
use crate::game::{self, SeatPeer, Table};
use crate::limits::{MAX_BODY_BYTES, MAX_FAILURES_PER_WINDOW, MAX_TITLE_CHARS, OUTBOX};
use crate::marking::{asked_play, play_word, Position};
use crate::socket::{self, Conn, Peer};
use crate::store::{ClassRecord, GameRecord, StoreError, StudentRecord};
use crate::{engine, lesson, names, now_ms, token, App};
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grundy_core::analysis::Convention;
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// An error reply: a status and one sentence a person can act on.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    }
}

fn refuse(status: StatusCode, message: impl Into<String>) -> ApiError {
    ApiError(status, message.into())
}

type Reply = Result<Response, ApiError>;

pub fn router(app: Arc<App>) -> Router {
    let files = ServeDir::new(&app.dist).append_index_html_on_directories(true);
    Router::new()
        .route("/api/health", get(health))
        .route("/api/classes", post(create_class))
        .route("/api/classes/{code}", axum::routing::delete(end_class))
        .route("/api/classes/{code}/students", post(join_class))
        .route("/api/classes/{code}/results", get(results))
        .route("/api/classes/{code}/results.csv", get(results_csv))
        .route("/api/classes/{code}/join", get(join_address))
        .route("/api/classes/{code}/lesson", get(class_lesson))
        .route("/api/classes/{code}/live", get(class_live))
        .route("/api/games", post(create_game))
        .route("/api/games/{id}/live", get(game_live))
        .route("/api/qr", get(qr).post(qr_of_body))
        .route("/api/{*rest}", get(no_such_endpoint).post(no_such_endpoint))
        .fallback_service(files)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn(api_errors_as_json))
        .layer(middleware::from_fn_with_state(app.clone(), no_way_out))
        .layer(middleware::from_fn_with_state(app.clone(), same_site_only))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(security_headers))
        .with_state(app)
}

/// Serves no file from outside the served folder: a symbolic link in it
/// that leads out (to the data folder, or anywhere the server may read)
/// is answered as a missing file.
async fn no_way_out(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if !path.starts_with("/api/") && leads_out(&app.dist, path) {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    next.run(request).await
}

/// Whether the file a request's path names lies outside `root` once
/// every link on the way is followed.
fn leads_out(root: &std::path::Path, path: &str) -> bool {
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    let wanted = root.join(decoded.trim_start_matches('/'));
    match (wanted.canonicalize(), root.canonicalize()) {
        (Ok(file), Ok(root)) => !file.starts_with(root),
        // A missing file is the file service's to answer.
        _ => false,
    }
}

/// Makes every error of the API JSON, as the contract says, including
/// those the framework writes itself: a method an endpoint does not take
/// (405), a body over the limit (413), a query or upgrade it cannot read.
async fn api_errors_as_json(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !api || is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => format!("this endpoint does not take {method}"),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("a request's body is at most {} KiB", MAX_BODY_BYTES / 1024)
        }
        _ => {
            let said = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let said = String::from_utf8_lossy(&said).trim().to_string();
            if said.is_empty() {
                status
                    .canonical_reason()
                    .unwrap_or("refused")
                    .to_lowercase()
            } else {
                said
            }
        }
    };
    // The response's own headers (a 405's Allow, say) stay.
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = json!({ "error": message }).to_string();
    Response::from_parts(parts, body.into())
}

/// Refuses what another web site's page could make a visitor's browser
/// do: a request to the API that changes something, or opens a live
/// connection, from a page of another origin (its `Origin` header is
/// neither this server's nor one of `--allow-origin`'s), and a request
/// with a body that is not JSON, which a page elsewhere could send as a
/// form or as text/plain without asking the browser first.
async fn same_site_only(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let method = request.method();
    let acts = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
        || headers.contains_key(header::UPGRADE);
    if !request.uri().path().starts_with("/api/") || !acts {
        return next.run(request).await;
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("").to_ascii_lowercase();
        if !app.own_origins.contains(&origin) && !app.allowed_origins.contains(&origin) {
            let shown = grundy_core::input::shorten(&grundy_core::input::escaped(&origin));
            return refuse(
                StatusCode::FORBIDDEN,
                format!(
                    "a page of {shown} may not act on this server; start it with --allow-origin {shown}, or --public-url if students reach it there, to let it"
                ),
            )
            .into_response();
        }
    }
    let carries_body = matches!(*method, Method::POST | Method::PUT | Method::PATCH);
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .and_then(|t| t.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if carries_body && !json {
        return refuse(
            StatusCode::FORBIDDEN,
            "send the request's body as JSON, with content-type: application/json",
        )
        .into_response();
    }
    next.run(request).await
}

/// What every response carries. The policy lets the pages load their own
/// scripts, styles, worker and WebAssembly and nothing from elsewhere; the
/// embeddable pages may be framed by any site, the rest by none.
async fn security_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let mut response = next.run(request).await;
    let embeddable = path.starts_with("/embed") || path.starts_with("/frame");
    let ancestors = if embeddable { "*" } else { "'self'" };
    let policy = format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors {ancestors}"
    );
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Tells a page it was served here, so that a page from a static host
    // never asks for the API (see web/src/class/api.ts).
    headers.insert("server-timing", HeaderValue::from_static("grundy-serve"));
    // A game's link carries a seat's token: no page sends it on.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if path.starts_with("/api/") {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

async fn no_such_endpoint() -> ApiError {
    refuse(
        StatusCode::NOT_FOUND,
        "there is no such endpoint; see /docs/class-server.html",
    )
}

async fn health(State(app): State<Arc<App>>) -> Json<Value> {
    Json(json!({ "ok": true, "lan": app.lan }))
}

/// Reads a JSON body into `T`, saying what is wrong in our own words.
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        refuse(
            StatusCode::BAD_REQUEST,
            format!("the request body is not what this endpoint takes: {e}"),
        )
    })
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Where a request comes from: the peer's address or, where the peer is
/// a proxy named with `--trust-proxy`, the address it forwards for.
/// Every per-address limit counts this.
struct Client(IpAddr);

impl FromRequestParts<Arc<App>> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Arc<App>,
    ) -> Result<Client, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip());
        Ok(Client(client_address(
            peer,
            &parts.headers,
            &app.trusted_proxies,
        )))
    }
}

/// The client's address behind `trusted` proxies: each proxy appends the
/// address it heard from to `X-Forwarded-For`, so the rightmost entry that
/// is not itself a trusted proxy is the client. What a client writes there
/// itself lies to the left, and is never read.
fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    for entry in forwarded.iter().rev() {
        let Some(address) = forwarded_address(entry) else {
            break;
        };
        if !trusted.contains(&address) {
            return address;
        }
    }
    peer
}

/// An entry of `X-Forwarded-For`: an address, maybe with a port.
fn forwarded_address(entry: &str) -> Option<IpAddr> {
    entry
        .parse()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// Refuses a request from an address that has failed too often: only a
/// join by code asks this first, since a code is the one secret short
/// enough to guess. A request with a valid token is never refused for its
/// address's failures, so that students' mistyped codes behind one NAT
/// never lock their teacher out.
fn guard(app: &App, address: IpAddr) -> Result<(), ApiError> {
    if app.failures.exhausted(address) {
        return Err(too_many_failures());
    }
    Ok(())
}

fn too_many_failures() -> ApiError {
    refuse(
        StatusCode::TOO_MANY_REQUESTS,
        format!(
            "too many wrong codes or tokens from this address; wait a minute (at most {MAX_FAILURES_PER_WINDOW} a minute)"
        ),
    )
}

/// A failed code or token: counted against its address, and answered
/// with `error`, or with 429 once the address has failed too often.
fn failed(app: &App, address: IpAddr, error: ApiError) -> ApiError {
    if app.failures.exhausted(address) {
        return too_many_failures();
    }
    app.failures.count(address);
    error
}

fn creations(app: &App, address: IpAddr) -> Result<(), ApiError> {
    if app.creations.exhausted(address) {
        return Err(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many classes and games from this address; wait a minute",
        ));
    }
    app.creations.count(address);
    Ok(())
}

/// The room of class `code`, loaded from the store the first time.
fn room(app: &App, code: &str) -> Result<Option<Arc<Mutex<Room>>>, ApiError> {
    let Some(code) = token::normalise_code(code) else {
        return Ok(None);
    };
    let mut rooms = app.rooms.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(room) = rooms.get(&code) {
        return Ok(Some(room.clone()));
    }
    let Some(record) = app.store.class(&code)? else {
        return Ok(None);
    };
    let room = Arc::new(Mutex::new(Room::load(app.store.as_ref(), record)?));
    rooms.insert(code, room.clone());
    Ok(Some(room))
}

fn unknown_class(app: &App, address: IpAddr) -> ApiError {
    let error = refuse(
        StatusCode::NOT_FOUND,
        "no class has this code; check the code on the board",
    );
    failed(app, address, error)
}

/// The role in `room` of the token a request carries in `Authorization`.
fn bearer_role(room: &Room, headers: &HeaderMap) -> Option<Role> {
    room.role(&token::hash(bearer(headers)?))
}

/// The class, for its teacher only.
fn teacher_room(
    app: &App,
    code: &str,
    headers: &HeaderMap,
    address: IpAddr,
) -> Result<Arc<Mutex<Room>>, ApiError> {
    let room = room(app, code)?.ok_or_else(|| unknown_class(app, address))?;
    if bearer_role(&class::lock(&room), headers) != Some(Role::Teacher) {
        let error = refuse(
            StatusCode::UNAUTHORIZED,
            "only this class's teacher can do that",
        );
        return Err(failed(app, address, error));
    }
    Ok(room)
}

fn created(value: Value) -> Response {
    (StatusCode::CREATED, Json(value)).into_response()
}

/// Trimmed text of at most `max` characters, with no control characters.
fn clean_text(value: &str, what: &str, max: usize) -> Result<String, ApiError> {
    let trimmed = value.trim();
    let count = trimmed.chars().count();
    if count == 0 || count > max {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            format!("a {what} is 1 to {max} characters"),
        ));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            format!("a {what} cannot hold control characters"),
        ));
    }
    Ok(trimmed.to_string())
}

/// The play a request asks for: normal unless it says misère.
fn checked_play(word: Option<&str>) -> Result<Convention, ApiError> {
    asked_play(word).map_err(|why| refuse(StatusCode::BAD_REQUEST, why))
}

/// A position read by the engine (on its pool), as it writes it; a bad
/// one is refused with the engine's own message.
async fn checked_position(
    game: &str,
    position: &str,
    play: Convention,
) -> Result<String, ApiError> {
    let (game, position) = (game.to_string(), position.to_string());
    engine::run(move || Position::open(&game, &position, play).map(|p| p.text()))
        .await
        .map_err(|_| {
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the engine failed on this position",
            )
        })?
        .map_err(|message| refuse(StatusCode::BAD_REQUEST, message))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewClass {
    title: Option<String>,
    lesson: Option<String>,
    game: Option<String>,
    position: Option<String>,
    /// The board's convention, `normal` (the default) or `misere`.
    play: Option<String>,
    /// A class of the same teacher (their token in `Authorization`): the
    /// new class is the course's next session, with its title, lesson,
    /// board and play.
    after: Option<String>,
}

async fn create_class(
    State(app): State<Arc<App>>,
    Client(address): Client,
    headers: HeaderMap,
    bytes: Bytes,
) -> Reply {
    let new: NewClass = body(&bytes)?;
    creations(&app, address)?;
    class::make_room(&app).map_err(|e| refuse(StatusCode::SERVICE_UNAVAILABLE, e))?;
    if let Some(after) = &new.after {
        return next_session(&app, address, after, &headers, &new);
    }
    let title = match (&new.title, &new.lesson) {
        (Some(title), _) => clean_text(title, "title", MAX_TITLE_CHARS)?,
        (None, Some(lesson)) => lesson::title(lesson).unwrap_or_else(|| "Lesson".into()),
        (None, None) => "Class".to_string(),
    };
    let play = checked_play(new.play.as_deref())?;
    let position = match (&new.game, &new.position) {
        (Some(game), Some(position)) => Some(checked_position(game, position, play).await?),
        (Some(game), None) => {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                format!("a class on {game} needs a position"),
            ))
        }
        (None, Some(_)) => {
            return Err(refuse(StatusCode::BAD_REQUEST, "a position needs its game"))
        }
        (None, None) => None,
    };
    let teacher = token::new_token();
    let record = ClassRecord {
        code: String::new(),
        title,
        lesson: new.lesson,
        game: new.game,
        position,
        teacher_hash: token::hash(&teacher),
        locked: false,
        ended: false,
        follow: true,
        slide: 0,
        play: play_word(play).into(),
        paused: false,
        course: None,
    };
    store_class(&app, record, &teacher)
}

/// Opens the next session of a teacher's course: a new code, an empty
/// roster, the same title, lesson, board and play, and the same teacher
/// token, so that one page holds every session.
fn next_session(
    app: &App,
    address: IpAddr,
    after: &str,
    headers: &HeaderMap,
    new: &NewClass,
) -> Reply {
    let copies = [&new.title, &new.lesson, &new.game, &new.position, &new.play];
    if copies.iter().any(|field| field.is_some()) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "a new session copies the class it follows: send \"after\" alone",
        ));
    }
    let previous = teacher_room(app, after, headers, address)?;
    let mut record = class::lock(&previous).record.clone();
    record.course = Some(record.course.unwrap_or(record.code.clone()));
    record.locked = false;
    record.ended = false;
    record.follow = true;
    record.slide = 0;
    record.paused = false;
    let teacher = bearer(headers).unwrap_or_default().to_string();
    store_class(app, record, &teacher)
}

/// Stores a new class under a code not yet taken, and tells its teacher.
fn store_class(app: &App, mut record: ClassRecord, teacher: &str) -> Reply {
    // A code already taken is drawn again; 31⁶ codes make that rare.
    for _ in 0..20 {
        record.code = token::new_code();
        match app.store.create_class(&record, now_ms()) {
            Ok(()) => return Ok(created(json!({ "code": record.code, "teacher": teacher }))),
            Err(StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(refuse(
        StatusCode::SERVICE_UNAVAILABLE,
        "no free class code was found; try again",
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewStudent {
    name: String,
    /// Asks to come back in as the student of this name, on a device
    /// without their token: the teacher lets it in, or not.
    #[serde(default)]
    rejoin: bool,
}

async fn join_class(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    bytes: Bytes,
) -> Reply {
    guard(&app, address)?;
    let room_arc = room(&app, &code)?.ok_or_else(|| unknown_class(&app, address))?;
    let new: NewStudent = body(&bytes)?;
    let name = names::clean_name(&new.name).map_err(|e| refuse(StatusCode::BAD_REQUEST, e))?;
    let student_token = token::new_token();
    let hash = token::hash(&student_token);
    let mut room = class::lock(&room_arc);
    if room.record.ended {
        return Err(refuse(StatusCode::FORBIDDEN, "this class has ended"));
    }
    if new.rejoin {
        let student = match room.student_named(&name) {
            Some(s) if s.kicked => {
                return Err(refuse(
                    StatusCode::FORBIDDEN,
                    "the teacher removed this student from the class",
                ))
            }
            Some(s) => s.id,
            None => {
                let error = refuse(
                    StatusCode::NOT_FOUND,
                    "nobody in this class has that name; join as a new student",
                );
                return Err(failed(&app, address, error));
            }
        };
        room.ask_rejoin(student, hash);
        drop(room);
        class::schedule_flush(&room_arc);
        let reply = json!({ "id": student, "token": student_token, "waiting": true });
        return Ok((StatusCode::ACCEPTED, Json(reply)).into_response());
    }
    if room.record.locked {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "the teacher has locked this class; ask them to open it",
        ));
    }
    if room.is_full() {
        return Err(refuse(StatusCode::FORBIDDEN, "this class is full"));
    }
    let name_taken = || {
        refuse(
            StatusCode::CONFLICT,
            "someone in this class has that name, or one that looks the same; add an initial",
        )
    };
    if room.has_name_like(&name) {
        return Err(name_taken());
    }
    let joined_ms = now_ms();
    let id = match app
        .store
        .add_student(&room.record.code, &name, &hash, joined_ms)
    {
        Ok(id) => id,
        Err(StoreError::Conflict) => return Err(name_taken()),
        Err(e) => return Err(e.into()),
    };
    room.add_student(StudentRecord {
        id,
        name,
        token_hash: hash,
        kicked: false,
        joined_ms,
    });
    drop(room);
    class::schedule_flush(&room_arc);
    Ok(created(json!({ "id": id, "token": student_token })))
}

async fn results(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let room = teacher_room(&app, &code, &headers, address)?;
    let results = class::lock(&room).results();
    Ok(Json(results).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CsvQuery {
    /// `answer` (the default): a row per answer; `student`: a row per student.
    by: Option<String>,
    /// `all`: every session of the class's course, each row led by its session.
    sessions: Option<String>,
}

async fn results_csv(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    Query(query): Query<CsvQuery>,
    headers: HeaderMap,
) -> Reply {
    let room = teacher_room(&app, &code, &headers, address)?;
    let (by_student, name) = match query.by.as_deref().unwrap_or("answer") {
        "answer" => (false, "class"),
        "student" => (true, "class-students"),
        _ => {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                "by is \"answer\" (a row per answer) or \"student\" (a row per student)",
            ))
        }
    };
    let header = if by_student {
        class::SUMMARY_HEADER
    } else {
        class::CSV_HEADER
    };
    let rows = |room: &Room, lead: &str, csv: &mut String| {
        if by_student {
            room.student_rows(lead, csv)
        } else {
            room.answer_rows(lead, csv)
        }
    };
    let (code, course, teacher) = {
        let room = class::lock(&room);
        let r = &room.record;
        let course = r.course.clone().unwrap_or(r.code.clone());
        (r.code.clone(), course, r.teacher_hash.clone())
    };
    let mut csv = String::new();
    match query.sessions.as_deref() {
        None => {
            csv.push_str(header);
            csv.push('\n');
            rows(&class::lock(&room), "", &mut csv);
        }
        Some("all") => {
            csv.push_str(class::SESSION_COLUMNS);
            csv.push_str(header);
            csv.push('\n');
            for (index, session) in app.store.sessions(&course)?.iter().enumerate() {
                let Some(session_room) = self::room(&app, session)? else {
                    continue;
                };
                let session_room = class::lock(&session_room);
                // Every session of a course has its first session's teacher.
                if session_room.record.teacher_hash == teacher {
                    rows(
                        &session_room,
                        &format!("{},{session},", index + 1),
                        &mut csv,
                    );
                }
            }
        }
        Some(_) => {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                "sessions is \"all\" (every session of the course), or left out",
            ))
        }
    }
    let disposition = format!("attachment; filename=\"{name}-{code}.csv\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        csv,
    )
        .into_response())
}

/// The class's lesson for whoever holds a token of it: the teacher's
/// whole, a student's copy without notes or answers.
async fn class_lesson(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let room = room(&app, &code)?.ok_or_else(|| unknown_class(&app, address))?;
    let lesson = {
        let room = class::lock(&room);
        match bearer_role(&room, &headers) {
            Some(role) => room.lesson_for(role),
            None => {
                let error = refuse(
                    StatusCode::UNAUTHORIZED,
                    "only this class's teacher and students can read its lesson",
                );
                return Err(failed(&app, address, error));
            }
        }
    };
    Ok(Json(json!({ "lesson": lesson })).into_response())
}

async fn end_class(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let room = teacher_room(&app, &code, &headers, address)?;
    class::lock(&room).end(app.store.as_ref())?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Where students join this class: `--public-url` where it is given;
/// else the address the teacher's page came from, where it is one of the
/// server's own and not loopback; else the server's first address on the
/// room's network, or the one it listens on. Never a `Host` header the
/// server does not know as its own.
async fn join_address(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Reply {
    let room = teacher_room(&app, &code, &headers, address)?;
    let code = class::lock(&room).record.code.clone();
    let asked = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|host| format!("http://{}", host.to_ascii_lowercase()));
    let loopback = |url: &str| {
        ["http://127.", "http://localhost", "http://[::1]"]
            .iter()
            .any(|start| url.starts_with(start))
    };
    let base = match (&app.public_url, asked, app.lan.first()) {
        (Some(public), _, _) => public.clone(),
        (None, Some(asked), _) if !loopback(&asked) && app.own_origins.contains(&asked) => {
            format!("{asked}/")
        }
        (None, _, Some(lan)) => lan.clone(),
        (None, _, None) => app.listening.clone(),
    };
    let url = format!("{base}class.html?code={code}");
    let qr = svg_qr(&url).ok_or_else(|| {
        refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the QR code could not be drawn",
        )
    })?;
    let reachable = !loopback(&base);
    Ok(Json(json!({ "url": url, "code": code, "qr": qr, "reachable": reachable })).into_response())
}

fn svg_qr(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

#[derive(Deserialize)]
struct QrQuery {
    text: String,
}

/// A QR code of any short text, as SVG, for a page to show a link.
/// A QR code of text sent in the body, for text that holds a token: a
/// body, unlike an address, is in no proxy's log.
async fn qr_of_body(bytes: Bytes) -> Reply {
    qr(Query(body::<QrQuery>(&bytes)?)).await
}

async fn qr(Query(query): Query<QrQuery>) -> Reply {
    if query.text.len() > 1000 {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "a QR code holds at most 1000 characters here",
        ));
    }
    let svg = svg_qr(&query.text)
        .ok_or_else(|| refuse(StatusCode::BAD_REQUEST, "this text does not fit a QR code"))?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

#[derive(Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// The subprotocol a page offers for its live connection, beside the one
/// that carries its token.
const LIVE_PROTOCOL: &str = "grundy";
/// What the subprotocol carrying a token starts with.
const TOKEN_PROTOCOL: &str = "token.";

/// The token a live connection opens with: a page offers it as the
/// subprotocol `token.<T>` beside `grundy`, a header, which a proxy does
/// not log as it logs addresses; a script may give `?token=` instead.
fn live_token(upgrade: &WebSocketUpgrade, query: &TokenQuery) -> String {
    let offered = upgrade
        .requested_protocols()
        .filter_map(|p| p.to_str().ok())
        .find_map(|p| p.strip_prefix(TOKEN_PROTOCOL));
    offered
        .or(query.token.as_deref())
        .unwrap_or_default()
        .to_string()
}

fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    // Frames past 64 KiB are closed with 1009 by the connection itself;
    // this bound only keeps a hostile frame from being read whole. The
    // buffers start small (frames here are a few hundred bytes) and grow
    // for a larger one: a class of 500 holds 500 of each.
    upgrade
        .protocols([LIVE_PROTOCOL])
        .max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        .read_buffer_size(4 << 10)
        .write_buffer_size(4 << 10)
}

/// Completes the upgrade to a live connection from `address`, where it
/// has room: `attach` gives the connection's queue to its room and
/// returns what handles its frames.
fn go_live<P: Peer + 'static>(
    app: Arc<App>,
    address: IpAddr,
    upgrade: WebSocketUpgrade,
    attach: impl FnOnce(Conn) -> P + Send + 'static,
) -> Reply {
    let slot = app
        .connections
        .take(address)
        .map_err(|message| refuse(StatusCode::TOO_MANY_REQUESTS, message))?;
    Ok(limited(upgrade).on_upgrade(move |socket| async move {
        let (outbox, inbox) = mpsc::channel(OUTBOX);
        let conn = Conn::new(app.next_conn.fetch_add(1, Ordering::Relaxed), outbox);
        let stopping = app.stopping.clone();
        socket::run(socket, attach(conn), inbox, stopping).await;
        drop(slot);
    }))
}

fn wrong_token(app: &App, address: IpAddr) -> ApiError {
    let error = refuse(
        StatusCode::UNAUTHORIZED,
        "this link's token is not valid here; join again",
    );
    failed(app, address, error)
}

async fn class_live(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(code): Path<String>,
    Query(query): Query<TokenQuery>,
    upgrade: WebSocketUpgrade,
) -> Reply {
    let room_arc = room(&app, &code)?.ok_or_else(|| unknown_class(&app, address))?;
    let hash = token::hash(&live_token(&upgrade, &query));
    let (role, removed, rejoin) = {
        let room = class::lock(&room_arc);
        (
            room.role(&hash),
            room.was_removed(&hash),
            room.rejoin_of(&hash),
        )
    };
    let role = match (role, rejoin) {
        (Some(role), _) => role,
        // A removed student's page is told so, and stops coming back.
        (None, _) if removed => {
            return go_live(app.clone(), address, upgrade, |conn| {
                class::tell_removed(&conn);
                socket::Closed
            })
        }
        (None, Some(student)) => {
            return go_live(app.clone(), address, upgrade, move |conn| {
                let conn_id = conn.id;
                class::lock(&room_arc).wait(student, conn);
                class::Waiting {
                    room: room_arc,
                    student,
                    conn_id,
                }
            })
        }
        (None, None) => return Err(wrong_token(&app, address)),
    };
    go_live(app.clone(), address, upgrade, move |conn| {
        let conn_id = conn.id;
        class::lock(&room_arc).connect(role, conn);
        class::schedule_flush(&room_arc);
        ClassPeer {
            app,
            room: room_arc,
            role,
            conn_id,
            address,
        }
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    position: String,
    play: Option<String>,
}

async fn create_game(State(app): State<Arc<App>>, Client(address): Client, bytes: Bytes) -> Reply {
    let new: NewGame = body(&bytes)?;
    creations(&app, address)?;
    game::make_room(&app).map_err(|e| refuse(StatusCode::SERVICE_UNAVAILABLE, e))?;
    let play = checked_play(new.play.as_deref())?;
    let start = checked_position(&new.game, &new.position, play).await?;
    let seats = [token::new_token(), token::new_token()];
    let record = GameRecord {
        id: token::new_id(),
        game: new.game,
        play: play_word(play).into(),
        start,
        seat_hashes: [token::hash(&seats[0]), token::hash(&seats[1])],
        moves: Vec::new(),
    };
    app.store.create_game(&record, now_ms())?;
    Ok(created(json!({ "id": record.id, "seats": seats })))
}

/// The table of game `id`, loaded from the store the first time.
async fn table(app: &Arc<App>, id: &str) -> Result<Option<Arc<Mutex<Table>>>, ApiError> {
    if let Some(table) = app.tables.lock().unwrap_or_else(|p| p.into_inner()).get(id) {
        return Ok(Some(table.clone()));
    }
    let (store_app, id_owned) = (app.clone(), id.to_string());
    let loaded = engine::run(move || game::load(store_app.store.as_ref(), &id_owned))
        .await
        .map_err(|_| {
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the engine failed on this game",
            )
        })?
        .map_err(|message| refuse(StatusCode::INTERNAL_SERVER_ERROR, message))?;
    let Some(loaded) = loaded else {
        return Ok(None);
    };
    let mut tables = app.tables.lock().unwrap_or_else(|p| p.into_inner());
    Ok(Some(
        tables
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(loaded)))
            .clone(),
    ))
}

async fn game_live(
    State(app): State<Arc<App>>,
    Client(address): Client,
    Path(id): Path<String>,
    Query(query): Query<TokenQuery>,
    upgrade: WebSocketUpgrade,
) -> Reply {
    if id.len() > 64 {
        return Err(wrong_token(&app, address));
    }
    let Some(table_arc) = table(&app, &id).await? else {
        let error = refuse(
            StatusCode::NOT_FOUND,
            "there is no such game; ask for a new link",
        );
        return Err(failed(&app, address, error));
    };
    let hash = token::hash(&live_token(&upgrade, &query));
    let seat = game::lock(&table_arc)
        .seat(&hash)
        .ok_or_else(|| wrong_token(&app, address))?;
    go_live(app.clone(), address, upgrade, move |conn| {
        let conn_id = conn.id;
        game::lock(&table_arc).connect(seat, conn);
        SeatPeer {
            app,
            table: table_arc,
            seat,
            conn_id,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_forwarded_address_is_read_only_from_a_trusted_proxy() {
        let proxy = [ip("10.0.0.2")];
        let headers = forwarded(&["192.0.2.7"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &headers, &proxy),
            ip("192.0.2.7")
        );
        // Anyone else writing the header is seen as themselves.
        assert_eq!(
            client_address(ip("10.0.0.9"), &headers, &proxy),
            ip("10.0.0.9")
        );
        assert_eq!(
            client_address(ip("10.0.0.9"), &headers, &[]),
            ip("10.0.0.9")
        );
    }

    #[test]
    fn what_a_client_writes_before_the_proxy_s_entry_is_never_read() {
        let proxies = [ip("10.0.0.2"), ip("10.0.0.3")];
        // The client claimed 1.1.1.1; the outer proxy heard 192.0.2.7, the
        // inner one heard the outer proxy.
        let headers = forwarded(&["1.1.1.1, 192.0.2.7", "10.0.0.3"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &headers, &proxies),
            ip("192.0.2.7")
        );
        let with_port = forwarded(&["192.0.2.7:5123"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &with_port, &proxies),
            ip("192.0.2.7")
        );
        // An entry no proxy would write leaves the proxy's own address.
        let garbage = forwarded(&["not an address"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &garbage, &proxies),
            ip("10.0.0.2")
        );
        assert_eq!(
            client_address(ip("10.0.0.2"), &HeaderMap::new(), &proxies),
            ip("10.0.0.2")
        );
    }
}
