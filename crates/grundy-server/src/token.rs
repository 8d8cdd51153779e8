//! Join codes, bearer tokens and the hashes the database keeps of them.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// The letters of a join code: no 0/O, 1/I/L, so that a code read off a
/// projector is typed right.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
pub const CODE_LENGTH: usize = 6;

/// Random bytes from the operating system; a server that cannot have
/// them must not hand out guessable tokens, so it stops.
pub(crate) fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system's random source failed");
    bytes
}

/// A bearer token: 192 random bits, URL-safe base64 (32 characters).
pub fn new_token() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<24>())
}

/// A public id, for a game's address: 96 random bits.
pub fn new_id() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<12>())
}

/// A join code of `CODE_LENGTH` letters of `CODE_ALPHABET`, drawn without
/// bias (bytes of 248 and over are drawn again).
pub fn new_code() -> String {
    let alphabet = CODE_ALPHABET.len();
    let limit = (256 / alphabet * alphabet) as u8;
    let mut code = String::with_capacity(CODE_LENGTH);
    while code.len() < CODE_LENGTH {
        for byte in random_bytes::<16>() {
            if byte < limit && code.len() < CODE_LENGTH {
                code.push(CODE_ALPHABET[byte as usize % alphabet] as char);
            }
        }
    }
    code
}

/// What the database keeps of a token: its SHA-256, in hex. Tokens carry
/// 192 random bits, so a plain hash (no salt, no stretching) cannot be
/// searched back to one.
pub fn hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A code as typed: upper-cased, spaces and dashes dropped; `None` when it
/// cannot be a code at all.
pub fn normalise_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let valid = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
    valid.then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_url_safe() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, new_token());
        assert!(a
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    }

    #[test]
    fn codes_use_only_the_alphabet() {
        for _ in 0..200 {
            let code = new_code();
            assert_eq!(normalise_code(&code), Some(code.clone()));
        }
        assert_eq!(normalise_code("ab c-d2 3"), Some("ABCD23".into()));
        assert_eq!(normalise_code("ABCDE0"), None);
        assert_eq!(normalise_code("ABCDE"), None);
    }

    #[test]
    fn a_hash_is_not_the_token() {
        let token = new_token();
        assert_eq!(hash(&token).len(), 64);
        assert_ne!(hash(&token), token);
        assert_eq!(hash(&token), hash(&token));
    }
}
