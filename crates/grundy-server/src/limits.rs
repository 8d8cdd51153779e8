//! Every bound the server keeps, stated once, and the counters that keep them.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest frame a live connection takes; a larger one closes it (1009).
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Frames a second a live connection may send; more closes it (1008).
pub const MAX_FRAMES_PER_SECOND: u32 = 20;
/// Malformed or refused frames in a row before a connection is closed (1008).
pub const MAX_BAD_FRAMES_IN_A_ROW: u32 = 10;
/// Students in one class, counting those removed.
pub const MAX_STUDENTS_PER_CLASS: usize = 1000;
/// Classes not yet ended on one server. When it holds this many, a new or
/// reopened class ends the idlest open class with nobody connected that
/// has been idle for [`IDLE_BEFORE_ENDED`], so that nobody can fill the
/// server with empty classes for good.
pub const MAX_OPEN_CLASSES: u64 = 10_000;
/// How long an open class must have been idle (no join, no question) for
/// a full server to end it.
pub const IDLE_BEFORE_ENDED: Duration = Duration::from_secs(10 * 60);
/// Games between two devices kept on one server. When it holds this
/// many, a new game deletes the idlest with nobody connected that has had
/// no move for [`IDLE_BEFORE_ENDED`].
pub const MAX_GAMES: u64 = 100_000;
/// A class nobody has joined or asked a question in for this long is
/// erased, with its roster and results: a school year and a summer.
pub const CLASS_RETENTION: Duration = Duration::from_secs(400 * 24 * 3600);
/// A game nobody has moved in for this long is deleted.
pub const GAME_RETENTION: Duration = Duration::from_secs(30 * 24 * 3600);
/// How often the server looks for what has expired.
pub const SWEEP: Duration = Duration::from_secs(3600);
/// Failed joins (unknown code, wrong token) from one address in a window
/// before it is refused (429): six letters of 31 cannot be guessed at this rate.
pub const MAX_FAILURES_PER_WINDOW: u32 = 30;
/// Classes and games one address may create in a window.
pub const MAX_CREATIONS_PER_WINDOW: u32 = 60;
pub const WINDOW: Duration = Duration::from_secs(60);
/// The longest name, title and request body.
pub const MAX_NAME_CHARS: usize = 32;
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// Frames queued for one connection; a client that reads slower than the
/// class moves is closed and reconnects to a fresh state.
pub const OUTBOX: usize = 256;

/// The time the engine has to work out a question's answer key, in a
/// process killed when it is up: a question past it is refused when asked.
/// Valuing every move of a 16 × 16 Cram board of four 30-cell regions,
/// as the playground opens it, takes about 3 s natively; a sum of eight
/// such boards, half a minute.
pub const ANSWER_KEY_TIME: Duration = Duration::from_secs(5);

/// Live connections one token (a student, a teacher, a seat of a game)
/// holds at once: a further one closes the oldest (1008), so that one
/// token cannot hold the server's memory with sockets.
pub const MAX_CONNECTIONS_PER_TOKEN: usize = 4;
/// Live connections from one address (see [`PerAddress`] for what an
/// address is): a lecture hall behind one NAT, or a school with every
/// student on two tabs.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 1000;
/// Live connections to one server. An idle one holds some 10 KB.
pub const MAX_CONNECTIONS: usize = 20_000;

/// The live connections open, per address and in all.
#[derive(Default)]
pub struct Connections {
    open: Mutex<(HashMap<IpAddr, usize>, usize)>,
}

/// One live connection's place in [`Connections`], given back when dropped.
pub struct Slot {
    connections: std::sync::Arc<Connections>,
    address: IpAddr,
}

impl Connections {
    /// A place for one more connection from `address`, or why there is none.
    pub fn take(self: &std::sync::Arc<Self>, address: IpAddr) -> Result<Slot, String> {
        let address = client_of(address);
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if open.1 >= MAX_CONNECTIONS {
            return Err(format!(
                "this server holds {MAX_CONNECTIONS} live connections, its most; try again soon"
            ));
        }
        let from = open.0.entry(address).or_insert(0);
        if *from >= MAX_CONNECTIONS_PER_ADDRESS {
            return Err(format!(
                "this address holds {MAX_CONNECTIONS_PER_ADDRESS} live connections, its most; close a tab"
            ));
        }
        *from += 1;
        open.1 += 1;
        Ok(Slot {
            connections: self.clone(),
            address,
        })
    }

    /// How many are open in all.
    pub fn total(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).1
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .connections
            .open
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        open.1 -= 1;
        if let Some(from) = open.0.get_mut(&self.address) {
            *from -= 1;
            if *from == 0 {
                open.0.remove(&self.address);
            }
        }
    }
}

/// How often the server pings each live connection; pages send their own
/// ping as often.
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// A connection that has sent nothing (not even a pong) for this long is
/// closed: its student shows as away.
pub const SILENCE: Duration = Duration::from_secs(40);

