// A resource route's refusal of a browser navigation is answered with the §2 error screen instead of
// bare text or JSON; a script's fetch keeps its JSON.

import type { LoaderFunctionArgs } from "@remix-run/node";
import { type ErrorScreenData, refusalScreenData } from "~/request/context.server";
import {
  ERROR_SCREEN_HEADER,
  ERROR_SCREEN_PATH,
  type ErrorScreenAnswer,
  errorScreenHeaderValue,
} from "~/request/error-screen-request.server";
import { logError } from "~/telemetry/logger.server";
import {
  type RenderRequest,
  type RouteTable,
  isResourceRoute,
  withRouteModules,
} from "./remix-internals.server";

export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode !== null) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

async function screenOf(refusal: Response): Promise<ErrorScreenAnswer> {
  const status = refusal.status;
  let data: unknown = null;
  if ((refusal.headers.get("Content-Type") ?? "").includes("application/json")) {
    data = await refusal
      .clone()
      .json()
      .catch(() => null);
  }
  if (typeof (data as ErrorScreenData | null)?.code === "number") {
    return { status, data: data as ErrorScreenData };
  }
  return { status, data: refusalScreenData(status) };
}

/** Node's Headers give getSetCookie, Remix's polyfill getAll. */
function setCookiesOf(headers: Headers): string[] {
  if (typeof headers.getSetCookie === "function") return headers.getSetCookie();
  return (headers as Headers & { getAll?(name: string): string[] }).getAll?.("Set-Cookie") ?? [];
}

async function errorPage(
  { request, context }: LoaderFunctionArgs,
  screen: ErrorScreenAnswer,
  render: RenderRequest,
  refusal?: Response,
) {
  const headers = new Headers(request.headers);
  headers.set(ERROR_SCREEN_HEADER, errorScreenHeaderValue(screen));
  const drawn = await render(
    new Request(new URL(ERROR_SCREEN_PATH, request.url), { method: "GET", headers }),
    context,
  );
  const page = new Response(drawn.body, { status: drawn.status, headers: new Headers(drawn.headers) });
  for (const cookie of refusal ? setCookiesOf(refusal.headers) : [])
    page.headers.append("Set-Cookie", cookie);
  return page;
}

const isRefusal = (answer: unknown): answer is Response => answer instanceof Response && answer.status >= 400;

function withErrorScreen<F extends (args: LoaderFunctionArgs) => unknown>(
  route: F,
  render: RenderRequest,
): F {
  const wrapped = async (args: LoaderFunctionArgs) => {
    let answer: unknown;
    try {
      answer = await route(args);
    } catch (thrown) {
      if (!isNavigation(args.request)) throw thrown;
      if (isRefusal(thrown)) return errorPage(args, await screenOf(thrown), render, thrown);
      if (thrown instanceof Response) throw thrown;
      // Remix would answer the text "Unexpected Server Error".
      logError(thrown, "request failed");
      return errorPage(args, { status: 500, data: { code: 500 } }, render);
    }
    if (isRefusal(answer) && isNavigation(args.request)) {
      return errorPage(args, await screenOf(answer), render, answer);
    }
    return answer;
  };
  return wrapped as unknown as F;
}

export function withResourceErrorScreens(routes: RouteTable, render: RenderRequest): RouteTable {
  return withRouteModules(routes, (module) =>
    isResourceRoute(module)
      ? {
          ...module,
          ...(module.loader ? { loader: withErrorScreen(module.loader, render) } : {}),
          ...(module.action ? { action: withErrorScreen(module.action, render) } : {}),
        }
      : module,
  );
}
