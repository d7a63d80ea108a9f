// Coverage (mock README, "Coverage"): what one world's traffic exercised of the space the contract
// defines (./space.ts). A pure observer: it takes each API request's outcome and each change of a
// webhook delivery as plain inputs and counts; it reads nothing else and changes nothing, so the mock
// wires it to whatever publishes those (mock.ts). Answers count by operation, status and code;
// transitions by the state machine's moves in an outcome; events by each attempt the delivery's own
// receiver acknowledged with a 2xx. Refused requests (400 VALIDATION_ERROR, 415) are grouped by operation, field and message.

import type { ApiOutcome } from '../outcome';
import type { Delivery } from '../webhooks';
import { type CoverageKind, type CoverageSpace, transitionId } from './space';

export interface CoverageItem {
  kind: CoverageKind;
  id: string;
  count: number;
}

/** Requests the contract refused, grouped: `createReservation`, `date`, `is not a calendar date`, 3. */
export interface RefusedGroup {
  operationId: string | null;
  status: number;
  code: string;
  /** The field a VALIDATION_ERROR detail names; null for a 415 (or a detail without one). */
  field: string | null;
  message: string;
  count: number;
}

/** GET /__mock/coverage, control.coverage(). */
export interface CoverageReport {
  success: true;
  summary: { covered: number; total: number };
  /** Every item of the space, the uncovered ones with count 0. */
  items: CoverageItem[];
  refused: RefusedGroup[];
  /**
   * Item id → the ids of the last requests (`req_…`) or deliveries (`whd_…`) that covered it (at
   * most EVIDENCE_KEPT each, oldest first), for a look at them in the journal or the delivery log.
   */
  evidence: Record<string, string[]>;
}

/** What the counter reads of an outcome. */
export type CoverageOutcome = Pick<ApiOutcome, 'id' | 'operationId' | 'error' | 'transitions' | 'rule'> & {
  request: Pick<ApiOutcome['request'], 'method' | 'path'>;
  answer: ApiOutcome['answer'];
};

/** What the counter reads of a delivery's change. */
export type CoverageDelivery = Pick<Delivery, 'id' | 'event' | 'url'> & {
  attempts: readonly Pick<Delivery['attempts'][number], 'responseStatus' | 'url'>[];
};

export interface CoverageCounter {
  observeOutcome(outcome: CoverageOutcome): void;
  observeDelivery(delivery: CoverageDelivery): void;
  report(): CoverageReport;
  /** Starts over (a reset of the world); a clear of the journal does not call it. */
  reset(): void;
}

/** Requests or deliveries named per covered item in `evidence`. */
export const EVIDENCE_KEPT = 5;
/** Distinct refusal groups kept: a client sending endless distinct values does not grow the report past it. */
const REFUSED_GROUPS_KEPT = 500;

/** The `details` of a VALIDATION_ERROR body: `[{ field, message }]`. */
function details(body: string): { field: string | null; message: string }[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const list =
      typeof parsed === 'object' && parsed !== null ? (parsed as { details?: unknown }).details : null;
    if (!Array.isArray(list)) return [];
    return list.flatMap((d: unknown) => {
      if (typeof d !== 'object' || d === null) return [];
      const { field, message } = d as { field?: unknown; message?: unknown };
      return typeof message === 'string'
        ? [{ field: typeof field === 'string' ? field : null, message }]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * `basePath`: the path of the mock's base URL (`/prefix` of `http://host/prefix`), which the paths
 * of its outcomes start with; '' when they are relative to it already (a session's).
 */
export function createCoverageCounter(space: CoverageSpace, basePath = ''): CoverageCounter {
  let counts = new Map<string, number>();
  let evidence = new Map<string, string[]>();
  let refused = new Map<string, RefusedGroup>();
  /** Delivery id → how many of its attempts were counted already (a delivery is heard on every change). */
  let attemptsSeen = new Map<string, number>();

  const count = (id: string | undefined, by: string) => {
    if (id === undefined || !space.has(id)) return;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    let kept = evidence.get(id);
    if (kept === undefined) {
      kept = [];
      evidence.set(id, kept);
    }
    // Each request or delivery named once, as its latest (a redelivery acknowledged again counts
    // again, but is the same delivery).
    const known = kept.indexOf(by);
    if (known !== -1) kept.splice(known, 1);
    kept.push(by);
    if (kept.length > EVIDENCE_KEPT) kept.shift();
  };

  const refuse = (group: Omit<RefusedGroup, 'count'>) => {
    const key = JSON.stringify([group.operationId, group.status, group.code, group.field, group.message]);
    const known = refused.get(key);
    if (known) known.count += 1;
    else if (refused.size < REFUSED_GROUPS_KEPT) refused.set(key, { ...group, count: 1 });
  };

  return {
    observeOutcome(outcome) {
      const { method, path } = outcome.request;
      // A request answered before its route was known (a 401) is matched by its path below the base.
      const operationId =
        outcome.operationId ??
        (path.startsWith(basePath) ? space.operationOf(method, path.slice(basePath.length)) : null);
      const code = outcome.error?.code ?? null;
      const status = outcome.answer.status;
      // An answer a fault made (mock README, "Coverage"): its 429 or 5xx covers that item, since a
      // fault is the only way to reach one; a 4xx it made is no check of the API's rules, so it
      // covers nothing and is no refusal of the contract.
      if (outcome.rule.startsWith('fault ')) {
        if (operationId && (status === 429 || status >= 500))
          count(space.answerItem(operationId, status, code), outcome.id);
        return;
      }
      if (operationId) count(space.answerItem(operationId, status, code), outcome.id);
      for (const { from, to } of outcome.transitions)
        count(transitionId(from, to, method === 'DELETE'), outcome.id);
      if (status === 400 && code === 'VALIDATION_ERROR') {
        const found = details(outcome.answer.body);
        if (found.length === 0) found.push({ field: null, message: outcome.error?.message ?? '' });
        for (const { field, message } of found) refuse({ operationId, status, code, field, message });
      } else if (status === 415) {
        refuse({ operationId, status, code: code ?? '', field: null, message: outcome.error?.message ?? '' });
      }
    },
    observeDelivery(delivery) {
      const seen = attemptsSeen.get(delivery.id) ?? 0;
      for (const attempt of delivery.attempts.slice(seen)) {
        const status = attempt.responseStatus;
        // Only the delivery's own receiver: a copy redelivered to another URL settles nothing (mock
        // README, "Redeliver"), so its 2xx acknowledges no event either.
        if (attempt.url === delivery.url && status !== undefined && status >= 200 && status < 300)
          count(delivery.event, delivery.id);
      }
      attemptsSeen.set(delivery.id, Math.max(seen, delivery.attempts.length));
    },
    report() {
      const items = space.items.map(({ kind, id }) => ({ kind, id, count: counts.get(id) ?? 0 }));
      return {
        success: true,
        summary: { covered: items.filter((item) => item.count > 0).length, total: items.length },
        items,
        refused: [...refused.values()].map((group) => ({ ...group })),
        evidence: Object.fromEntries([...evidence].map(([id, ids]) => [id, [...ids]])),
      };
    },
    reset() {
      counts = new Map();
      evidence = new Map();
      refused = new Map();
      attemptsSeen = new Map();
    },
  };
}
