// §2 /terms (plain layout): the terms of use of the purchase of receivables from businesses.
// The text is the operator's file (content/legal/terms.md, decision 0019), in the brand's names.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal-document";
import { legalText } from "~/legal/legal-texts.server";
import { brandOf } from "~/request/context.server";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "利用規約")];

export function loader({ request }: LoaderFunctionArgs) {
  return json({ text: legalText("terms", brandOf(request)) });
}

export default function TermsPage() {
  const { text } = useLoaderData<typeof loader>();
  return <LegalDocument text={text} />;
}
