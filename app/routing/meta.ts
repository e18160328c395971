// Page titles: "page | service", the service name being the brand's (from the root loader).

import type { MetaArgs } from "@remix-run/node";

interface RootData {
  brand?: { serviceName?: string };
}

export function serviceNameOf(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  return root?.brand?.serviceName ?? "サキドリ";
}

export function pageTitle(matches: MetaArgs["matches"], page: string): { title: string } {
  return { title: `${page} | ${serviceNameOf(matches)}` };
}
