// Every loader and action answers an upstream failure as §8 says, for every route (decision 0039).

import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { responseForUpstreamError } from "~/request/context.server";

type RouteFunction = (args: LoaderFunctionArgs) => unknown;

export function answerUpstreamErrors<F extends RouteFunction>(route: F): F {
  const wrapped = async (args: LoaderFunctionArgs) => {
    try {
      return await route(args);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw responseForUpstreamError(error, args.context);
    }
  };
  return wrapped as unknown as F;
}

export function withUpstreamAnswers(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  const wrapped: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(routes)) {
    const { loader, action } = route.module;
    wrapped[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answerUpstreamErrors(loader) } : {}),
        ...(action ? { action: answerUpstreamErrors(action) } : {}),
      },
    };
  }
  return wrapped;
}
