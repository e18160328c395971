// §2 Error screen, shared by the root and the layouts' error boundaries.

import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { errorScreenFor } from "~/domain/error-screen";

interface RootData {
  isLoggedIn: boolean;
}

/** What the person can do about a request the app could not use (e.g. a file too large), if said. */
function detailOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data = error.data as { detail?: unknown } | null;
  return typeof data?.detail === "string" ? data.detail : null;
}

/** The code a thrown error should show: the `code` of an error screen response, else its status. */
function codeOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { code?: unknown } | null;
    return typeof data?.code === "number" ? data.code : error.status;
  }
  return undefined;
}

export function ErrorScreen() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const screen = errorScreenFor(codeOf(error), root?.isLoggedIn === true);
  const detail = detailOf(error);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container error-screen" role="alert">
      <h1>{screen.title}</h1>
      <p>{screen.message}</p>
      {detail ? <p data-testid="error-detail">{detail}</p> : null}
      <p>
        <a href={screen.link.href} className="button button-primary">
          {screen.link.label}
        </a>
      </p>
    </div>
  );
}
