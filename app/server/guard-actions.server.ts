// Every action checks the origin itself too, in case the build is served without the request gate,
// and refuses a body that is no form, or too long, before its guards call the upstream.

import { isSameOriginWrite } from "~/domain/origin-check";
import { assertFormRequest } from "~/forms/read-form.server";
import { appConfig } from "~/settings/config.server";
import { forbidden } from "~/request/context.server";
import { type RouteTable, withRouteModules } from "./remix-internals.server";

export function assertSameOrigin(request: Request): void {
  const url = new URL(request.url);
  const allowed = isSameOriginWrite(
    {
      method: request.method,
      origin: request.headers.get("Origin"),
      secFetchSite: request.headers.get("Sec-Fetch-Site"),
      referer: request.headers.get("Referer"),
      requestOrigin: url.origin,
    },
    [appConfig().appOrigin],
  );
  if (!allowed) throw forbidden();
}

export function guardActions(routes: RouteTable): RouteTable {
  return withRouteModules(routes, (module) => {
    const { action } = module;
    if (!action) return module;
    return {
      ...module,
      action: (args) => {
        assertSameOrigin(args.request);
        assertFormRequest(args.request);
        return action(args);
      },
    };
  });
}
