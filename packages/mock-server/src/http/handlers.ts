// The only place that builds MSW handlers for the API. `handlers` is ONE handler for everything under
// `{baseUrl}/api/v1/`, dispatching over the route table compiled once in api.ts: MSW tries every
// handler on every request and recompiles path patterns each time, so one handler with a plain
// prefix test keeps that cost constant. (A prefix predicate also spares MSW's own path decoding,
// which throws on malformed percent-encoding.) `routeHandlers` are the same routes as one MSW handler
// each, for users who prefer them; both end in the same pipeline (api.ts).
import { http, type RequestHandler } from 'msw';
import { type Api, safeDecode } from './api';

export function createApiHandlers(
  api: Api,
  baseUrl: string,
): { handlers: RequestHandler[]; routeHandlers: RequestHandler[] } {
  const root = `${baseUrl}/api/v1`;
  const underApi = ({ request }: { request: Request }) => request.url.startsWith(`${root}/`);
  const answer = async ({ request }: { request: Request }) => api.handle(request);

  const routeHandlers: RequestHandler[] = [
    // MSW's path matching would throw on a malformed escape; such paths go to the pipeline (404).
    http.all(
      ({ request }) => underApi({ request }) && safeDecode(new URL(request.url).pathname) === undefined,
      answer,
    ),
    ...api.routes.map((route) => {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
      return http[method](`${root}/:slug${route.path}`, ({ request, params }) => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(params)) {
          if (typeof value === 'string') flat[name] = value;
        }
        return api.handleMatched(request, flat.slug ?? '', { route, params: flat });
      });
    }),
    // Anything else under /api/v1 still gets 401 / 403 / 404 in the documented order.
    http.all(underApi, answer),
  ];

  return { handlers: [http.all(underApi, answer)], routeHandlers };
}
