//! The engine's one sort, small in code.
//!
//! The standard library's sorts instantiate 3–10 KB of wasm for each element
//! type and ordering, and the engine sorts short lists (a move's tokens, a
//! board's rectangles, a position's heaps, a word's ends) in a dozen places,
//! so they came to a tenth of the code the browser downloads. This sort is
//! O(n log n) in the worst case, allocates nothing and is a few hundred bytes
//! per use. It is not stable: every caller sorts by keys that differ.

/// Sorts `items` into increasing order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_with(items, |a, b| a < b);
}

/// Sorts `items` into increasing order of `key`, computed on each comparison.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_with(items, |a, b| key(a) < key(b));
}

/// Sorts `items` into increasing order of `key`, computed once per item.
pub fn sort_by_cached_key<T, K: Ord>(items: &mut Vec<T>, key: impl FnMut(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let mut keyed: Vec<(K, T)> = keys.into_iter().zip(items.drain(..)).collect();
    sort_with(&mut keyed, |a, b| a.0 < b.0);
    items.extend(keyed.into_iter().map(|(_, item)| item));
}

/// Insertion sort for short lists; otherwise heapsort with Floyd's sift:
/// the displaced item sinks to a leaf along the larger children (one
/// comparison per level) and climbs back up the few levels it needs, about
/// half the comparisons of a plain sift.
fn sort_with<T>(items: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    // Short lists, the common case, go faster by insertion.
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
    // Restores the max-heap `heap` after its root was replaced.
    let mut sift_down = |heap: &mut [T], root: usize| {
        let mut node = root;
        loop {
            let child = 2 * node + 1;
            if child >= heap.len() {
                break;
            }
            let larger = if child + 1 < heap.len() && less(&heap[child], &heap[child + 1]) {
                child + 1
            } else {
                child
            };
            heap.swap(node, larger);
            node = larger;
        }
        // The old root now sits at `node`; let it climb past smaller parents.
        while node > root {
            let parent = (node - 1) / 2;
            if !less(&heap[parent], &heap[node]) {
                break;
            }
            heap.swap(parent, node);
            node = parent;
        }
    };
    for node in (0..items.len() / 2).rev() {
        sift_down(items, node);
    }
    for end in (1..items.len()).rev() {
        items.swap(0, end);
        sift_down(&mut items[..end], 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library() {
        let mut state = 0x2545_f491_u64;
        for len in 0..200 {
            let mut items: Vec<u16> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 50) as u16
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            let mut by_key = items.clone();
            let mut cached = items.clone();
            sort(&mut items);
            sort_by_key(&mut by_key, |&x| std::cmp::Reverse(x));
            sort_by_cached_key(&mut cached, |&x| x);
            assert_eq!(items, expected);
            assert_eq!(cached, expected);
            by_key.reverse();
            assert_eq!(by_key, expected);
        }
    }
}
