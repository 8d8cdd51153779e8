/**
 * The embeddable lesson: one `<script type="module">` defines
 * `<grundy-lesson>` and `<grundy-game>`; the workers and the `.wasm` are
 * found beside this script, as for `grundy-game.js`.
 */
export { GrundyLesson } from './grundy-lesson';
export { GrundyGame } from '../elements/grundy-game';
