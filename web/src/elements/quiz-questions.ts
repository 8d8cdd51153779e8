import { outcomeOf, type Analysis, type Component } from '../engine/model';

/** What the quiz asks of one position. */
export type Question =
  | { kind: 'outcome' }
  | { kind: 'nimber'; component: Component }
  | { kind: 'total' }
  | { kind: 'move' };

/** The kinds of question, in the order they take turns. */
const KINDS: readonly Question['kind'][] = ['outcome', 'nimber', 'total', 'move'];

/**
 * The question the quiz asks a player as their `number`th (counted for
 * each player, so that two teams each meet every kind) of `analysis`: the
 * kinds take turns, and one that does not fit the position (a part's
 * nimber and the total decide only normal play of games that end; which
 * move wins needs a move that does) gives its turn to the next that does.
 * The parts take turns among the nimber questions.
 */
export function questionFor(analysis: Analysis, number: number): Question | undefined {
  if (analysis.moves.length === 0 || outcomeOf(analysis) === undefined) return undefined;
  const parts = analysis.components;
  const valued = !analysis.misere && !analysis.loopy;
  const fits: Record<Question['kind'], boolean> = {
    outcome: true,
    nimber: valued && parts.length > 1,
    total: valued,
    move: analysis.verdict === 'next',
  };
  const turn = number % KINDS.length;
  const kind = [...KINDS.slice(turn), ...KINDS.slice(0, turn)].find((k) => fits[k])!;
  if (kind === 'nimber') return { kind, component: parts[Math.floor(number / KINDS.length) % parts.length] };
  return { kind } as Question;
}
