/**
 * The embeddable bundle: one `<script type="module">` defines
 * `<grundy-game>`; the worker and the `.wasm` are found beside this script.
 */
export { GrundyGame } from './elements/grundy-game';
export type { GrundyChangeDetail, GrundyEndDetail, GrundyMoveDetail, Winner } from './elements/grundy-game';
