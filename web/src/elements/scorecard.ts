import { html, nothing } from 'lit';
import type { MoveJudgement, PlayedMove } from './move-list';

const MARKS: Record<MoveJudgement, string> = {
  kept: '✔ kept the win',
  threw: '✘ threw the win away',
  none: '– no move won there',
};

/**
 * The scorecard of a finished game: each of the players' moves marked as
 * keeping a win, throwing one away, or made where no move wins, and each
 * player's accuracy, the share of their winning chances they kept.
 */
export function renderScorecard(played: PlayedMove[], players: readonly string[]) {
  const rows = played.map((move, ply) => ({ move, ply })).filter(({ move }) => players.includes(move.by));
  if (rows.length === 0) return nothing;
  return html`<section class="scorecard" role="group" aria-label="Scorecard">
    <h3>Scorecard</h3>
    ${players.map((player) => html`<p>${accuracy(player, played.filter((move) => move.by === player))}</p>`)}
    <ol>
      ${rows.map(({ move, ply }) => html`<li value=${ply + 1} class=${move.judged ?? ''}>
        ${players.length > 1 ? `${move.by}: ` : ''}${move.label} <strong>${move.judged ? MARKS[move.judged] : '? who wins there is not known'}</strong>
      </li>`)}
    </ol>
  </section>`;
}

function accuracy(player: string, moves: PlayedMove[]): string {
  const kept = moves.filter((m) => m.judged === 'kept').length;
  const threw = moves.filter((m) => m.judged === 'threw').length;
  if (kept + threw === 0) return `${player}: ${moves.length} move${moves.length === 1 ? '' : 's'}, never with a winning move to find.`;
  const percent = Math.round((100 * kept) / (kept + threw));
  return `${player}: ${percent} % accuracy, ${kept} of ${kept + threw} winning chance${kept + threw === 1 ? '' : 's'} kept.`;
}
