// §2 /404: the page-not-found screen, as its own address (with status 404).

import { notFound } from "~/request/context.server";

export function loader() {
  throw notFound();
}

export default function NotFoundPage() {
  return null;
}