/// The part of an address that names one client: an IPv6 address's
/// first 64 bits, since one machine holds a whole /64 and could step
/// through its addresses to escape a limit.
fn client_of(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// One piece of work at a time per address (per client, see
/// [`client_of`]): a further one waits its turn, so that one client's
/// work never holds more than one place however many it sends.
#[derive(Default)]
pub struct Turns {
    queues: Mutex<HashMap<IpAddr, Arc<tokio::sync::Mutex<()>>>>,
}

/// An address's turn, given up when dropped.
pub struct Turn<'a> {
    turns: &'a Turns,
    address: IpAddr,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Turns {
    fn queues(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Arc<tokio::sync::Mutex<()>>>> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for `address`'s turn.
    pub async fn take(&self, address: IpAddr) -> Turn<'_> {
        let address = client_of(address);
        let queue = self.queues().entry(address).or_default().clone();
        Turn {
            turns: self,
            address,
            held: Some(queue.lock_owned().await),
        }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        drop(self.held.take());
        let mut queues = self.turns.queues();
        // Nobody else holds or waits for the address's turn: forget it.
        if queues
            .get(&self.address)
            .is_some_and(|queue| Arc::strong_count(queue) == 1)
        {
            queues.remove(&self.address);
        }
    }
}

/// Counts events per address (per client, see [`client_of`]) in fixed windows.
pub struct PerAddress {
    limit: u32,
    counts: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl PerAddress {
    pub fn new(limit: u32) -> PerAddress {
        PerAddress {
            limit,
            counts: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, work: impl FnOnce(&mut HashMap<IpAddr, (Instant, u32)>) -> T) -> T {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        // Forget finished windows, so the map holds only recent addresses.
        if counts.len() > 10_000 {
            counts.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        work(&mut counts)
    }

    /// Whether `address` has used up its window.
    pub fn exhausted(&self, address: IpAddr) -> bool {
        self.with(|counts| {
            counts
                .get(&client_of(address))
                .is_some_and(|(start, n)| start.elapsed() < WINDOW && *n >= self.limit)
        })
    }

    /// Counts one event for `address`.
    pub fn count(&self, address: IpAddr) {
        self.with(|counts| {
            let entry = counts
                .entry(client_of(address))
                .or_insert((Instant::now(), 0));
            if entry.0.elapsed() >= WINDOW {
                *entry = (Instant::now(), 0);
            }
            entry.1 += 1;
        })
    }
}

/// Frames a connection has sent this second.
pub struct FrameRate {
    second: Instant,
    frames: u32,
}

impl Default for FrameRate {
    fn default() -> FrameRate {
        FrameRate {
            second: Instant::now(),
            frames: 0,
        }
    }
}

impl FrameRate {
    /// Counts a frame; false once this second's allowance is spent.
    pub fn allow(&mut self) -> bool {
        if self.second.elapsed() >= Duration::from_secs(1) {
            self.second = Instant::now();
            self.frames = 0;
        }
        self.frames += 1;
        self.frames <= MAX_FRAMES_PER_SECOND
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_address_waits_for_its_own_turn_only_and_is_forgotten_after() {
        let turns = Turns::default();
        let (one, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let first = turns.take(one).await;
        let waiting = tokio::time::timeout(Duration::from_millis(50), turns.take(one)).await;
        assert!(
            waiting.is_err(),
            "a second turn of one address did not wait"
        );
        let beside = tokio::time::timeout(Duration::from_millis(50), turns.take(other)).await;
        assert!(beside.is_ok(), "another address waited");
        drop(beside);
        drop(first);
        assert!(turns.queues().is_empty(), "turns nobody waits for are kept");
    }

    #[test]
    fn an_address_is_refused_after_its_limit() {
        let limit = PerAddress::new(3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            assert!(!limit.exhausted(a));
            limit.count(a);
        }
        assert!(limit.exhausted(a));
        assert!(!limit.exhausted(b));
    }

    #[test]
    fn the_addresses_of_one_ipv6_network_count_as_one_client() {
        let limit = PerAddress::new(2);
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        limit.count(a);
        limit.count(b);
        assert!(limit.exhausted(a));
        assert!(!limit.exhausted(elsewhere));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        limit.count(mapped);
        limit.count("10.0.0.1".parse().unwrap());
        assert!(limit.exhausted("10.0.0.1".parse().unwrap()));
    }

    #[test]
    fn an_address_holds_a_bounded_number_of_connections_given_back_on_close() {
        let connections = std::sync::Arc::new(Connections::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let slots: Vec<Slot> = (0..MAX_CONNECTIONS_PER_ADDRESS)
            .map(|_| connections.take(a).unwrap())
            .collect();
        assert!(connections.take(a).is_err());
        assert!(connections.take("10.0.0.2".parse().unwrap()).is_ok());
        drop(slots);
        assert_eq!(connections.total(), 0);
        assert!(connections.take(a).is_ok());
    }

    #[test]
    fn a_burst_past_the_frame_rate_is_caught() {
        let mut rate = FrameRate::default();
        let allowed = (0..100).filter(|_| rate.allow()).count();
        assert_eq!(allowed, MAX_FRAMES_PER_SECOND as usize);
    }
}
