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
  values: Uint32Array;
  /** 1 where the value is rare under the sparse space mask. */
  rare: Uint8Array;
  period?: Period;
  ms: number;
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
