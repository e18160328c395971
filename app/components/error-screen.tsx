// §2 Error screen, shared by the root and the layouts' error boundaries.

import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { wizardPageOf } from "~/domain/entry-steps";
import { type ErrorScreen as Screen, errorCauseOf, errorScreenFor } from "~/domain/error-screen";
import { ContactDesk } from "./contact-desk";
import { REQUEST_ID_ATTRIBUTE, useRequestId } from "./request-id";

interface RootData {
  isLoggedIn: boolean;
}

/** The §2 screen for what a boundary caught (a thrown answer, else an exception: 500). */
export function errorScreenOf(error: unknown, isLoggedIn: boolean, pathname = "/"): Screen {
  const cause = errorCauseOf(isRouteErrorResponse(error) ? error : null);
  return errorScreenFor(cause.code, isLoggedIn, { ...cause, restartAt: wizardPageOf(pathname) ?? "/" });
}

export function ErrorScreen() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const screen = errorScreenOf(error, root?.isLoggedIn === true, pathname);
  const documentRequestId = useRequestId();
  // The failed data request's own id (a page changed in the browser), else the document's.
  const requestId = errorCauseOf(isRouteErrorResponse(error) ? error : null).requestId ?? documentRequestId;
  // The server has logged it already (entry.server's handleError); the browser's console shows it here.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <div className="container error-screen" role="alert">
      <h1>{screen.title}</h1>
      <p>{screen.message}</p>
      {requestId ? (
        <>
          <p className="request-id">
            お問い合わせ番号: <span {...{ [REQUEST_ID_ATTRIBUTE]: "" }}>{requestId}</span>
          </p>
          <p>
            解決しない場合は、この番号を添えて
            <ContactDesk />
            までお問い合わせください。
          </p>
        </>
      ) : null}
      <p>
        <a href={screen.link.href} className="button button-primary">
          {screen.link.label}
        </a>
      </p>
    </div>
  );
}
