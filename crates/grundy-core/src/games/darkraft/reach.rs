//! Which rectangles of a class play can reach: the table solves only those.

use super::letters::Letters;
use super::rotated::Class;
use crate::rect_table::Block;

/// Which rectangles of a class play from `components` can reach, as
/// flags indexed like `Nimbers`: the components, the pieces every move
/// leaves in a reachable rectangle, and the rectangle each trims to.
///
/// A piece touches the cell of its move at a corner (X) or along an edge
/// line (L, R), inside a reachable rectangle that shares its other
/// bounds. So, going from large rectangles to small, a piece is reachable
/// when its move's cell exists and some reachable rectangle extends it
/// past that cell on the far sides. Those "some rectangle extends it"
/// facts are themselves kept per rectangle and built up from its
/// one-line-larger neighbours, so each rectangle takes constant time.
pub(super) fn reachable(class: &Class, letters: &Letters, components: &[Block]) -> Vec<bool> {
    // Per rectangle: whether it is reachable, and whether a reachable one
    // shares its top and left bounds with bottom and right bounds at least
    // its own (DOWN_RIGHT), and so on for the other corners and edges.
    const ITSELF: u16 = 1;
    const DOWN_RIGHT: u16 = 1 << 1;
    const DOWN_LEFT: u16 = 1 << 2;
    const UP_RIGHT: u16 = 1 << 3;
    const UP_LEFT: u16 = 1 << 4;
    const DOWN: u16 = 1 << 5;
    const UP: u16 = 1 << 6;
    const RIGHT: u16 = 1 << 7;
    const LEFT: u16 = 1 << 8;
    let (wx, wy) = (class.width_x, class.width_y);
    // Top and left bounds are stored one up, so that a bound of -1, like
    // a bottom or right bound one past the class, is a flag-free border.
    let (fx, fy) = (wx + 2, wy + 2);
    let at = |t: usize, b: usize, l: usize, r: usize| (((t + 1) * fx + b) * fy + l + 1) * fy + r;
    let (one_down, one_up, one_left) = (fy * fy, fx * fy * fy, fy);
    let mut flags = vec![0u16; fx * fx * fy * fy];
    for block in components {
        flags[at(block.top, block.bottom, block.left, block.right)] = ITSELF;
    }
    // Letter masks shifted one up, so that line -1 reads as empty.
    let x_columns: Vec<u64> = [0]
        .into_iter()
        .chain(letters.x_columns.iter().map(|&columns| columns << 1))
        .chain([0])
        .collect();
    let has = |mask: u64, line_plus_one: usize| (mask << 1) >> line_plus_one & 1 != 0;
    for height in (1..=wx).rev() {
        for t in 0..=wx - height {
            let b = t + height;
            let r_columns = letters.r_columns[t * (wx + 1) + b];
            for width in (1..=wy).rev() {
                for l in 0..=wy - width {
                    let r = l + width;
                    let k = at(t, b, l, r);
                    let l_rows = letters.l_rows[l * (wy + 1) + r];
                    let x_below = x_columns[b + 1];
                    let x_above = x_columns[t];
                    // A piece of a move at (b, r), (b, l − 1), (t − 1, r),
                    // (t − 1, l − 1), along row b or t − 1, or along
                    // column r or l − 1.
                    let piece = (x_below >> (r + 1) & 1 != 0
                        && flags[k + one_down + 1] & DOWN_RIGHT != 0)
                        || (x_below >> l & 1 != 0
                            && flags[k + one_down - one_left] & DOWN_LEFT != 0)
                        || (x_above >> (r + 1) & 1 != 0 && flags[k - one_up + 1] & UP_RIGHT != 0)
                        || (x_above >> l & 1 != 0 && flags[k - one_up - one_left] & UP_LEFT != 0)
                        || (has(l_rows, b + 1) && flags[k + one_down] & DOWN != 0)
                        || (has(l_rows, t) && flags[k - one_up] & UP != 0)
                        || (has(r_columns, r + 1) && flags[k + 1] & RIGHT != 0)
                        || (has(r_columns, l) && flags[k - one_left] & LEFT != 0);
                    let itself = piece || flags[k] & ITSELF != 0;
                    flags[k] = if itself {
                        u16::MAX
                    } else {
                        flags[k + one_down] & (DOWN_RIGHT | DOWN_LEFT | DOWN)
                            | flags[k + 1] & (DOWN_RIGHT | UP_RIGHT | RIGHT)
                            | flags[k - one_up] & (UP_RIGHT | UP_LEFT | UP)
                            | flags[k - one_left] & (DOWN_LEFT | UP_LEFT | LEFT)
                    };
                    let block = Block {
                        top: t,
                        bottom: b,
                        left: l,
                        right: r,
                    };
                    if let Some(inner) = letters.trimmed(block).filter(|_| itself) {
                        flags[at(inner.top, inner.bottom, inner.left, inner.right)] |= ITSELF;
                    }
                }
            }
        }
    }
    // Indexed like `Nimbers`: bounds from 0 to the width, unshifted.
    let mut reachable = Vec::with_capacity((wx + 1) * (wx + 1) * (wy + 1) * (wy + 1));
    for t in 0..=wx {
        for b in 0..=wx {
            for l in 0..=wy {
                let line = &flags[at(t, b, l, 0)..][..=wy];
                reachable.extend(line.iter().map(|&flag| flag & ITSELF != 0));
            }
        }
    }
    reachable
}
