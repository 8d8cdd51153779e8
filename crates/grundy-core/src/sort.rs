//! The engine's one sort, small in code.
//!
//! The standard library's sorts instantiate 3–10 KB of wasm for each element
//! type and ordering, and the engine sorts short lists (a move's tokens, a
//! board's rectangles, a position's heaps, a word's ends) in a dozen places,
//! so they came to a tenth of the code the browser downloads. This merge
//! sort is stable, O(n log n) in the worst case, linear on input already in
//! order, and a few hundred bytes per use.

/// Sorts `items` into increasing order.
pub fn sort<T: Ord + Copy>(items: &mut [T]) {
    sort_with(items, &mut |a, b| a < b);
}

/// Sorts `items` into increasing order of `key`, computed on each comparison.
pub fn sort_by_key<T: Copy, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_with(items, &mut |a, b| key(a) < key(b));
}

/// Sorts `items` into increasing order of `key`, computed once per item.
pub fn sort_by_cached_key<T: Copy, K: Ord + Copy>(items: &mut [T], key: impl FnMut(&T) -> K) {
    let mut keyed: Vec<(K, T)> = items.iter().map(key).zip(items.iter().copied()).collect();
    sort_with(&mut keyed, &mut |a, b| a.0 < b.0);
    for (item, (_, sorted)) in items.iter_mut().zip(keyed) {
        *item = sorted;
    }
}

/// Insertion sort for short lists; otherwise merge sort, which skips the
/// merge of halves already in order, so runs that arrive sorted cost one
/// comparison each. Equal items keep their order.
fn sort_with<T: Copy>(items: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    if items.len() <= 16 {
        for end in 1..items.len() {
            let mut at = end;
            while at > 0 && less(&items[at], &items[at - 1]) {
                items.swap(at, at - 1);
                at -= 1;
            }
        }
        return;
    }
    let middle = items.len() / 2;
    sort_with(&mut items[..middle], less);
    sort_with(&mut items[middle..], less);
    if !less(&items[middle], &items[middle - 1]) {
        return;
    }
    let left = items[..middle].to_vec();
    let (mut from_left, mut from_right) = (0, middle);
    for place in 0..items.len() {
        let take_right = from_left == left.len()
            || (from_right < items.len() && less(&items[from_right], &left[from_left]));
        if take_right {
            items[place] = items[from_right];
            from_right += 1;
        } else {
            items[place] = left[from_left];
            from_left += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_keeping_ties_in_order() {
        let mut state = 0x2545_f491_u64;
        for len in 0..300 {
            // Few distinct keys, so ties are common; the index shows their order.
            let mut items: Vec<(u16, usize)> = (0..len)
                .map(|index| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    ((state % 20) as u16, index)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| item.0);
            let mut cached = items.clone();
            let mut whole = items.clone();
            sort_by_key(&mut items, |item| item.0);
            sort_by_cached_key(&mut cached, |item| item.0);
            sort(&mut whole);
            assert_eq!(items, expected);
            assert_eq!(cached, expected);
            assert_eq!(whole, expected);
            // Sorted input stays as it is.
            sort_by_key(&mut items, |item| item.0);
            assert_eq!(items, expected);
        }
    }
}
