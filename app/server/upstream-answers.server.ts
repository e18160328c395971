// Every loader and action answers an upstream failure as §8 says, for every route (decision 0039).

import type { LoaderFunctionArgs } from "@remix-run/node";
import { responseForUpstreamError } from "~/request/context.server";
import { type RouteTable, withRouteModules } from "./remix-internals.server";

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

// The page drawn after a post without JavaScript gets a budget of its own (decision 0008, item 6).
function renewingBudget<F extends RouteFunction>(action: F): F {
  const wrapped = async (args: LoaderFunctionArgs) => {
    try {
      return await action(args);
    } finally {
      args.context.client.renewBudget();
    }
  };
  return wrapped as unknown as F;
}

export function withUpstreamAnswers(routes: RouteTable): RouteTable {
  return withRouteModules(routes, (module) => ({
    ...module,
    ...(module.loader ? { loader: answerUpstreamErrors(module.loader) } : {}),
    ...(module.action ? { action: answerUpstreamErrors(renewingBudget(module.action)) } : {}),
  }));
}
