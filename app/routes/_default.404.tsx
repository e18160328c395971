// §2 /404: the page-not-found screen, as its own address (with status 404).

import { json } from "@remix-run/node";

export function loader() {
  throw json({ code: 404 }, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}
