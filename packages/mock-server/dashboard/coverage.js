// @ts-check
// The Coverage panel (GET /__mock/coverage): covered and total items per kind, the items not covered
// yet, the covered ones with links to the requests (journal) and deliveries that covered them, and the
// requests the contract refused, grouped. Read again after new requests and deliveries, at most once
// per COVERAGE_RELOAD_MS.
import { showDelivery } from './deliveries.js';
import { api, byId, h, showError, throttle } from './dom.js';
import { plural } from './format.js';
import { openRequest } from './requests.js';

/** @typedef {import('../src/public').CoverageReport} CoverageReport */
/** @typedef {import('../src/public').CoverageItem} CoverageItem */

const COVERAGE_RELOAD_MS = 500;

/** @type {Record<CoverageItem['kind'], string>} */
const KIND_TITLES = { answer: 'Answers', transition: 'Transitions', event: 'Events acknowledged' };

/**
 * A request (`req_…`) opens in the detail panel; a delivery (`whd_…`) is shown in its list.
 * @param {string} id
 */
function evidenceLink(id) {
  return h(
    'button',
    {
      type: 'button',
      class: 'chip',
      'aria-label': `Show ${id}`,
      onclick: () => (id.startsWith('whd_') ? showDelivery(id) : void openRequest(id).catch(showError)),
    },
    id,
  );
}

/**
 * @param {CoverageItem} item
 * @param {string[]} evidence
 */
function itemRow(item, evidence) {
  return h(
    'li',
    { 'data-kind': item.kind, 'data-id': item.id, 'data-count': item.count },
    h('span', { class: `cov-kind k-${item.kind}` }, item.kind),
    h('code', { class: 'cov-id' }, item.id),
    item.count > 0 ? h('span', { class: 'cov-count' }, `× ${item.count}`) : null,
    evidence.length ? h('span', { class: 'cov-evidence' }, evidence.map(evidenceLink)) : null,
  );
}

/** @param {CoverageReport} report */
function renderCoverage(report) {
  const { covered, total } = report.summary;
  byId('coverage-count').textContent = `${covered}/${total}`;
  /** @type {Record<string, { covered: number, total: number }>} */
  const kinds = {};
  for (const item of report.items) {
    const kind = kinds[item.kind] ?? { covered: 0, total: 0 };
    kinds[item.kind] = kind;
    kind.total += 1;
    if (item.count > 0) kind.covered += 1;
  }
  byId('coverage-kinds').replaceChildren(
    ...Object.entries(kinds).map(([kind, k]) =>
      h(
        'tr',
        null,
        h('th', { scope: 'row' }, KIND_TITLES[/** @type {CoverageItem['kind']} */ (kind)] ?? kind),
        h('td', null, `${k.covered}/${k.total}`),
      ),
    ),
  );
  const evidence = report.evidence ?? {};
  byId('coverage-uncovered').replaceChildren(
    ...report.items.filter((item) => item.count === 0).map((item) => itemRow(item, [])),
  );
  byId('coverage-covered').replaceChildren(
    ...report.items.filter((item) => item.count > 0).map((item) => itemRow(item, evidence[item.id] ?? [])),
  );
  byId('coverage-refused').replaceChildren(
    ...report.refused.map((group) =>
      h(
        'li',
        null,
        h('code', null, group.operationId ?? '(unknown operation)'),
        ': ',
        group.field === null ? null : [h('code', null, group.field), ' '],
        group.message,
        `, ${plural(group.count, 'time')}`,
      ),
    ),
  );
  byId('coverage-refused-empty').hidden = report.refused.length > 0;
}

export async function loadCoverage() {
  /** @type {CoverageReport} */
  const report = await api('coverage');
  renderCoverage(report);
}

/** For the stream's requests and deliveries, which may come without a pause. */
export const followCoverage = throttle(() => loadCoverage().catch(showError), COVERAGE_RELOAD_MS);
