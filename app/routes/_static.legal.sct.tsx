// §2 /legal/sct (static layout): 特定商取引法に基づく表記. The money flows the other way from a shop: the operator pays the purchase price and deducts its fee, so the rows say so.
// The text is the operator's file (content/legal/sct.md, decision 0019), in the brand's names.

import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal-document";
import { legalText } from "~/legal/legal-texts.server";
import { brandOf } from "~/request/context.server";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/static-pages.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "特定商取引法に基づく表記")];

export function loader({ request }: LoaderFunctionArgs) {
  return json({ text: legalText("sct", brandOf(request)) });
}

export default function SpecifiedCommercialTransactionsPage() {
  const { text } = useLoaderData<typeof loader>();
  return <LegalDocument text={text} />;
}
