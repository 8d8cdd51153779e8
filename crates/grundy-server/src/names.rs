//! Students' names as a class shows them and tells them apart. A name is
//! written in NFC with its invisible characters (zero-width, bidi
//! controls, soft hyphens, variation selectors) taken out, so that what
//! the projector shows is what was typed; two names are the same name
//! when their keys are equal, so that "Ana", "Ana" with a zero-width
//! space, "ANA" and "Аna" with a Cyrillic А cannot sit side by side.

use crate::limits::MAX_NAME_CHARS;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Characters that show nothing, or turn text around, wherever they stand.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A name as the class shows it, or why it cannot be one.
pub fn clean_name(typed: &str) -> Result<String, String> {
    let visible: String = typed.nfc().filter(|c| !is_invisible(*c)).collect();
    // Runs of spaces of any kind are one space.
    let name = visible.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.chars().any(char::is_control) {
        return Err("a name cannot hold control characters".into());
    }
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS {
        return Err(format!(
            "a name is 1 to {MAX_NAME_CHARS} visible characters"
        ));
    }
    Ok(name)
}

/// What two names are compared by: case, accents, width and letters that
/// look alike in Latin, Greek and Cyrillic are all set aside.
pub fn name_key(name: &str) -> String {
    name.nfkd()
        .filter(|c| !is_combining_mark(*c) && !is_invisible(*c) && !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .map(look_alike)
        .collect()
}

/// The Latin letter a Greek or Cyrillic one is drawn like (in lower case),
/// and the digits and letters that are mistaken for each other.
fn look_alike(c: char) -> char {
    match c {
        'а' | 'α' => 'a',
        'в' | 'β' => 'b',
        'с' | 'ϲ' => 'c',
        'ԁ' => 'd',
        'е' | 'ё' | 'є' | 'ε' => 'e',
        'һ' => 'h',
        'і' | 'ї' | 'ι' | 'ӏ' | 'l' | '1' | '|' => 'i',
        'ј' => 'j',
        'к' | 'κ' => 'k',
        'м' => 'm',
        'п' | 'η' => 'n',
        'о' | 'ο' | 'σ' | '0' => 'o',
        'р' | 'ρ' => 'p',
        'ԛ' => 'q',
        'ѕ' => 's',
        'т' | 'τ' => 't',
        'υ' | 'ц' => 'u',
        'ν' => 'v',
        'ԝ' | 'ω' => 'w',
        'х' | 'χ' => 'x',
        'у' | 'γ' => 'y',
        'ζ' => 'z',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_and_spaces_do_not_make_a_name() {
        assert!(clean_name("\u{200B}\u{200D}").is_err());
        assert!(clean_name("   ").is_err());
        assert_eq!(clean_name("  Ana\u{200B}  Lee ").unwrap(), "Ana Lee");
        assert_eq!(clean_name("\u{202E}anA").unwrap(), "anA");
        assert!(clean_name("a\u{7}b").is_err());
        assert!(clean_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
    }

    #[test]
    fn a_name_written_two_ways_is_one_name() {
        let composed = clean_name("\u{C1}na").unwrap();
        let decomposed = clean_name("A\u{301}na").unwrap();
        assert_eq!(composed, decomposed);
    }

    #[test]
    fn names_that_look_alike_have_one_key() {
        let key = name_key("Ana");
        for twin in ["Ana\u{200B}", "ANA", "\u{410}na", "Ána", "A n a", "Ａｎａ"] {
            assert_eq!(name_key(twin), key, "{twin}");
        }
        assert_ne!(name_key("Anna"), key);
        assert_eq!(name_key("Bill"), name_key("Bi11"));
    }
}
