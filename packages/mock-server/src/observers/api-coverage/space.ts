// The space coverage counts against (mock README, "Coverage"), derived, never listed by hand: every
// documented answer of every operation of openapi.yaml (src/generated/contract-space.ts, written from
// it), every move of the state machine's table plus the DELETE cancellations (domain/state-machine.ts),
// and every webhook event of openapi.yaml. A new operation, code, transition or event is in the report
// as soon as it is in the contract or the table.
import { DELETE_TARGET, TRANSITIONS } from '../../domain/state-machine';
import { CONTRACT_OPERATIONS, CONTRACT_WEBHOOK_EVENTS } from '../../generated/contract-space';

export type CoverageKind = 'answer' | 'transition' | 'event';

export interface SpaceItem {
  kind: CoverageKind;
  id: string;
}

/** What the space is derived from: the contract's operations and events, the state machine's table. */
export interface CoverageSources {
  operations: readonly {
    operationId: string;
    method: string;
    path: string;
    answers: readonly { status: string; code: string | null }[];
  }[];
  /** from → to → anything (the table's history action): a listed pair is a transition. */
  transitions: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Where DELETE moves a reservation: each state the table lets reach it is a DELETE cancellation. */
  deleteTarget: string;
  events: readonly string[];
}

export const answerId = (operationId: string, status: string, code: string | null): string =>
  `${operationId} ${status}${code ? ` ${code}` : ''}`;
export const transitionId = (from: string, to: string, byDelete: boolean): string =>
  `${from} -> ${to}${byDelete ? ' (DELETE)' : ''}`;

export interface CoverageSpace {
  items: readonly SpaceItem[];
  /** The operation a request went to, by method and path, when the pipeline named none (refused first). */
  operationOf(method: string, path: string): string | null;
  /** The item of an answer: its status's own response, else the operation's `default`; undefined when undocumented. */
  answerItem(operationId: string, status: number, code: string | null): string | undefined;
  has(id: string): boolean;
}

export function coverageSpace(sources: CoverageSources): CoverageSpace {
  const items: SpaceItem[] = [];
  // Operation → documented status (`200`, `default`) → code (null for none) → the answer's item id:
  // looked up with the strings the pipeline already holds, so counting an answer builds no id string
  // (BENCHMARKS.md, "HTTP: the per-request work").
  const answers = new Map<string, Map<string, Map<string | null, string>>>();
  const routes: { method: string; pattern: RegExp; operationId: string }[] = [];
  for (const op of sources.operations) {
    const byStatus = new Map<string, Map<string | null, string>>();
    answers.set(op.operationId, byStatus);
    for (const a of op.answers) {
      const id = answerId(op.operationId, a.status, a.code);
      items.push({ kind: 'answer', id });
      const byCode = byStatus.get(a.status) ?? new Map<string | null, string>();
      byCode.set(a.code, id);
      byStatus.set(a.status, byCode);
    }
    const template = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    // Whole path, anchored at both ends: `/api/v1/x/api/v1/demo-bistro/info` is no operation.
    routes.push({ method: op.method, pattern: new RegExp(`^${template}$`), operationId: op.operationId });
  }
  for (const [from, targets] of Object.entries(sources.transitions))
    for (const to of Object.keys(targets))
      items.push({ kind: 'transition', id: transitionId(from, to, false) });
  for (const [from, targets] of Object.entries(sources.transitions))
    if (sources.deleteTarget in targets)
      items.push({ kind: 'transition', id: transitionId(from, sources.deleteTarget, true) });
  for (const event of sources.events) items.push({ kind: 'event', id: event });
  const ids = new Set(items.map((item) => item.id));

  return {
    items: Object.freeze(items.map((item) => Object.freeze(item))),
    has: (id) => ids.has(id),
    operationOf(method, path) {
      for (const route of routes)
        if (route.method === method && route.pattern.test(path)) return route.operationId;
      return null;
    },
    answerItem(operationId, status, code) {
      const own = answers.get(operationId);
      if (!own) return undefined;
      // An empty code is no code, as in answerId().
      return (own.get(String(status)) ?? own.get('default'))?.get(code || null);
    },
  };
}

/**
 * The space of `sources`, built once per sources object and shared by every mock: a space never
 * changes (frozen items, tables closed over), so sharing it leaks nothing between mocks (mock
 * README, "What is shared between mocks"); building it took about a tenth of a fresh mock's time.
 */
const spaces = new WeakMap<CoverageSources, CoverageSpace>();
export function sharedCoverageSpace(sources: CoverageSources): CoverageSpace {
  let space = spaces.get(sources);
  if (space === undefined) {
    space = coverageSpace(sources);
    spaces.set(sources, space);
  }
  return space;
}

/** The space of this package: openapi.yaml as generated, the state machine's table. */
export const contractCoverageSources: CoverageSources = {
  operations: CONTRACT_OPERATIONS,
  transitions: TRANSITIONS,
  deleteTarget: DELETE_TARGET,
  events: CONTRACT_WEBHOOK_EVENTS,
};
