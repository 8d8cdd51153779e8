/**
 * The iframe page: one `<grundy-game>` filling the frame, configured from
 * the query string (game, position, mode, opponent, first, level, play,
 * controls, values, hints, puzzle).
 */
import './elements/grundy-game';

const params = new URLSearchParams(location.search);
const game = document.createElement('grundy-game');
for (const name of ['game', 'mode', 'opponent', 'first', 'level', 'play', 'controls', 'values']) {
  const value = params.get(name);
  if (value !== null) game.setAttribute(name, value);
}
game.position = params.get('position') ?? '';
if (params.has('hints')) game.setAttribute('hints', '');
if (params.has('puzzle')) game.setAttribute('puzzle', '');
document.querySelector('main')!.append(game);
