// Every action checks the origin itself too, in case the build is served without the request gate,
// and refuses a body that is no form, or too long, before its guards call the upstream.

import type { ServerBuild } from "@remix-run/node";
import { isSameOriginWrite } from "~/domain/origin-check";
import { assertFormRequest } from "~/forms/read-form.server";
import { appConfig } from "~/settings/config.server";
import { forbidden } from "~/request/context.server";

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

export function guardActions(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  const guarded: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(routes)) {
    const action = route.module.action;
    guarded[id] = action
      ? {
          ...route,
          module: {
            ...route.module,
            action: (args) => {
              assertSameOrigin(args.request);
              assertFormRequest(args.request);
              return action(args);
            },
          },
        }
      : route;
  }
  return guarded;
}
