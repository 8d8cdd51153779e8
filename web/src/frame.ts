/**
 * The iframe page: one `<grundy-game>` filling the frame, configured from
 * the query string (game, position, mode, opponent, first, level, play,
 * controls, values, theme, hints, puzzle, puzzle-theme, quiz).
 */
import './elements/grundy-game';

const params = new URLSearchParams(location.search);
const game = document.createElement('grundy-game');
for (const name of ['game', 'mode', 'opponent', 'first', 'level', 'play', 'controls', 'values', 'theme', 'puzzle', 'puzzle-theme']) {
  const value = params.get(name);
  if (value !== null) game.setAttribute(name, value);
}
game.position = params.get('position') ?? '';
// The frame's own background follows a theme asked for by name.
const theme = params.get('theme');
if (theme === 'light' || theme === 'dark') document.documentElement.style.colorScheme = theme;
for (const flag of ['hints', 'quiz']) if (params.has(flag)) game.setAttribute(flag, '');
document.querySelector('main')!.append(game);

/**
 * Tells the page around the frame how tall the content is, so a snippet's
 * few lines of script can size the iframe to fit. Without that script the
 * iframe keeps the height its snippet gives it.
 */
const reportHeight = () => {
  // The body's own box, not the document's: that is never shorter than the frame.
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  parent.postMessage({ type: 'grundy-frame-height', height, href: location.href }, '*');
};
new ResizeObserver(reportHeight).observe(document.body);
// A browser may not run resize observers in a frame out of view until it is
// scrolled to; the game's own events come all the same, and the height is
// measured at once, so the frame has its size before the reader gets there.
for (const event of ['grundy-change', 'grundy-invalid']) game.addEventListener(event, () => void game.updateComplete.then(reportHeight));
