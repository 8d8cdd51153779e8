/** Messages between the page and the sequence worker. */

/** A proved period: G(n + period) = G(n) for every n ≥ preperiod. */
export interface Period {
  preperiod: number;
  period: number;
}

/** Why G(n) has its value: its options and their distinct values. */
export interface HeapOptions {
  count: number;
  values: number[];
  shown: { take: number; leaves: number[]; value: number }[];
  value: number;
}

export interface SequenceResult {
  /** G(0), G(1), …: two bytes a value while every value fits, as it does in every code known. */
  values: Uint16Array | Uint32Array;
  /** A bit per n, set where G(n) is rare under the sparse space mask: bit n % 8 of byte n / 8. */
  rare: Uint8Array;
  /** How often each value occurs among them, by increasing value. */
  frequencies: [value: number, times: number][];
  period?: Period;
  ms: number;
}

/** Whether G(n) is rare, read from a result's bits. */
export function isRare(result: SequenceResult, n: number): boolean {
  return ((result.rare[n >> 3] >> (n & 7)) & 1) === 1;
}

export type SequenceRequest =
  /** G(0) … G(count − 1). */
  | { id: number; op: 'compute'; rule: string; count: number }
  /** As far as a period is proved, at most `count` values. */
  | { id: number; op: 'prove'; rule: string; count: number }
  | { id: number; op: 'options'; rule: string; n: number };

export type SequenceReply =
  | { id: number; progress: number; total: number }
  | { id: number; done: SequenceResult }
  | { id: number; options: HeapOptions }
  | { id: number; error: string };
