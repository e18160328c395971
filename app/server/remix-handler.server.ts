// Remix's Express handler, with the request's context built once and handed to Remix (decision 0039).

import type { RequestHandler } from "express";
import { answerWithContext } from "~/request/context.server";
import { type AppBuild, fetchRequestOf, requestHandler, sendFetchResponse } from "./remix-internals.server";

export function remixHandler(build: AppBuild, mode: string): RequestHandler {
  const handle = requestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequestOf(req, res);
      await sendFetchResponse(res, await answerWithContext(request, (ctx) => handle(request, ctx)));
    } catch (error) {
      next(error);
    }
  };
}
