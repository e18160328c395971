// Every route action checks the request's origin itself too, so no action runs unchecked even if the
// build is served by something other than the app's server with its request gate; and a body that
// is no form, or longer than any page posts, is refused before the action's guards call the upstream.

import { type ServerBuild, json } from "@remix-run/node";
import { isSameOriginWrite } from "~/domain/origin-check";
import { assertFormRequest } from "~/forms/read-form.server";
import { appConfig } from "~/request/config.server";

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
  if (!allowed) throw json({ code: 403 }, { status: 403 });
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
