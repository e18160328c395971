// §2 Error screen, shared by the root and the layouts' error boundaries.

import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { errorScreenFor } from "~/domain/error-screen";

interface RootData {
  isLoggedIn: boolean;
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
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container error-screen" role="alert">
      <h1>{screen.title}</h1>
      <p>{screen.message}</p>
      <p>
        <a href={screen.link.href} className="button button-primary">
          {screen.link.label}
        </a>
      </p>
    </div>
  );
}
