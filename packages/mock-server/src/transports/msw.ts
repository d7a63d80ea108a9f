// MSW request handlers over a mock core, and createMockService() (the core with them). Only
// transports/ imports msw: this file and msw-browser.ts (the import rule in .dependency-cruiser.cjs).
// One handler for each of `{baseUrl}/api/v1/*` and `{baseUrl}/__mock/*`, matched by a URL prefix (MSW tries every handler on
// every request; a prefix test keeps that cheap, and spares MSW's path decoding, which throws on a
// malformed percent-escape). Both end in the core's one pipeline.
//
// The prefix is a RegExp without groups: every msw release of the peer range (2.10 through 3.x) takes
// a RegExp path and matches it against the URL without its query, decoding nothing. (A predicate
// function needs msw 2.11; 2.10 reads it as a path and throws `path.endsWith is not a function`.)
import { HttpResponse, http, type RequestHandler } from 'msw';
import { createMockCore, MOCK_OPTION_NAMES, type MockCore, type MockServiceOptions } from '../mock';
import type { MockAnswer } from '../pipeline/exchange';
import { ConnectionDroppedError, toFetchResponse } from '../pipeline/fetch-exchange';
import { closedAnswer, sessionNotFoundAnswer } from '../pipeline/responses';
import { checkOptionNames } from '../runtime/option-names';

export interface MswHandlers {
  /** The API, under `{baseUrl}/api/v1/`. */
  handlers: RequestHandler[];
  /** The control interface, under `{baseUrl}/__mock/`. */
  controlHandlers: RequestHandler[];
}

/** A RegExp matching every URL that starts with `prefix`. */
export function prefixPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
}

export function createMswHandlers(core: MockCore): MswHandlers {
  return new LazyHandlers(core, { core, ended: closedAnswer });
}

/**
 * What a mock's handlers answer through. The mock's close() empties it: msw keeps an object per
 * request that reaches the handler (its resolver's arguments, an object with a getter) through
 * young-generation collections, so a handler holding the core kept the whole closed world alive
 * until a full collection, about 75 KB copied per test of a fresh mock (BENCHMARKS.md, "In
 * process"). A closed mock refuses every request (mock README, "Ending a world"): with the link
 * empty, the handler answers that refusal itself.
 */
interface CoreLink {
  core: MockCore | null;
  ended: () => MockAnswer;
}

function handlerFor(link: CoreLink, prefix: string, control: boolean): RequestHandler {
  return http.all(prefixPattern(prefix), async ({ request }) => {
    const { core } = link;
    if (core === null) return toFetchResponse(link.ended());
    try {
      return await core.fetch(request, { control });
    } catch (error) {
      // A `connection: "reset"` fault: MSW's network error, what fetch sees when a socket drops.
      if (error instanceof ConnectionDroppedError) return HttpResponse.error();
      throw error;
    }
  });
}

// The classes below keep their accessors on a prototype: V8 keeps an object literal with a getter,
// and all it reaches (here the whole mock), through young-generation collections until a full one,
// which made every fresh mock cost more in garbage collection than in its own work (BENCHMARKS.md,
// "In process").

/**
 * Each list is made when first read, then kept: msw records where a handler was declared from a
 * stack trace (tens of µs with source maps on), which a fresh mock per test would pay for both
 * lists while most tests never read controlHandlers (BENCHMARKS.md, "In process").
 */
class LazyHandlers implements MswHandlers {
  readonly #baseUrl: string;
  readonly #link: CoreLink;
  #handlers: RequestHandler[] | undefined;
  #controlHandlers: RequestHandler[] | undefined;

  constructor(core: MockCore, link: CoreLink) {
    this.#baseUrl = core.baseUrl;
    this.#link = link;
  }

  get handlers(): RequestHandler[] {
    this.#handlers ??= [handlerFor(this.#link, `${this.#baseUrl}/api/v1/`, false)];
    return this.#handlers;
  }

  get controlHandlers(): RequestHandler[] {
    this.#controlHandlers ??= [handlerFor(this.#link, `${this.#baseUrl}/__mock`, true)];
    return this.#controlHandlers;
  }
}

/** A mock with MSW handlers for its API (`handlers`) and its control routes (`controlHandlers`). */
export interface MockService extends MockCore, MswHandlers {}

/**
 * The core's members, each named (a spread would read `ended` at once, making the world's
 * AbortController for every mock), and the handler lists read through, so each is still made on
 * first read.
 */
class Service extends LazyHandlers implements MockService {
  readonly baseUrl: string;
  readonly control: MockCore['control'];
  readonly outcomes: MockCore['outcomes'];
  readonly reset: MockCore['reset'];
  readonly handle: MockCore['handle'];
  readonly fetch: MockCore['fetch'];
  readonly requestId: MockCore['requestId'];
  readonly close: MockCore['close'];
  readonly #core: MockCore;

  constructor(core: MockCore) {
    const link: CoreLink = { core, ended: closedAnswer };
    super(core, link);
    this.#core = core;
    this.baseUrl = core.baseUrl;
    this.control = core.control;
    this.outcomes = core.outcomes;
    this.reset = core.reset;
    this.handle = core.handle;
    this.fetch = core.fetch;
    this.requestId = core.requestId;
    this.close = closeLinked(core, link);
  }

  get ended(): AbortSignal {
    return this.#core.ended;
  }
}

/**
 * close() of a mock whose handlers go through `link`: they let go of the world at once (see
 * CoreLink), answering as it would now. Made here, not in the constructor: V8 keeps a closure made in
 * a class constructor, with what it reaches, through young-generation collections (measured on
 * Node 20, as for getters above).
 */
function closeLinked(core: MockCore, link: CoreLink): MockCore['close'] {
  return (options) => {
    link.core = null;
    if (options?.reason === 'session') link.ended = sessionNotFoundAnswer;
    return core.close(options);
  };
}

export function createMockService(options: MockServiceOptions = {}): MockService {
  checkOptionNames('createMockService', options, MOCK_OPTION_NAMES);
  return new Service(createMockCore(options));
}
