// Every address no route matches: page not found (§2), with status 404.

import { json } from "@remix-run/node";
import { FrameErrorBoundary } from "~/components/page-frame";

export function loader() {
  throw json({ code: 404 }, { status: 404 });
}

export function action() {
  throw json({ code: 404 }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <FrameErrorBoundary options={{ navigation: "none", footer: true, narrow: false }} />;
}
