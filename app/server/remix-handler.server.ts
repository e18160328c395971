// Remix's Express handler, with the request's context built once and handed to Remix (decision 0039).

import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import type { RequestHandler } from "express";
import { answerWithContext } from "~/request/context.server";

export function remixHandler(build: ServerBuild, mode: string): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      await sendRemixResponse(res, await answerWithContext(request, (ctx) => handle(request, ctx)));
    } catch (error) {
      next(error);
    }
  };
}
