// Every address no route matches: page not found (§2), with status 404. Also where the server draws
// the error screen for an address that is no page (app/request/error-screen-request.server.ts).

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FrameErrorBoundary } from "~/components/page-frame";
import { catchAllAnswer } from "~/request/error-screen-request.server";

export function loader({ request }: LoaderFunctionArgs) {
  throw catchAllAnswer(request);
}

export function action({ request }: ActionFunctionArgs) {
  throw catchAllAnswer(request);
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <FrameErrorBoundary options={{ navigation: "none", footer: true, narrow: false }} />;
}
